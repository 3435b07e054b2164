// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "assoc",
    products: [
        .executable(name: "assoc", targets: ["assoc"]),
        .executable(name: "assoc-portal", targets: ["assoc-portal"]),
        .library(name: "MIMEDatabase", targets: ["MIMEDatabase"]),
        .library(name: "XDGSupport", targets: ["XDGSupport"]),
        .library(name: "DesktopEntry", targets: ["DesktopEntry"]),
        .library(name: "Associations", targets: ["Associations"]),
        .library(name: "Launching", targets: ["Launching"]),
        .library(name: "DocumentProvider", targets: ["DocumentProvider"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "PortalDialogs", targets: ["PortalDialogs"]),
    ],
    targets: [
        /** C boundary: libxml2 from the system (apt: libxml2-dev). Only MIMEDatabase sees it. */
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        /** C boundary: ncursesw from the system (apt: libncurses-dev). Only TerminalUI sees it. Its headers are
            in /usr/include/ncursesw; pkgConfig is left out because ncursesw.pc only adds -D flags SwiftPM refuses
            (with a warning on every build), and the shim defines what they would. */
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        /** C boundary: sd-bus from libsystemd (apt: libsystemd-dev). Only PortalService sees it. */
        .systemLibrary(
            name: "CSDBus",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        /** C boundary: zlib from the system (apt: zlib1g-dev), to inflate thumbnails drawn as sixel. Only TerminalUI sees it. */
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        /** C library declarations that Glibc does not import (the GNU and Linux-only calls: posix_spawn's
            extensions, renameat2, pipe2, pidfd_open, statx, getxattrat, O_PATH, SO_PEERCRED) and extended
            attributes, statfs. Only XDGSupport sees it, through its system layer (System/). */
        .systemLibrary(name: "CSystem"),
        /** XDG base directories, the environment value, key files, locales, diagnostics, files, and the system
            layer: errno, whole-buffer I/O, process spawning, the Linux-only calls. */
        .target(name: "XDGSupport", dependencies: ["CSystem"]),
        /** shared-mime-info: packages XML, mime.cache, globs, magic, hierarchy. */
        .target(name: "MIMEDatabase", dependencies: ["XDGSupport", "CLibXML2"]),
        /** Desktop Entry Specification: entries, IDs, Exec splitting, the application index. */
        .target(name: "DesktopEntry", dependencies: ["XDGSupport"]),
        /** mimeapps.list reading and default-application resolution, by the spec and as GIO does. */
        .target(name: "Associations", dependencies: ["XDGSupport", "MIMEDatabase", "DesktopEntry"]),
        /** Opening: the open planner (forced app, per-file choice, chooser, default, refusals), Exec expansion, terminals, spawning. */
        .target(
            name: "Launching", dependencies: ["Associations", "DesktopEntry", "DocumentProvider", "MIMEDatabase", "XDGSupport"]),
        /** Document provider: type filters (MIME, wildcard, extension, UTI), listings, import/export/move. */
        .target(name: "DocumentProvider", dependencies: ["MIMEDatabase", "XDGSupport"]),
        /** The screens: document picker, Open-with chooser, default apps by type; pure models and an ncursesw view. */
        .target(
            name: "TerminalUI",
            dependencies: ["Associations", "CNcurses", "CZlib", "DocumentProvider", "PortalDialogs", "XDGSupport"]),
        /** The dialogs of `assoc portal`: request and answer types, their JSON, the dialog's end of the answer channel. */
        .target(name: "PortalDialogs", dependencies: ["DesktopEntry", "XDGSupport"]),
        /** Commands, argument parsing, text and JSON rendering, exit statuses. */
        .target(
            name: "AssocCLI",
            dependencies: [
                "Associations", "DesktopEntry", "DocumentProvider", "Launching", "MIMEDatabase", "PortalDialogs", "TerminalUI",
                "XDGSupport",
            ]),
        /** The executable: a few lines that hand the process over to AssocCLI. */
        .executableTarget(name: "assoc", dependencies: ["AssocCLI"]),
        /** The desktop portal's backend: the bus, FileChooser, AppChooser, Request, the terminal, the answer channel;
            and the watcher's notifications (`assoc watch`). */
        .target(
            name: "PortalService",
            dependencies: [
                "Associations", "CSDBus", "DesktopEntry", "DocumentProvider", "Launching", "PortalDialogs", "XDGSupport",
            ]),
        /** The portal's executable, linked against libsystemd (so not part of the static `assoc`); `assoc portal` runs it. */
        .executableTarget(name: "assoc-portal", dependencies: ["PortalService"]),
        /** Temporary XDG trees, corpus location, running the built tool; used by tests only. */
        .target(name: "AssocTestSupport", dependencies: ["XDGSupport"]),

        .testTarget(name: "XDGSupportTests", dependencies: ["XDGSupport", "AssocTestSupport"]),
        .testTarget(name: "MIMEDatabaseTests", dependencies: ["MIMEDatabase", "AssocTestSupport"]),
        .testTarget(name: "DesktopEntryTests", dependencies: ["DesktopEntry", "AssocTestSupport"]),
        .testTarget(name: "AssociationsTests", dependencies: ["Associations", "AssocCLI", "AssocTestSupport"]),
        .testTarget(name: "LaunchingTests", dependencies: ["Launching", "AssocTestSupport"]),
        .testTarget(name: "DocumentProviderTests", dependencies: ["DocumentProvider", "AssocTestSupport"]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "Associations", "TerminalUI", "DocumentProvider", "MIMEDatabase", "PortalDialogs", "XDGSupport",
                "AssocTestSupport",
            ]),
        .testTarget(name: "PortalDialogsTests", dependencies: ["PortalDialogs", "XDGSupport", "AssocTestSupport"]),
        .testTarget(
            name: "AssocCLITests",
            dependencies: [
                "AssocCLI", "AssocTestSupport", "DocumentProvider", "MIMEDatabase", "PortalDialogs", "TerminalUI", "XDGSupport",
            ]),
        .testTarget(name: "AssocEndToEndTests", dependencies: ["assoc", "AssocTestSupport"]),
        .testTarget(name: "PortalServiceTests", dependencies: ["PortalService", "PortalDialogs", "AssocTestSupport"]),
        .testTarget(name: "PortalEndToEndTests", dependencies: ["assoc", "assoc-portal", "AssocTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
