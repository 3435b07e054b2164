/// The help, manual and man page of each multi-call front end, from the command table's model.
enum XDGUtilityText {
    /// How the rules that answer are chosen, said once on each page.
    static let resolutionSection = ManSection(
        title: "RESOLUTION",
        text: """
            The default application is assoc's: by default the mime-apps specification's resolution (a \
            default must be installed and associated with its type; aliases and parent types are followed; see \
            assoc-default(1)). ASSOC_XDG_RESOLUTION, or else Resolution= in the group [XDG] of \
            $XDG_CONFIG_HOME/assoc/assoc.conf, chooses: spec; gio, exactly what GIO (gio open, xdg-open on \
            GNOME) answers; or xdg-open, exactly what xdg-utils' xdg-mime query default answers on a desktop \
            it has no tool for. A value that names none of them is warned about and spec answers. With \
            XDG_UTILS_DEBUG_LEVEL 1 or more, the lines of assoc explain for the type are written to standard \
            error: which file and line decided, and what GIO and xdg-open would answer where they differ.

            The answer is the same on every desktop: XDG_CURRENT_DESKTOP only puts its DESKTOP-mimeapps.list \
            files first. No desktop's own tool is run (gio, kde-open, kmimetypefinder, ktraderclient, exo-open, \
            pcmanfm, qtxdg-mat, gconftool-2, kwriteconfig), and neither a display nor a session bus is needed \
            or contacted. A relative directory in an XDG variable is ignored, as the XDG Base Directory \
            Specification says; xdg-utils reads it relative to the working directory.
            """)

    /// The variables every front end reads.
    static let environment: [(String, String)] = [
        (
            "ASSOC_XDG_RESOLUTION",
            "spec, gio or xdg-open: the rules that answer (see RESOLUTION); before assoc.conf's Resolution="
        ),
        (
            "XDG_UTILS_DEBUG_LEVEL",
            "1 or more: the explain lines of each answer, and problems in the data read, on standard error"
        ),
    ]

    /// The file every front end reads.
    static let files = [
        ("$XDG_CONFIG_HOME/assoc/assoc.conf", "[XDG] Resolution=spec|gio|xdg-open: the rules that answer")
    ]

    /// What `--help`, `--manual` and `--version` do, the same for the three.
    static let commonOptions: [OptionDefinition] = [
        .flag("--help", "show the synopsis and the options"),
        .flag("--manual", "show this page as text"),
        .flag("--version", "print the version of xdg-utils followed and assoc's"),
    ]
}

extension XDGOpenFrontEnd {
    static let definition = CommandDefinition(
        name: "xdg-open", summary: "open files and URLs as xdg-open, answered by assoc",
        forms: ["[--nowait] [--] {FILE | URL}...", "{--help | --manual | --version}"],
        description: """
            Started as xdg-open (a symbolic link to assoc is enough), assoc opens each FILE or URL with its \
            application, as 'assoc open' does: a path or a file:// URL (percent-decoded; localhost allowed) is \
            typed by the shared-mime-info database, any other URL as x-scheme-handler/SCHEME; the default \
            application's Exec line is split by the Desktop Entry rules and run with posix_spawn, never \
            through a shell. Nothing is asked: with no default the status is 3.

            The last operand's application is waited for and its failure is status 4, as xdg-utils does; the \
            others, and all with --nowait, are started detached. A file must exist (status 2) and be readable \
            (status 5). The operands are read in full before any is opened; after -- every word is an operand.

            $BROWSER, alternatives separated by ':', each a command whose %s is the URL (else the URL is \
            appended), is tried in order for http and https URLs before their handler, and for other URLs \
            when their scheme has no handler; its words are arguments, never shell code. An alternative \
            that calls xdg-open is dropped.
            """,
        options: [.flag("--nowait", "start the last operand's application detached too, without waiting for it")]
            + XDGUtilityText.commonOptions,
        operands: [OperandDefinition(name: "FILE|URL...", completion: .file)],
        exitStatus: [
            (0, "every operand was opened"), (1, "an error in the command line"), (2, "a file does not exist"),
            (3, "no application opens it, or a program it needs is not installed"),
            (4, "the application failed, or assoc refused to open it (see SAFETY in assoc-open(1))"),
            (5, "a file cannot be read"),
        ],
        manSections: [
            XDGUtilityText.resolutionSection,
            ManSection(
                title: "DIFFERENCES FROM XDG-UTILS",
                text: """
                    - One engine: the type and the default come from assoc's own database and resolution, never
                      from running xdg-mime, gio open, kde-open, exo-open, pcmanfm, dde-open, qtxdg-mat,
                      enlightenment_open, the portal through gdbus, run-mailcap or mimeopen.
                    - No display or session bus is needed: without DISPLAY or WAYLAND_DISPLAY xdg-utils' generic path
                      does not read desktop entries at all (it tries run-mailcap, then $BROWSER or text browsers).
                    - A local file reaches the application as its absolute path (%f, %F, or appended) or as its
                      file:// URL (%u, %U), never as the path typed: xdg-utils passes a relative path as given,
                      which the entry's Path= or a leading - would change.
                    - The Exec line is expanded by the Desktop Entry Specification (quoting, %i, %c, %k, %%,
                      deprecated codes dropped, invalid codes refused); xdg-utils 1.1.3 splits it at blanks in the
                      shell, which also expands wildcards in it.
                    - A file is never run as a program, and a downloaded file whose name and content disagree is
                      warned about (see assoc-open(1)); a refusal is status 4.
                    - A Terminal=true application runs in this terminal when the operand is waited for and
                      standard input and output are a terminal, else in $TERMINAL, xdg-terminal-exec or the first
                      known terminal installed (xdg-utils: x-terminal-emulator -e, or xdg-terminal).
                    - $BROWSER comes before the scheme's handler for http and https URLs, as xdg-settings and
                      xdg-utils' own tests have it (xdg-utils' xdg-open tries the handler first when there is a
                      display). It is not used for local files, there is no built-in list of browsers to fall back
                      on (x-www-browser, firefox, ..., w3m): such a URL is status 3. With the gio resolution it is
                      not read, as gio open does not read it.
                    - Several operands are read before any is opened (xdg-utils opens those before an unknown
                      option); the status is the first failure's (xdg-utils reports only the last operand's).
                    - --help, --manual and --version count only before --.
                    - An existing file whose name looks like a URL (a:b) is opened as the file; a file:// URL
                      naming another host than localhost is not a local file.
                    - A per-file choice (assoc set --file) is honoured with the spec resolution.
                    """),
        ],
        files: XDGUtilityText.files,
        examples: [
            Example(command: "xdg-open report.pdf", explanation: "with the PDF viewer, waiting for it"),
            Example(command: "xdg-open --nowait -- -notes.txt https://example.org", explanation: "both, without waiting"),
            Example(command: "ASSOC_XDG_RESOLUTION=xdg-open xdg-open photo.png", explanation: "with xdg-utils' generic answer"),
        ],
        seeAlso: ["assoc-open(1)", "assoc-default(1)", "assoc-explain(1)", "assoc-xdg-mime(1)", "assoc-xdg-settings(1)"],
        program: "xdg-open", environment: XDGUtilityText.environment + [("BROWSER", "web browsers to try for URLs (see above)")])
}

