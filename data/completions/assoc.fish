# fish completion for assoc. Generated from the command table by 'assoc --generate-completions'; do not edit.

# Whether the word at the cursor is an operand of KIND: counts the operands before it, past the
# values of options, and looks the position up in the command's operands.
function __assoc_operand_is --argument-names kind
    set -l words (commandline -opc)
    set -e words[1]
    set -l command ''
    set -l valued --database
    set -l valued2
    set -l kinds
    set -l operands 0
    set -l ended
    set -l skip
    for word in $words
        if set -q skip[1]
            set -e skip[1]
        else if not set -q ended[1]; and string match -q -- '-?*' $word
            if test $word = --
                set ended 1
            else if contains -- $word $valued
                set skip 1
            else if contains -- $word $valued2
                set skip 1 1
            end
        else if test -z "$command"
            set command $word
            switch $command
                case type
                    set valued --files-from -j --jobs --database
                    set valued2 
                    set kinds file...
                case explain
                    set valued --role --database
                    set valued2 
                    set kinds file...
                case default
                    set valued --as --role --database
                    set valued2 
                    set kinds file
                case defaults
                    set valued --database
                    set valued2 
                    set kinds none
                case apps
                    set valued --as --role --of --database
                    set valued2 
                    set kinds file
                case open
                    set valued --with --selector --database
                    set valued2 
                    set kinds file...
                case set
                    set valued --role --desktop --app-types --file --database
                    set valued2 
                    set kinds type-pattern desktop-id
                case unset
                    set valued --role --desktop --file --database
                    set valued2 
                    set kinds type-pattern
                case add
                    set valued --database
                    set valued2 
                    set kinds mime-type desktop-id
                case remove
                    set valued --database
                    set valued2 
                    set kinds mime-type desktop-id
                case reset
                    set valued --database
                    set valued2 
                    set kinds type-pattern
                case sync
                    set valued --database
                    set valued2 
                    set kinds none
                case profile
                    set valued --desktop --database
                    set valued2 
                    set kinds file
                case mime
                    set valued --database
                    set valued2 
                    set kinds mime-type...
                case types
                    set valued --prefix --glob --comment --sub-class-of --alias --icon --magic --database
                    set valued2 --root-xml
                    set kinds types-action file...
                case history
                    set valued --since --database
                    set valued2 
                    set kinds mime-type...
                case undo
                    set valued --database
                    set valued2 
                    set kinds none
                case pin
                    set valued --database
                    set valued2 
                    set kinds type-pattern...
                case unpin
                    set valued --database
                    set valued2 
                    set kinds type-pattern...
                case is-a
                    set valued --database
                    set valued2 
                    set kinds mime-type type-pattern
                case list
                    set valued --type --sort --database
                    set valued2 
                    set kinds directory...
                case import
                    set valued --to --type --database
                    set valued2 
                    set kinds file...
                case export
                    set valued --to --type --database
                    set valued2 
                    set kinds file...
                case move
                    set valued --to --type --database
                    set valued2 
                    set kinds file...
                case check
                    set valued --database
                    set valued2 
                    set kinds directory...
                case pick
                    set valued --mode --type --name --to --portal-request --database
                    set valued2 
                    set kinds file...
                case choose
                    set valued --role --type --portal-request --database
                    set valued2 
                    set kinds file...
                case settings
                    set valued --database
                    set valued2 
                    set kinds none
                case portal
                    set valued --database
                    set valued2 
                    set kinds none
                case watch
                    set valued --database
                    set valued2 
                    set kinds none
                case help
                    set valued --database
                    set valued2 
                    set kinds command
                case '*'
                    return 1
            end
        else
            set operands (math $operands + 1)
        end
    end
    test -n "$command"; and not set -q skip[1]; or return 1
    set -l at $kinds[-1]
    if test $operands -lt (count $kinds)
        set at $kinds[(math $operands + 1)]
    else if not string match -q -- '*...' $at
        return 1
    end
    test (string replace -- ... '' $at) = $kind
end

