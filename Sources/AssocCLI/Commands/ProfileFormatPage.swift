import Associations

/// `assoc-profile(5)`: the profile format, with its groups and roles listed from the tables the
/// reader and the applier use.
enum ProfileFormatPage {
    static let page = FileFormatPage(
        name: "assoc-profile", summary: "default applications stated as intent, for assoc profile apply",
        sections: [
            ManSection(
                title: "DESCRIPTION",
                text: """
                    A profile says which application should open which types, as a list of candidates in \
                    preference order: the first that is installed and usable on the machine wins, so one profile \
                    serves machines with different applications. assoc profile apply makes a machine match it, \
                    idempotently, and verifies the result with the specification's, GIO's and xdg-open's \
                    resolution; assoc profile export writes one from the current choices.

                    The syntax is that of mimeapps.list and desktop entries: lines of KEY=VALUE under [Group] \
                    headers, lines starting with # are comments, blank lines are ignored. The file is UTF-8.
                    """),
            ManSection(
                title: "THE [PROFILE] GROUP",
                text: """
                    Name=NAME
                      The profile's name (default: the file's name without .profile). It keys the memory of \
                    applied suggestions, so two profiles need two names. No '[', ']', '=' or control characters.

                    Version=N
                      A whole number (default 0). [Suggest] entries are applied again when it rises.

                    Include=FILE;FILE;...
                      Other profiles read first (a base, then a department layer), each path relative to the \
                    including file. An entry of the including file replaces an included entry of the same key. \
                    Only the top file's Name= and Version= count. A file that includes itself, directly or \
                    through others, is an error naming the line of the Include= that closes the cycle.
                    """),
            ManSection(
                title: "GROUPS OF ENTRIES",
                text: ProfileGroup.all.map { "[\($0.name)]\n  Its entries are \($0.summary)." }.joined(separator: "\n\n")
                    + """


                    The memory of applied suggestions is $XDG_STATE_HOME/assoc/profiles.list: one group per \
                    level (user or system, and a desktop with --desktop), one NAME=VERSION key per profile. A \
                    version is remembered once every [Suggest] entry found an installed candidate, so a \
                    suggestion whose application is installed later is still applied. Any other group is an \
                    error, as is a key written twice in one file for one role ([Enforce] and [Suggest] are both \
                    the view role; [Edit] and [Markup] may name a type [Enforce] names too).
                    """),
            ManSection(
                title: "KEYS",
                text: """
                    A key is any TARGET assoc set takes: a MIME type or alias (application/pdf), a wildcard \
                    (image/*), an extension (.odt), a URL scheme's type (x-scheme-handler/irc), or one of the role \
                    names below. A wildcard or an extension stands for the matching types the chosen application \
                    declares, and is remembered as a rule for assoc sync, as with assoc set (user level only; in \
                    [Edit] and [Markup] it is compiled as assoc set --role compiles it, and not remembered). \
                    When two keys of one role name one type (an alias and its type, a wildcard and a type under \
                    it), the later entry writes it. The terminal role has no edit or markup default.
                    """
                        + "\n\n" + ProfileRole.allCases.map { "\($0.rawValue)\n  \($0.summary)." }.joined(separator: "\n\n")
                            + """


                            The web browser's types are those xdg-settings set default-web-browser writes; the mail \
                            client's is what GIO and xdg-email ask for a mailto: link; the file manager's is what GIO and \
                            xdg-open ask for a directory. The terminal has no MIME type: no specification and no peer asks \
                            mimeapps.list for one, so its choice goes to xdg-terminals.list, the preference list of the \
                            Default Terminal Execution proposal, read by xdg-terminal-exec (which assoc's own launching \
                            tries first after $TERMINAL).
                            """),
            ManSection(
                title: "VALUES",
                text: """
                    Desktop file IDs separated by ';', in preference order (a missing .desktop suffix is added). A \
                    candidate is skipped when it is not installed, cannot be used (Hidden, TryExec or its program \
                    missing), or, for a wildcard or extension, declares none of the matching types. An entry \
                    without a usable candidate is a warning naming its file and line, and makes apply exit 1.
                    """),
            ManSection(
                title: "EXAMPLE",
                text: """
                      # /etc/assoc/site.profile
                      [Profile]
                      Name=site
                      Version=3
                      Include=base.profile

                      [Enforce]
                      web-browser=firefox-esr.desktop;chromium.desktop;
                      application/pdf=org.gnome.Evince.desktop;okular.desktop;
                      image/*=org.gnome.eog.desktop;

                      [Suggest]
                      text/plain=org.gnome.TextEditor.desktop;org.kde.kate.desktop;
                      terminal=org.gnome.Terminal.desktop;

                      [Edit]
                      image/*=org.gimp.GIMP.desktop;gimp.desktop;

                      [Markup]
                      application/pdf=com.github.xournalpp.xournalpp.desktop;
                    """),
            ManSection(
                title: "ERRORS",
                text: """
                    A line that is not a comment, a header or KEY=VALUE, an unknown group or [Profile] key, a \
                    Version= that is not a whole number, an entry without a value, a key written twice, an \
                    unreadable included file and an Include= cycle each stop assoc profile apply before anything is \
                    written, with a message naming the file and the line.
                    """),
        ],
        seeAlso: ["assoc-profile(1)", "assoc-set(1)", "assoc-sync(1)", "xdg-mime(1)", "xdg-settings(1)"])
}