extension XDGMimeFrontEnd {
    static let definition = CommandDefinition(
        name: "xdg-mime", summary: "query file types and default applications as xdg-mime, answered by assoc",
        forms: [
            "query filetype FILE", "query default MIMETYPE", "default APPLICATION.desktop MIMETYPE...",
            "{install | uninstall} [--mode user|system] [--novendor] FILE.xml", "{--help | --manual | --version}",
        ],
        description: """
            Started as xdg-mime, assoc answers its queries. query filetype prints the type of FILE alone on \
            standard output, found as 'assoc type' finds it. query default prints the desktop file ID of the \
            default application of MIMETYPE (which must contain '/'), or nothing when there is none, with \
            status 0 either way, as xdg-mime does.

            default makes APPLICATION.desktop the default of each MIMETYPE in one lossless, atomic write of \
            $XDG_CONFIG_HOME/mimeapps.list through the editor of assoc set: [Default Applications] TYPE=APP, \
            and APP appended to [Added Associations] and taken out of [Removed Associations], as the \
            mime-apps specification asks of a default. It prints nothing.

            install copies FILE.xml into the mime/packages directory of the mode (user: $XDG_DATA_HOME/mime; \
            system, the default for root and XDG_UTILS_INSTALL_MODE=system: the first directory of \
            $XDG_DATA_DIRS whose mime/packages may be written), atomically, and compiles that directory with \
            assoc's own compiler (assoc-types(1)); uninstall removes it and compiles again. FILE must have a \
            vendor prefix (acme-foo.xml) unless --novendor.
            """,
        options: XDGUtilityText.commonOptions,
        operands: [OperandDefinition(name: "FILE|MIMETYPE", completion: .file)],
        exitStatus: [
            (0, "answered or done (also when query default finds nothing)"),
            (
                1,
                "an error in the command line, or a MIMETYPE that is no type, or that neither the database nor an installed entry knows"
            ),
            (2, "FILE does not exist, or APPLICATION is not installed or cannot be run"),
            (3, "no directory of $XDG_DATA_DIRS has a mime/packages that may be written (--mode system), as xdg-mime says"),
            (4, "the type could not be read, the list could not be written, or the package could not be installed"),
            (5, "FILE cannot be read, or the list may not be written"),
        ],
        manSections: [
            XDGUtilityText.resolutionSection,
            ManSection(
                title: "DIFFERENCES FROM XDG-UTILS",
                text: """
                    - query filetype types by the shared-mime-info database (the user.mime_type attribute, the
                      name, the content, the XML root) on every desktop. xdg-utils asks gio info on GNOME-like
                      desktops (assoc agrees with it but for empty files, which gio info calls text/plain and
                      assoc types by their name, else application/x-zerosize), kmimetypefinder on KDE, and
                      elsewhere file --mime-type, whose libmagic database is not shared-mime-info's.
                    - query default follows the resolution in use (see RESOLUTION); with xdg-open it answers
                      exactly what xdg-utils' generic path answers. KDE's ktraderclient is not asked.
                    - default also associates the application, writes every type in one atomic write that
                      keeps comments and order and follows a symbolically linked list, and never rewrites
                      KDE's files or runs kbuildsycoca. It refuses an application that is not installed or
                      cannot be run (status 2, as xdg-mime 1.2 does for a missing program), a MIMETYPE that is
                      no type (a=b/c) and one that neither the database nor an installed entry knows (status
                      1; xdg-utils writes any word); a wildcard (image/*) is written as the known types it
                      matches that the application declares. A list that may not be written is status 5.
                    - install and uninstall compile the directory with assoc's compiler, which writes what
                      update-mime-database 2.2 writes, byte for byte; each package is copied or removed by
                      one rename or unlink.
                    """),
        ],
        files: XDGUtilityText.files + [("$XDG_CONFIG_HOME/mimeapps.list", "what default writes")],
        examples: [
            Example(command: "xdg-mime query filetype photo.png", explanation: "image/png"),
            Example(command: "xdg-mime query default application/pdf", explanation: "the PDF viewer's desktop file ID"),
            Example(command: "xdg-mime default org.gnome.Evince.desktop application/pdf", explanation: "make it the default"),
        ],
        seeAlso: ["assoc-type(1)", "assoc-default(1)", "assoc-set(1)", "assoc-xdg-open(1)", "assoc-xdg-settings(1)"],
        program: "xdg-mime", environment: XDGUtilityText.environment)
}

