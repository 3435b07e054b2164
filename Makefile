# Builds and installs assoc: the executable, its man pages and its shell completions.
#
#   make                      release build (a static executable: docs/performance.md says why);
#                             `make release` too, and `make build`, its older name
#   make release-requirements whether this machine has what the release build's static link needs,
#                             and the Debian packages to install when not (the release build asks first)
#   make print-build-flags    the `swift build` flags of the release build
#   make print-portal-build-flags   those of assoc-portal, the services' executable
#   make install              into PREFIX (default /usr/local); DESTDIR for staging
#   make uninstall            removes what install put there
#   make check                the whole test suite, as CI runs it: formatting, the release build,
#                             every fuzz target built, the example package built, the tests
#   make fuzz-build           every libFuzzer target of Fuzz/ built for fuzzing (not run)
#   make fuzz-build-check     the same, unoptimised, as `make check` builds them to see that they compile
#   make examples             the example package of Examples/ built against the libraries
#   make install-xdg-utils    links xdg-open, xdg-mime, xdg-settings to assoc in LIBEXECDIR/assoc/xdg-utils
#                             (XDG_UTILS_LINK_DIR=DIR: in DIR instead); never replaces a file that is not its link
#   make uninstall-xdg-utils  removes those links, and only those
#   make install DESTDIR=/tmp/stage PREFIX=/usr
#
# The portal service, assoc-portal (run by `assoc portal`), links libsystemd's sd-bus, which
# Debian ships only as a shared library: it is built apart, with the Swift runtime linked in
# (-static-stdlib) in its own scratch path, and installed in LIBEXECDIR/assoc, where
# `assoc portal` looks (BINDIR/../libexec/assoc), with the portal's declaration, the D-Bus
# activation file and the systemd user unit. `assoc watch` runs in it too: its systemd user unit
# (assoc-watch.service) and XDG autostart entry (assoc-watch.desktop) are installed beside.
#
# The directory variables follow the GNU conventions; the completion directories are the ones
# bash-completion, zsh and fish read for packages (vendor directories).

