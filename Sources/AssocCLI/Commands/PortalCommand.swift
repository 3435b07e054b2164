import PortalDialogs
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc portal [--replace]`: the desktop portal's file chooser and application chooser backend.
///
/// The service links libsystemd's sd-bus, which Debian ships only as a shared library, while the
/// release `assoc` is a static executable; so this command runs the separate `assoc-portal`
/// executable installed beside it (the build tree) or in `../libexec/assoc/` (an installation),
/// handing over its own path for the dialogs.
enum PortalCommand {
    static let definition = CommandDefinition(
        name: "portal", summary: "serve every application's \"Open file\" and \"Open with\" dialog through xdg-desktop-portal",
        forms: ["[--replace]", "--check [--json]", "--register", "--unregister"],
        description: """
            Runs the backend of xdg-desktop-portal that assoc is: owns org.freedesktop.impl.portal.desktop.assoc \
            on the session bus and implements org.freedesktop.impl.portal.FileChooser (OpenFile, SaveFile, \
            SaveFiles, with the application's filters, choices, current filter, folder and names) and \
            org.freedesktop.impl.portal.AppChooser (ChooseApplication, UpdateChoices) at \
            /org/freedesktop/portal/desktop, and org.freedesktop.impl.portal.Request (Close) for each open \
            request. Usually started by D-Bus activation, not by hand.

            Each request opens its dialog, assoc-pick(1) or assoc-choose(1), in a terminal window: the command \
            Terminal= of the group [Portal] in $XDG_CONFIG_HOME/assoc/portal.conf (split as a desktop entry's \
            Exec; the dialog's arguments are appended, never through a shell; the bare name of a known terminal, \
            such as xterm, is given its flag, xterm -e), else $TERMINAL (given a command its own way when it is \
            a known terminal, else with -e), else the first installed terminal of the list assoc-open(1) uses, \
            xdg-terminal-exec first. The dialog answers \
            on a socket in a private directory under $XDG_RUNTIME_DIR/assoc/portal, so terminals that return \
            at once (tmux new-window, kitty @ launch, foot's client) work. The response is 0 when something was \
            chosen, 1 when the dialog was cancelled, 2 when it ended otherwise (it died, the terminal could not \
            start, the application closed the request). The folder each application last chose in is kept in \
            $XDG_STATE_HOME/assoc/portal-folders and is where its next dialog starts when it names none.

            The runtime directory and every directory below it down to the request's own must be the user's \
            own, mode 0700, not a symbolic link (the XDG Base Directory Specification asks this of \
            $XDG_RUNTIME_DIR); otherwise no dialog is started and the request is answered 2, naming the \
            directory and why (a runtime directory shared with other users, such as /tmp, is refused). The \
            names SaveFile saves as and SaveFiles saves are file names: not empty, not . or .., without / or \
            NUL, at most 255 bytes; SaveFiles refuses a request with another name, and numbers a name given \
            twice (x.txt, x (2).txt), so that every file gets its own URI. \(RequestLimits.summary); a larger \
            request is refused at once (response 2), as is one whose request for the dialog would be over \
            \(FileBytes.describeSize(PortalDialogs.maximumMessageSize)).

            With --verbose, each request and its end are logged on standard error.

            Set-up: xdg-desktop-portal reads backends' .portal files from its own data directory only \
            (/usr/share/xdg-desktop-portal/portals on Debian), or from $XDG_DESKTOP_PORTAL_DIR, so make install \
            into /usr/local does not reach it. --register, run as root, links that directory's assoc.portal to \
            the installed one; --unregister removes that link and nothing else. --check says whether the \
            frontend will pick assoc for FileChooser and AppChooser and why not: a missing assoc.portal, the \
            portals.conf in force (1.17 and later) or the UseIn= of another backend and XDG_CURRENT_DESKTOP \
            (1.16), a missing D-Bus activation file, a terminal that cannot run a command; each with its fix. \
            The frontend is looked for in /usr/libexec, /usr/lib and /usr/local/libexec, or where \
            ASSOC_PORTAL_FRONTEND names it.
            """,
        options: [
            .flag("--replace", "take the bus name over from a running backend"), PortalSetupCommand.check,
            PortalSetupCommand.json, PortalSetupCommand.register, PortalSetupCommand.unregister,
        ],
        exitStatus: [
            (0, "another backend took the name over (--replace) and the open requests ended; with --check, assoc will be picked"),
            (1, "with --check: something is in the way (each problem is printed with its fix)"),
            (2, "the service could not start or lost the session bus; a registration that could not be made"),
        ],
        examples: [
            Example(command: "assoc portal --replace --verbose", explanation: "replace the running backend and log requests"),
            Example(command: "sudo assoc portal --register", explanation: "let the frontend see the installed backend"),
            Example(command: "assoc portal --check", explanation: "will the frontend pick assoc? if not, why, and the fix"),
            Example(
                command: "GTK_USE_PORTAL=1 zenity --file-selection",
                explanation: "try it: a GTK program's file dialog through the portal"),
        ],
        seeAlso: ["assoc-pick(1)", "assoc-choose(1)", "assoc-open(1)", "xdg-desktop-portal(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.isEmpty else { throw UsageError("portal takes no operands", subcommand: "portal") }
        let setup = [PortalSetupCommand.check, PortalSetupCommand.register, PortalSetupCommand.unregister].filter(arguments.has)
        guard setup.count <= 1 else { throw UsageError("give one of --check, --register and --unregister", subcommand: "portal") }
        if !setup.isEmpty {
            return PortalSetupCommand.run(arguments, executable: ServiceExecutable.ownExecutable(), context: context)
        }
        return ServiceExecutable.run("portal", context: context) { own in
            ["--assoc", own] + (arguments.has("--replace") ? ["--replace"] : [])
        }
    }
}