extension XDGSettingsFrontEnd {
    static let definition = CommandDefinition(
        name: "xdg-settings", summary: "get, check and set the default web browser and URL handlers as xdg-settings",
        forms: [
            "get default-web-browser", "{check | set} default-web-browser APPLICATION.desktop",
            "get default-url-scheme-handler SCHEME", "{check | set} default-url-scheme-handler SCHEME APPLICATION.desktop",
            "{--help | --list | --manual | --version}",
        ],
        description: """
            Started as xdg-settings, assoc answers its two properties. get prints the desktop file ID (or \
            nothing, status 0, when there is none): for default-web-browser the handler of http URLs, for \
            default-url-scheme-handler the handler of x-scheme-handler/SCHEME. check prints yes or no: for the \
            web browser, whether APPLICATION answers for http, text/html and https.

            set writes, in one lossless, atomic write through the editor of assoc set, the keys xdg-utils' \
            generic path writes: for the web browser text/html and x-scheme-handler/http, https, about and \
            unknown; for a scheme x-scheme-handler/SCHEME. Each is then resolved again by the rules in use; if \
            one does not answer APPLICATION (a desktop-specific list or a more important file decides \
            otherwise), the list is put back as it was and the status is 4.

            $BROWSER, when set, is the web browser, as in xdg-utils' generic path: the application whose Exec \
            program is its first alternative's program answers for the browser and for http and https, which \
            cannot be set then (status 4). With the gio resolution it is not read.
            """,
        options: [.flag("--list", "list the properties")] + XDGUtilityText.commonOptions,
        operands: [OperandDefinition(name: "PROPERTY", completion: .none)],
        exitStatus: [
            (0, "answered or done"), (1, "an error in the command line"),
            (2, "APPLICATION is not installed or cannot be run"),
            (4, "$BROWSER is set, the list could not be written, or the change did not take and was undone"),
            (5, "the list may not be written"),
        ],
        manSections: [
            XDGUtilityText.resolutionSection,
            ManSection(
                title: "DIFFERENCES FROM XDG-UTILS",
                text: """
                    - The answers follow the resolution in use on every desktop; xdg-utils reads GConf on GNOME 2,
                      KDE's configuration, Xfce's helpers.rc, and xdg-mime elsewhere.
                    - set never rewrites the user's copy of a desktop entry to add the type to its MimeType= (it
                      associates the application in mimeapps.list instead), never sleeps, and writes all its keys
                      at once; each key is checked afterwards by its own answer (xdg-utils checks text/html
                      after each key) and a change that does not take is undone whole.
                    - KDE's emaildefaults are neither read for mailto nor written.
                    """),
        ],
        files: XDGUtilityText.files + [("$XDG_CONFIG_HOME/mimeapps.list", "what set writes")],
        examples: [
            Example(command: "xdg-settings get default-web-browser", explanation: "the browser's desktop file ID"),
            Example(command: "xdg-settings set default-web-browser firefox-esr.desktop", explanation: "make it the browser"),
            Example(
                command: "xdg-settings check default-url-scheme-handler mailto thunderbird.desktop",
                explanation: "yes or no"),
        ],
        seeAlso: ["assoc-default(1)", "assoc-set(1)", "assoc-xdg-open(1)", "assoc-xdg-mime(1)"],
        program: "xdg-settings", environment: XDGUtilityText.environment + [("BROWSER", "the web browser (see above)")])
}