PREFIX ?= /usr/local
EXEC_PREFIX ?= $(PREFIX)
BINDIR ?= $(EXEC_PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
LIBEXECDIR ?= $(EXEC_PREFIX)/libexec
MANDIR ?= $(DATAROOTDIR)/man
MAN1DIR ?= $(MANDIR)/man1
MAN5DIR ?= $(MANDIR)/man5
BASH_COMPLETIONS_DIR ?= $(DATAROOTDIR)/bash-completion/completions
ZSH_COMPLETIONS_DIR ?= $(DATAROOTDIR)/zsh/vendor-completions
FISH_COMPLETIONS_DIR ?= $(DATAROOTDIR)/fish/vendor_completions.d
PORTALS_DIR ?= $(DATAROOTDIR)/xdg-desktop-portal/portals
DBUS_SERVICES_DIR ?= $(DATAROOTDIR)/dbus-1/services
SYSTEMD_USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
SYSCONFDIR ?= $(PREFIX)/etc
# The XDG autostart directory ($XDG_CONFIG_DIRS/autostart): sessions read /etc/xdg/autostart, so with
# PREFIX=/usr/local give AUTOSTART_DIR=/etc/xdg/autostart for the entry to be seen.
AUTOSTART_DIR ?= $(SYSCONFDIR)/xdg/autostart

SWIFT ?= swift
# A static executable: the Swift runtime, libxml2 and what libxml2 links (ICU, zlib, liblzma),
# and ncursesw's terminfo library (libtinfo) for the screens,
# all linked in, so that nothing is left for the dynamic loader when assoc starts.
# The metadata of generic types used with concrete arguments (arrays, dictionaries, optionals of
# assoc's own types) is asked for through its accessor, with the conformances it needs passed in,
# instead of by mangled name, which the runtime demangles and then checks by scanning every
# conformance record of the executable, a large part of a short query otherwise.
# Each function is compiled into a section of its own, and the linker (gold, named so that its
# option is the one meant) lays out together, in order, the ones the common queries run
# (Release/text-order.txt, written by Release/text-order.sh), so that a one-file query's code
# lies in fewer pages, each of which costs a page fault. docs/performance.md has the measurements.
TEXT_ORDER ?= $(CURDIR)/Release/text-order.txt
# The C libraries linked in, with what each links in turn, as their own pkg-config files give them
# (`pkg-config --static --libs`): Release/static-libraries.sh, which also checks before a release
# build that gold and each library's .a file are here, and says which packages to install if not.
STATIC_LIBRARIES_SCRIPT := $(CURDIR)/Release/static-libraries.sh
RELEASE_LIBRARIES ?= $(shell bash $(STATIC_LIBRARIES_SCRIPT) flags)
SWIFT_BUILD_FLAGS ?= -c release --product assoc -Xswiftc -static-executable \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=gold \
	-Xlinker --section-ordering-file=$(TEXT_ORDER) \
	$(addprefix -Xlinker ,$(RELEASE_LIBRARIES))
# An executable built already (the tests install the one they built); empty: build it here.
ASSOC_BINARY ?=
# assoc-portal, the services' executable, links the Swift runtime in. It is built for size
# (-Osize) and its functions are laid out as assoc's are, the ones the watcher runs first and
# together (Release/portal-text-order.txt, written by Release/text-order.sh): the watcher lives
# for the whole session, and its resident code is then closer to the pages it runs than to most
# of the executable; its services answer D-Bus requests and inotify events, where the difference
# in speed is not felt (Benchmarks/README.md has the figures).
PORTAL_TEXT_ORDER ?= $(CURDIR)/Release/portal-text-order.txt
PORTAL_BUILD_FLAGS ?= -c release -Xswiftc -Osize -Xswiftc -static-stdlib --scratch-path .build/portal --product assoc-portal \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=gold \
	-Xlinker --section-ordering-file=$(PORTAL_TEXT_ORDER)
ASSOC_PORTAL_BINARY ?=
# assoc's xdg-open, xdg-mime and xdg-settings: links to TARGET in DIR (Release/xdg-utils-links.sh).
XDG_UTILS_OWN_DIR := $(LIBEXECDIR)/assoc/xdg-utils
XDG_UTILS_LINK_DIR ?= $(XDG_UTILS_OWN_DIR)
XDG_UTILS_LINK_TARGET ?= $(BINDIR)/assoc
XDG_UTILS_LINKS := sh $(CURDIR)/Release/xdg-utils-links.sh
INSTALL ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA ?= $(INSTALL) -m 644

MAN_PAGES := $(wildcard man/*.1)
MAN5_PAGES := $(wildcard man/*.5)
BASH_COMPLETION := data/completions/assoc.bash
ZSH_COMPLETION := data/completions/_assoc
FISH_COMPLETION := data/completions/assoc.fish
PORTAL_SERVICE := org.freedesktop.impl.portal.desktop.assoc.service

# The example packages, each built against the libraries by `make examples`.
EXAMPLES := Examples/assoc-example

.PHONY: all build release release-requirements install uninstall install-xdg-utils uninstall-xdg-utils check lint fuzz-build fuzz-build-check \
	examples print-build-flags print-portal-build-flags

all: release

release build: release-requirements
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

release-requirements:
	@bash $(STATIC_LIBRARIES_SCRIPT) check $(RELEASE_LIBRARIES)

print-build-flags:
	@echo $(SWIFT_BUILD_FLAGS)

print-portal-build-flags:
	@echo $(PORTAL_BUILD_FLAGS)

install:
	binary="$(ASSOC_BINARY)"; \
	if [ -z "$$binary" ]; then \
		bash $(STATIC_LIBRARIES_SCRIPT) check $(RELEASE_LIBRARIES) && $(SWIFT) build $(SWIFT_BUILD_FLAGS) && \
			binary="$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/assoc"; \
	fi && \
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MAN1DIR)" && \
	$(INSTALL_PROGRAM) "$$binary" "$(DESTDIR)$(BINDIR)/assoc"
	portal="$(ASSOC_PORTAL_BINARY)"; \
	if [ -z "$$portal" ]; then \
		$(SWIFT) build $(PORTAL_BUILD_FLAGS) && portal="$$($(SWIFT) build $(PORTAL_BUILD_FLAGS) --show-bin-path)/assoc-portal"; \
	fi && \
	$(INSTALL) -d "$(DESTDIR)$(LIBEXECDIR)/assoc" "$(DESTDIR)$(PORTALS_DIR)" "$(DESTDIR)$(DBUS_SERVICES_DIR)" \
		"$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)" "$(DESTDIR)$(AUTOSTART_DIR)" && \
	$(INSTALL_PROGRAM) "$$portal" "$(DESTDIR)$(LIBEXECDIR)/assoc/assoc-portal"
	$(INSTALL_DATA) data/portal/assoc.portal "$(DESTDIR)$(PORTALS_DIR)/assoc.portal"
	sed 's|@BINDIR@|$(BINDIR)|g' data/portal/$(PORTAL_SERVICE).in > "$(DESTDIR)$(DBUS_SERVICES_DIR)/$(PORTAL_SERVICE)"
	sed 's|@BINDIR@|$(BINDIR)|g' data/portal/assoc-portal.service.in > "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/assoc-portal.service"
	sed 's|@BINDIR@|$(BINDIR)|g' data/systemd/assoc-watch.service.in > "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/assoc-watch.service"
	sed 's|@BINDIR@|$(BINDIR)|g' data/autostart/assoc-watch.desktop.in > "$(DESTDIR)$(AUTOSTART_DIR)/assoc-watch.desktop"
	chmod 644 "$(DESTDIR)$(DBUS_SERVICES_DIR)/$(PORTAL_SERVICE)" "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/assoc-portal.service" \
		"$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/assoc-watch.service" "$(DESTDIR)$(AUTOSTART_DIR)/assoc-watch.desktop"
	$(INSTALL_DATA) $(MAN_PAGES) "$(DESTDIR)$(MAN1DIR)/"
	$(INSTALL) -d "$(DESTDIR)$(MAN5DIR)"
	$(INSTALL_DATA) $(MAN5_PAGES) "$(DESTDIR)$(MAN5DIR)/"
	if [ -f "$(BASH_COMPLETION)" ]; then \
		$(INSTALL) -d "$(DESTDIR)$(BASH_COMPLETIONS_DIR)" && \
		$(INSTALL_DATA) "$(BASH_COMPLETION)" "$(DESTDIR)$(BASH_COMPLETIONS_DIR)/assoc"; fi
	if [ -f "$(ZSH_COMPLETION)" ]; then \
		$(INSTALL) -d "$(DESTDIR)$(ZSH_COMPLETIONS_DIR)" && \
		$(INSTALL_DATA) "$(ZSH_COMPLETION)" "$(DESTDIR)$(ZSH_COMPLETIONS_DIR)/_assoc"; fi
	if [ -f "$(FISH_COMPLETION)" ]; then \
		$(INSTALL) -d "$(DESTDIR)$(FISH_COMPLETIONS_DIR)" && \
		$(INSTALL_DATA) "$(FISH_COMPLETION)" "$(DESTDIR)$(FISH_COMPLETIONS_DIR)/assoc.fish"; fi

uninstall:
	$(XDG_UTILS_LINKS) uninstall "$(DESTDIR)$(XDG_UTILS_OWN_DIR)" "$(XDG_UTILS_LINK_TARGET)" own-directory
	rm -f "$(DESTDIR)$(BINDIR)/assoc" "$(DESTDIR)$(LIBEXECDIR)/assoc/assoc-portal" "$(DESTDIR)$(PORTALS_DIR)/assoc.portal" \
		"$(DESTDIR)$(DBUS_SERVICES_DIR)/$(PORTAL_SERVICE)" "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/assoc-portal.service" \
		"$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/assoc-watch.service" "$(DESTDIR)$(AUTOSTART_DIR)/assoc-watch.desktop"
	-rmdir "$(DESTDIR)$(LIBEXECDIR)/assoc" 2>/dev/null
	for page in $(notdir $(MAN_PAGES)); do rm -f "$(DESTDIR)$(MAN1DIR)/$$page"; done
	for page in $(notdir $(MAN5_PAGES)); do rm -f "$(DESTDIR)$(MAN5DIR)/$$page"; done
	rm -f "$(DESTDIR)$(BASH_COMPLETIONS_DIR)/assoc" "$(DESTDIR)$(ZSH_COMPLETIONS_DIR)/_assoc" \
		"$(DESTDIR)$(FISH_COMPLETIONS_DIR)/assoc.fish"

# The drop-in: `xdg-open`, `xdg-mime` and `xdg-settings` run assoc's own answers. Put the directory
# first on PATH (the README says how). A name there that is not assoc's link is never replaced:
# install stops and says what is there; uninstall leaves it.
install-xdg-utils:
	$(XDG_UTILS_LINKS) install "$(DESTDIR)$(XDG_UTILS_LINK_DIR)" "$(XDG_UTILS_LINK_TARGET)" \
		$(if $(filter $(XDG_UTILS_OWN_DIR),$(XDG_UTILS_LINK_DIR)),own-directory)

uninstall-xdg-utils:
	$(XDG_UTILS_LINKS) uninstall "$(DESTDIR)$(XDG_UTILS_LINK_DIR)" "$(XDG_UTILS_LINK_TARGET)" \
		$(if $(filter $(XDG_UTILS_OWN_DIR),$(XDG_UTILS_LINK_DIR)),own-directory)

# The README's test command: formatting; the release executable, whose static link nothing else
# exercises, built once and handed to the install test (ASSOC_RELEASE_BINARY), which installs it;
# every fuzz target and the example package built, so that neither the modules the fuzz targets
# reach nor the libraries' public API can break unnoticed; a build with every warning an error;
# the tests. The three builds run side by side: the fuzz targets' modules compile one after the
# other and the release build's optimiser mostly on one core, so on two cores together they take
# little more than the longest alone; each one's output is printed whole when it ends.
check: lint
	$(MAKE) --no-print-directory -j3 --output-sync=target release fuzz-build-check examples
	ASSOC_RELEASE_BINARY="$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/assoc" \
		$(SWIFT) test -q -Xswiftc -warnings-as-errors

lint:
	swift format lint --strict --recursive Sources Tests $(addsuffix /Sources,$(EXAMPLES))

# Fuzz/build.sh compiles only what changed since its last run.
fuzz-build:
	bash Fuzz/build.sh

# What `make check` builds: every fuzz target, unoptimised, in a directory of its own.
fuzz-build-check:
	FUZZ_OPTIMIZATION=-Onone FUZZ_BUILD_DIR=.build/fuzz-check bash Fuzz/build.sh

examples:
	for example in $(EXAMPLES); do $(SWIFT) build --package-path "$$example" -Xswiftc -warnings-as-errors || exit 1; done
