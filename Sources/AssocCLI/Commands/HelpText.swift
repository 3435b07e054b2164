/// The text of `assoc --help`.
enum HelpText {
    static let main = """
        Usage: assoc [--database auto|xml|cache|text] COMMAND [OPTIONS] [ARGUMENTS]

        File types and default applications, the freedesktop way.

        Commands:
          type PATH...            the MIME type of files, by attribute, kind, name and content
          explain PATH|TYPE|URL   each step of detection and resolution, and GIO's answer
          default TYPE|PATH|URL   the default application
          apps [TYPE|PATH|URL]    default, recommended and fallback applications; or all
          open TARGET...          open files and URLs with their applications, never a shell
          set TARGET APP          make APP the default (a type, image/*, .pdf, or --file PATH)
          unset TARGET            remove a default (or --file PATH)
          add TYPE APP            associate APP with TYPE
          remove TYPE APP         take APP away from TYPE
          reset TARGET            forget the user's settings for a type
          sync                    apply the remembered wildcard and extension rules again
          mime TYPE...            what the database says about a type
          is-a TYPE SUPERTYPE     exit 0 when TYPE is a kind of SUPERTYPE, else 1
          list [DIR...]           the documents an application can take (--type), local or remote
          import FILE... --to DIR copy documents in, never overwriting (numbered names)
          export FILE... --to DIR copy documents out; --mkdir creates the destination
          move FILE... --to DIR   move documents: a rename, or copy, check and delete
          check [--fix]           every problem in the configuration, with file, line and a fix

        Global options:
          --database SOURCE   read each mime/ directory from its xml packages, its mime.cache,
                              its generated text files, or auto: the cache when valid and
                              not older than the packages, else the xml, else the text files
          --verbose           also print notes about the data read
          -h, --help          show help; 'assoc COMMAND --help' for a command
          --version           print the version

        Exit status: 0 answered, 1 no answer (unknown type, not a subtype, no default), 2 usage error
        or failure. See assoc(1).
        """
}
