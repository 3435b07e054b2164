import Associations
import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
import Glibc
#endif

// The environment names the directories everything is read from (HOME, XDG_DATA_DIRS,
// XDG_CONFIG_HOME, XDG_CURRENT_DESKTOP); load the database once and share it.
let environment = XDGEnvironment(XDGEnvironment.processVariables())
let database = MIMEDatabase(environment: environment)

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: assoc-example type FILE...
           assoc-example is-a TYPE SUPERTYPE
           assoc-example apps TYPE
           assoc-example pick DIRECTORY PATTERN...
           assoc-example set TYPE APPLICATION.desktop [--write]
    """
switch (arguments.first, arguments.count) {
case ("type", 2...):
    exit(typeFiles(Array(arguments.dropFirst()), database: database))
case ("is-a", 3):
    exit(isA(arguments[1], arguments[2], database: database))
case ("apps", 2):
    showApplications(of: arguments[1], environment: environment, database: database)
case ("pick", 3...):
    exit(pickDocuments(in: arguments[1], patterns: Array(arguments.dropFirst(2)), database: database))
case ("set", 3), ("set", 4):
    let write = arguments.count == 4 && arguments[3] == "--write"
    exit(setDefault(of: arguments[1], to: arguments[2], write: write, environment: environment, database: database))
default:
    print(usage)
    exit(64)
}