complete -c assoc -f
complete -c assoc -n __fish_use_subcommand -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n __fish_use_subcommand -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n __fish_use_subcommand -l help -s h -d 'show this help'
complete -c assoc -n __fish_use_subcommand -l version -d 'print the version'
complete -c assoc -n __fish_use_subcommand -a type -d 'tell the MIME type of files, by attribute, kind, name and content'
complete -c assoc -n __fish_use_subcommand -a explain -d 'show each step of detection and resolution, and GIO\'s answer'
complete -c assoc -n __fish_use_subcommand -a default -d 'print the default application'
complete -c assoc -n __fish_use_subcommand -a defaults -d 'print the effective default application of every type that has one'
complete -c assoc -n __fish_use_subcommand -a apps -d 'list the applications for a type, or every installed one'
complete -c assoc -n __fish_use_subcommand -a open -d 'open files and URLs with their applications, never through a shell'
complete -c assoc -n __fish_use_subcommand -a set -d 'make APP the default (a type, image/*, .pdf, or --file PATH)'
complete -c assoc -n __fish_use_subcommand -a unset -d 'remove a default (or --file PATH)'
complete -c assoc -n __fish_use_subcommand -a add -d 'associate APP with TYPE'
complete -c assoc -n __fish_use_subcommand -a remove -d 'take APP away from TYPE'
complete -c assoc -n __fish_use_subcommand -a reset -d 'forget the user\'s settings for a type'
complete -c assoc -n __fish_use_subcommand -a sync -d 'apply the remembered wildcard and extension rules again'
complete -c assoc -n __fish_use_subcommand -a profile -d 'apply a profile of defaults (idempotent, verified), or export one'
complete -c assoc -n __fish_use_subcommand -a mime -d 'show what the database says about a type'
complete -c assoc -n __fish_use_subcommand -a types -d 'compile, install and define MIME types (the shared-mime-info database)'
complete -c assoc -n __fish_use_subcommand -a history -d 'show the changes of the effective defaults, with their causes'
complete -c assoc -n __fish_use_subcommand -a undo -d 'put back the default a recorded change took away'
complete -c assoc -n __fish_use_subcommand -a pin -d 'defend the default of types against other programs'
complete -c assoc -n __fish_use_subcommand -a unpin -d 'stop defending the default of types'
complete -c assoc -n __fish_use_subcommand -a is-a -d 'exit 0 when TYPE is a kind of SUPERTYPE, else 1'
complete -c assoc -n __fish_use_subcommand -a list -d 'list the documents an application can take, local or remote'
complete -c assoc -n __fish_use_subcommand -a import -d 'copy documents in, never overwriting'
complete -c assoc -n __fish_use_subcommand -a export -d 'copy documents out to a destination'
complete -c assoc -n __fish_use_subcommand -a move -d 'move documents: a rename, or copy, check and delete'
complete -c assoc -n __fish_use_subcommand -a check -d 'find every problem in the configuration, with file, line and a fix'
complete -c assoc -n __fish_use_subcommand -a pick -d 'choose documents, a destination or a name in a full-screen document picker'
complete -c assoc -n __fish_use_subcommand -a choose -d 'choose the application to open files with, on the terminal ("Open with")'
complete -c assoc -n __fish_use_subcommand -a settings -d 'choose default applications by file type, on the terminal'
complete -c assoc -n __fish_use_subcommand -a portal -d 'serve every application\'s "Open file" and "Open with" dialog through xdg-desktop-portal'
complete -c assoc -n __fish_use_subcommand -a watch -d 'watch what opens each type: record every change, put pinned defaults back, notify'
complete -c assoc -n __fish_use_subcommand -a help -d 'show the help of assoc or of one command'
complete -c assoc -n '__fish_seen_subcommand_from type' -l brief -s b -d 'print only the type'
complete -c assoc -n '__fish_seen_subcommand_from type' -l json -d 'one JSON object per line: path, type, source (xattr, stat, glob, magic, xml-root, text-test or fallback) and uncertain'
complete -c assoc -n '__fish_seen_subcommand_from type' -l name-only -d 'use the name only; the path need not exist (a name ending in / is a directory)'
complete -c assoc -n '__fish_seen_subcommand_from type' -l content-only -d 'use the content only, not the name'
complete -c assoc -n '__fish_seen_subcommand_from type' -l no-xattr -d 'ignore the user.mime_type attribute'
complete -c assoc -n '__fish_seen_subcommand_from type' -l recursive -s r -d 'type the files below each directory, in name order, without following linked directories'
complete -c assoc -n '__fish_seen_subcommand_from type' -l files-from -r -F -d 'also type the paths listed in the file LIST, one per line (\'-\' reads standard input); operands come first, then each list in order'
complete -c assoc -n '__fish_seen_subcommand_from type' -l null -s 0 -d 'the paths of LIST are separated by NUL bytes, as \'find -print0\' writes them'
complete -c assoc -n '__fish_seen_subcommand_from type' -l jobs -s j -x -d 'type on N threads (default: one per processor); the output is in input order whatever N is'
complete -c assoc -n '__fish_seen_subcommand_from type' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from type' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from type' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from explain' -l role -x -a 'view edit markup' -d 'view (the default of mimeapps.list, as without --role), edit or markup: the defaults of $XDG_CONFIG_HOME/assoc/roles.list, resolved as docs/roles.md says'
complete -c assoc -n '__fish_seen_subcommand_from explain' -l no-xattr -d 'ignore the user.mime_type attribute'
complete -c assoc -n '__fish_seen_subcommand_from explain' -l no-resolve -d 'show detection only, not the resolution of the default application'
complete -c assoc -n '__fish_seen_subcommand_from explain' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from explain' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from explain' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from default' -l as -x -a 'spec gio xdg-open' -d 'the rules to follow: spec, the mime-apps specification (the default); gio, exactly what GIO (gio open, xdg-open on GNOME) would pick; or xdg-open, exactly what xdg-mime query default (xdg-open on a desktop it does not know) would pick'
complete -c assoc -n '__fish_seen_subcommand_from default' -l role -x -a 'view edit markup' -d 'view (the default of mimeapps.list, as without --role), edit or markup: the defaults of $XDG_CONFIG_HOME/assoc/roles.list, resolved as docs/roles.md says'
complete -c assoc -n '__fish_seen_subcommand_from default' -l json -d 'one JSON object: type, default (null when there is none); with --role, role too'
complete -c assoc -n '__fish_seen_subcommand_from default' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from default' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from default' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from defaults' -l all -d 'print the types without a default too, with (none)'
complete -c assoc -n '__fish_seen_subcommand_from defaults' -l json -d 'one JSON object per type: type, default, path, line (null when there is none)'
complete -c assoc -n '__fish_seen_subcommand_from defaults' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from defaults' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from defaults' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from apps' -l as -x -a 'spec gio xdg-open' -d 'the rules to follow: spec, the mime-apps specification (the default); gio, exactly what GIO (gio open, xdg-open on GNOME) would pick; or xdg-open, exactly what xdg-mime query default (xdg-open on a desktop it does not know) would pick'
complete -c assoc -n '__fish_seen_subcommand_from apps' -l role -x -a 'view edit markup' -d 'view (the default of mimeapps.list, as without --role), edit or markup: the defaults of $XDG_CONFIG_HOME/assoc/roles.list, resolved as docs/roles.md says'
complete -c assoc -n '__fish_seen_subcommand_from apps' -l of -x -a '(assoc __complete desktop-id 2>/dev/null)' -d 'the types APP declares and those it is the default for'
complete -c assoc -n '__fish_seen_subcommand_from apps' -l json -d 'with an argument, one JSON object: type, default, recommended, fallback; with none, one object per application: id, name, path, types, usable, reason; with --of, one object: id, declares, defaultFor; with --role, one object: type, role, candidates (id, source, reason)'
complete -c assoc -n '__fish_seen_subcommand_from apps' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from apps' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from apps' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from open' -l edit -d 'open with the edit application of each target\'s type, not the view default'
complete -c assoc -n '__fish_seen_subcommand_from open' -l markup -d 'open with the markup (annotation) application; a download is marked up on a copy'
complete -c assoc -n '__fish_seen_subcommand_from open' -l copy -d 'with --markup, always work on a copy beside the file'
complete -c assoc -n '__fish_seen_subcommand_from open' -l in-place -d 'with --markup, always work on the file itself'
complete -c assoc -n '__fish_seen_subcommand_from open' -l with -x -a '(assoc __complete desktop-id 2>/dev/null)' -d 'open with APP: a desktop file ID, or a unique prefix or name'
complete -c assoc -n '__fish_seen_subcommand_from open' -l choose -d 'choose the application from a numbered list, even when there is a default'
complete -c assoc -n '__fish_seen_subcommand_from open' -l selector -x -a '(assoc __complete command 2>/dev/null)' -d 'choose with a menu program such as fzf or \'rofi -dmenu\''
complete -c assoc -n '__fish_seen_subcommand_from open' -l dry-run -d 'print the argument vector of each process and start nothing'
complete -c assoc -n '__fish_seen_subcommand_from open' -l json -d 'with --dry-run, one JSON object per process: app, argv, targets'
complete -c assoc -n '__fish_seen_subcommand_from open' -l strict -d 'refuse a download whose name and content disagree, and use no per-file choice'
complete -c assoc -n '__fish_seen_subcommand_from open' -l inline -d 'run a terminal application in this terminal'
complete -c assoc -n '__fish_seen_subcommand_from open' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from open' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from open' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from set' -l role -x -a 'view edit markup' -d 'edit or markup: write [Edit Applications] or [Markup Applications] of $XDG_CONFIG_HOME/assoc/roles.list instead of mimeapps.list, which GIO, xdg-open and the portal read (view, the default, writes mimeapps.list)'
complete -c assoc -n '__fish_seen_subcommand_from set' -l desktop -x -a '(assoc __complete desktop-name 2>/dev/null)' -d 'edit NAME-mimeapps.list (lower-cased) instead, with [Default Applications] only, as the specification allows there'
complete -c assoc -n '__fish_seen_subcommand_from set' -l dry-run -d 'print the change as a unified diff and write nothing'
complete -c assoc -n '__fish_seen_subcommand_from set' -l all-types -d 'with a wildcard or extension, every matching type, not only those APP declares'
complete -c assoc -n '__fish_seen_subcommand_from set' -l app-types -x -a '(assoc __complete desktop-id 2>/dev/null)' -d 'make APP the default for every type its entry\'s MimeType= declares'
complete -c assoc -n '__fish_seen_subcommand_from set' -l file -r -F -d 'a per-file choice: remember APP for this one file (its user.assoc.open-with attribute, or $XDG_STATE_HOME/assoc/open-with.list where attributes fail)'
complete -c assoc -n '__fish_seen_subcommand_from set' -l force -d 'write it even when the type is not in the database (and no installed entry declares it) or the application cannot be used (Hidden, TryExec or program missing, not an application)'
complete -c assoc -n '__fish_seen_subcommand_from set' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from set' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from set' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from unset' -l role -x -a 'view edit markup' -d 'edit or markup: write [Edit Applications] or [Markup Applications] of $XDG_CONFIG_HOME/assoc/roles.list instead of mimeapps.list, which GIO, xdg-open and the portal read (view, the default, writes mimeapps.list)'
complete -c assoc -n '__fish_seen_subcommand_from unset' -l desktop -x -a '(assoc __complete desktop-name 2>/dev/null)' -d 'edit NAME-mimeapps.list (lower-cased) instead, with [Default Applications] only, as the specification allows there'
complete -c assoc -n '__fish_seen_subcommand_from unset' -l dry-run -d 'print the change as a unified diff and write nothing'
complete -c assoc -n '__fish_seen_subcommand_from unset' -l file -r -F -d 'a per-file choice: remember APP for this one file (its user.assoc.open-with attribute, or $XDG_STATE_HOME/assoc/open-with.list where attributes fail)'
complete -c assoc -n '__fish_seen_subcommand_from unset' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from unset' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from unset' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from add' -l dry-run -d 'print the change as a unified diff and write nothing'
complete -c assoc -n '__fish_seen_subcommand_from add' -l force -d 'write it even when the type is not in the database (and no installed entry declares it) or the application cannot be used (Hidden, TryExec or program missing, not an application)'
complete -c assoc -n '__fish_seen_subcommand_from add' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from add' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from add' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from remove' -l dry-run -d 'print the change as a unified diff and write nothing'
complete -c assoc -n '__fish_seen_subcommand_from remove' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from remove' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from remove' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from reset' -l dry-run -d 'print the change as a unified diff and write nothing'
complete -c assoc -n '__fish_seen_subcommand_from reset' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from reset' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from reset' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from sync' -l dry-run -d 'print the change as a unified diff and write nothing'
complete -c assoc -n '__fish_seen_subcommand_from sync' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from sync' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from sync' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l check -d 'apply: change nothing; exit 0 when the machine complies, 1 when it does not'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l diff -d 'apply: print the unified diff of every list written (with --check: that would be written)'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l user -d 'apply: write the user\'s lists in $XDG_CONFIG_HOME (the default)'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l system -d 'apply: write the lists in the first directory of $XDG_CONFIG_DIRS (/etc/xdg by default)'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l desktop -x -a '(assoc __complete desktop-name 2>/dev/null)' -d 'apply: write NAME-mimeapps.list ([Default Applications] only) and NAME-roles.list, and verify on desktop NAME'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l json -d 'apply: one JSON object: changed, complies, files, entries (target, group, role, wanted, chosen, before, after, resolutions), warnings'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l all -d 'export: every effective default, not only the user\'s own choices'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from profile' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from mime' -l json -d 'one JSON object per line: type, comment (null when none), acronym, expandedAcronym, aliases, parents, ancestors, globs, icon, genericIcon'
complete -c assoc -n '__fish_seen_subcommand_from mime' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from mime' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from mime' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from types' -l newer -d 'update: do nothing when no package is newer than the compiled database (update-mime-database -n)'
complete -c assoc -n '__fish_seen_subcommand_from types' -l user -d 'install, uninstall: the user\'s $XDG_DATA_HOME/mime (the default); list: the user\'s packages only'
complete -c assoc -n '__fish_seen_subcommand_from types' -l system -d 'install, uninstall: the system\'s /usr/local/share/mime'
complete -c assoc -n '__fish_seen_subcommand_from types' -l prefix -x -a '(__fish_complete_directories)' -d 'install, uninstall: the data directory DIR\'s DIR/mime instead'
complete -c assoc -n '__fish_seen_subcommand_from types' -l novendor -d 'install: accept a package whose file name has no vendor prefix (vendor-NAME.xml)'
complete -c assoc -n '__fish_seen_subcommand_from types' -l force -d 'install: accept a package whose glob-deleteall or magic-deleteall takes away other packages\' rules'
complete -c assoc -n '__fish_seen_subcommand_from types' -l glob -x -d 'define: a file name pattern of the type, such as \'*.foo\' (repeatable)'
complete -c assoc -n '__fish_seen_subcommand_from types' -l comment -x -d 'define: the type\'s description'
complete -c assoc -n '__fish_seen_subcommand_from types' -l sub-class-of -x -a '(assoc __complete mime-type 2>/dev/null)' -d 'define: a parent type (repeatable)'
complete -c assoc -n '__fish_seen_subcommand_from types' -l alias -x -d 'define: another name of the type (repeatable)'
complete -c assoc -n '__fish_seen_subcommand_from types' -l icon -x -d 'define: the name of the type\'s icon'
complete -c assoc -n '__fish_seen_subcommand_from types' -l magic -x -d 'define: content that identifies the type, such as 0:string:FOO1 (TYPE: string, byte, big16, big32, little16, little32, host16 or host32; OFFSET may be a range START:END; repeatable, any one matching)'
complete -c assoc -n '__fish_seen_subcommand_from types' -l root-xml -x -d 'define: an XML document whose root element is LOCAL in the namespace NS is of the type (repeatable)'
complete -c assoc -n '__fish_seen_subcommand_from types' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from types' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from types' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from history' -l since -x -d 'only changes at or after TIME: YYYY-MM-DD[THH:MM[:SS]][Z] (UTC), HH:MM today (local time), or a duration ago such as 30m, 2h or 7d'
complete -c assoc -n '__fish_seen_subcommand_from history' -l json -d 'one JSON object per change, as the journal has it: id, time, type, before, after, changed, cause, command, file, added, removed, application, detail, files, process'
complete -c assoc -n '__fish_seen_subcommand_from history' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from history' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from history' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from undo' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from undo' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from undo' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from pin' -l list -d 'print each pin: TARGET, APP and, for a wildcard or extension, the types it covers now'
complete -c assoc -n '__fish_seen_subcommand_from pin' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from pin' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from pin' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from unpin' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from unpin' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from unpin' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from is-a' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from is-a' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from is-a' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from list' -l type -x -a '(assoc __complete type-pattern 2>/dev/null)' -d 'take documents conforming to T; repeat for more types'
complete -c assoc -n '__fish_seen_subcommand_from list' -l all -s a -d 'list the documents that do not conform too, marked unavailable with the reason'
complete -c assoc -n '__fish_seen_subcommand_from list' -l recursive -s r -d 'list the entries of subdirectories too'
complete -c assoc -n '__fish_seen_subcommand_from list' -l sort -x -a 'name date size' -d 'name (the default, by the bytes of the path), date (newest first) or size (largest first, directories last)'
complete -c assoc -n '__fish_seen_subcommand_from list' -l hidden -d 'list entries whose names start with \'.\''
complete -c assoc -n '__fish_seen_subcommand_from list' -l json -d 'one JSON object per line: path, type, directory, size (bytes; null for a directory), modified (ISO 8601 in UTC), location (local or remote), available, reason (null when available), origin (user.xdg.origin.url, or null), thumbnail (the path of a valid thumbnail, or null)'
complete -c assoc -n '__fish_seen_subcommand_from list' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from list' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from list' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from import' -l to -x -a '(__fish_complete_directories)' -d 'the destination directory (required)'
complete -c assoc -n '__fish_seen_subcommand_from import' -l mkdir -d 'create DIR and its parents when it does not exist'
complete -c assoc -n '__fish_seen_subcommand_from import' -l replace -d 'replace a file of the same name instead of numbering'
complete -c assoc -n '__fish_seen_subcommand_from import' -l type -x -a '(assoc __complete type-pattern 2>/dev/null)' -d 'refuse a FILE whose type does not conform to T (a MIME type, image/*, .pdf or a UTI); repeat for more types'
complete -c assoc -n '__fish_seen_subcommand_from import' -l json -d 'one JSON object per FILE: source, destination, method (copy, rename, copy-and-delete, none), replaced, error'
complete -c assoc -n '__fish_seen_subcommand_from import' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from import' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from import' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from export' -l to -x -a '(__fish_complete_directories)' -d 'the destination directory (required)'
complete -c assoc -n '__fish_seen_subcommand_from export' -l mkdir -d 'create DIR and its parents when it does not exist'
complete -c assoc -n '__fish_seen_subcommand_from export' -l replace -d 'replace a file of the same name instead of numbering'
complete -c assoc -n '__fish_seen_subcommand_from export' -l type -x -a '(assoc __complete type-pattern 2>/dev/null)' -d 'refuse a FILE whose type does not conform to T (a MIME type, image/*, .pdf or a UTI); repeat for more types'
complete -c assoc -n '__fish_seen_subcommand_from export' -l json -d 'one JSON object per FILE: source, destination, method (copy, rename, copy-and-delete, none), replaced, error'
complete -c assoc -n '__fish_seen_subcommand_from export' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from export' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from export' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from move' -l to -x -a '(__fish_complete_directories)' -d 'the destination directory (required)'
complete -c assoc -n '__fish_seen_subcommand_from move' -l mkdir -d 'create DIR and its parents when it does not exist'
complete -c assoc -n '__fish_seen_subcommand_from move' -l replace -d 'replace a file of the same name instead of numbering'
complete -c assoc -n '__fish_seen_subcommand_from move' -l type -x -a '(assoc __complete type-pattern 2>/dev/null)' -d 'refuse a FILE whose type does not conform to T (a MIME type, image/*, .pdf or a UTI); repeat for more types'
complete -c assoc -n '__fish_seen_subcommand_from move' -l json -d 'one JSON object per FILE: source, destination, method (copy, rename, copy-and-delete, none), replaced, error'
complete -c assoc -n '__fish_seen_subcommand_from move' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from move' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from move' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from check' -l json -d 'one JSON object per problem: severity, path, line (null when none), message, kind, fix (the suggestion) and fixable (whether --fix applies it)'
complete -c assoc -n '__fish_seen_subcommand_from check' -l fix -d 'apply the safe fixes, then check again and print what is left and how many were fixed: through the lossless, atomic editing of assoc set, a default that is not associated is associated, an application both added and removed keeps its addition, an alias key is written as its canonical type, an application that is not installed is taken out of the user\'s [Default Applications] and [Added Associations]; a leftover temporary file is removed. A read-only list is not written; the change is printed instead'
complete -c assoc -n '__fish_seen_subcommand_from check' -l dry-run -d 'with --fix, print the changes as a unified diff and write nothing'
complete -c assoc -n '__fish_seen_subcommand_from check' -l xdg-utils -d 'instead, say which xdg-open, xdg-mime and xdg-settings a PATH lookup finds, whether each is assoc\'s (see assoc-xdg-open(1)), and what each would open for a PDF, an https URL and a folder; exit status 1 unless all three are assoc\'s'
complete -c assoc -n '__fish_seen_subcommand_from check' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from check' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from check' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l mode -x -a 'open import export move save' -d 'open (the default), import, export, move or save'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l type -x -a '(assoc __complete type-pattern 2>/dev/null)' -d 'a filter of documents that can be chosen; repeat for a list of filters that Tab switches between'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l multiple -d 'choose several documents: Space selects, Enter chooses the selection'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l directory -d 'choose a folder instead of documents (open and import)'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l name -x -d 'the file name a save starts with'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l to -x -a '(__fish_complete_directories)' -d 'import: where documents are copied to (required); export, move, save: the folder shown first'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l null -s 0 -d 'separate the printed paths with NUL bytes instead of new lines'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l json -d 'one JSON object per chosen document: path, type, size, modified, location, and the others of assoc list'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l portal-request -r -F -d 'for assoc portal: show the file dialog FILE asks for and answer on its socket'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from pick' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from choose' -l role -x -a 'view edit markup' -d 'view (the default of mimeapps.list, as without --role), edit or markup: the defaults of $XDG_CONFIG_HOME/assoc/roles.list, resolved as docs/roles.md says'
complete -c assoc -n '__fish_seen_subcommand_from choose' -l type -x -a '(assoc __complete mime-type 2>/dev/null)' -d 'offer the applications of TYPE instead of the first TARGET\'s type'
complete -c assoc -n '__fish_seen_subcommand_from choose' -l print -d 'print the chosen desktop file ID instead of opening the TARGETs'
complete -c assoc -n '__fish_seen_subcommand_from choose' -l portal-request -r -F -d 'for assoc portal: offer the applications FILE names and answer on its socket'
complete -c assoc -n '__fish_seen_subcommand_from choose' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from choose' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from choose' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from settings' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from settings' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from settings' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from portal' -l replace -d 'take the bus name over from a running backend'
complete -c assoc -n '__fish_seen_subcommand_from portal' -l check -d 'say whether xdg-desktop-portal will pick assoc for the file and application dialogs, why not, and what to run'
complete -c assoc -n '__fish_seen_subcommand_from portal' -l json -d 'with --check: one JSON object'
complete -c assoc -n '__fish_seen_subcommand_from portal' -l register -d 'link the frontend\'s portals directory to the installed assoc.portal (as root; reversible)'
complete -c assoc -n '__fish_seen_subcommand_from portal' -l unregister -d 'remove the link --register made, and nothing else'
complete -c assoc -n '__fish_seen_subcommand_from portal' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from portal' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from portal' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from watch' -l status -d 'say whether a watcher is running, and its process ID'
complete -c assoc -n '__fish_seen_subcommand_from watch' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from watch' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from watch' -l help -s h -d 'show this help'
complete -c assoc -n '__fish_seen_subcommand_from help' -l database -x -a 'auto xml cache text' -d 'read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the cache when valid and not older than the packages, else the XML, else the text files'
complete -c assoc -n '__fish_seen_subcommand_from help' -l verbose -d 'also print notes about the data read, and every problem of a file'
complete -c assoc -n '__fish_seen_subcommand_from help' -l help -s h -d 'show this help'
complete -c assoc -n '__assoc_operand_is command' -a '(assoc __complete command 2>/dev/null)'
complete -c assoc -n '__assoc_operand_is desktop-id' -a '(assoc __complete desktop-id 2>/dev/null)'
complete -c assoc -n '__assoc_operand_is directory' -a '(__fish_complete_directories)'
complete -c assoc -n '__assoc_operand_is file' -F
complete -c assoc -n '__assoc_operand_is mime-type' -a '(assoc __complete mime-type 2>/dev/null)'
complete -c assoc -n '__assoc_operand_is type-pattern' -a '(assoc __complete type-pattern 2>/dev/null)'
complete -c assoc -n '__assoc_operand_is types-action' -a '(assoc __complete types-action 2>/dev/null)'
