@testable import MIMEDatabase

/// Builds a database from what a reader produced and asks it everything a command would:
/// names, hierarchy (which must terminate on cycles), globs, magic, XML roots.
func exerciseDatabase(_ contents: DirectoryContents, sample: [UInt8]) {
    var merged = DirectoryContents()
    merged.absorb(contents)
    let database = MIMEDatabase(contents: merged)
    for type in database.allTypes.prefix(64) {
        let ancestors = database.ancestors(of: type)
        guard Set(ancestors).count == ancestors.count else { fuzzFailure("an ancestor repeats for '\(type)'") }
        _ = database.isA(type, "text/plain")
        _ = database.aliases(of: type)
        _ = database.globs(of: type)
        _ = database.iconName(of: type)
        _ = database.genericIconName(of: type)
    }
    let detector = TypeDetector(database: database)
    for rule in contents.globs.prefix(16) {
        let name = "file" + rule.pattern.replacingStars()
        _ = detector.detect(name: name)
        _ = detector.detect(name: name, data: sample)
    }
    _ = detector.detect(data: sample)
    _ = detector.detect(name: "a.xml", data: sample)
}

extension String {
    fileprivate func replacingStars() -> String {
        String(unicodeScalars.map { $0 == "*" || $0 == "?" ? "x" : Character($0) })
    }
}
