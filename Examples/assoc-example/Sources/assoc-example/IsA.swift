import MIMEDatabase

/// Answers whether `type` is a kind of `supertype` (aliases, the type hierarchy and media
/// wildcards such as `image/*` included), and prints the way up.
func isA(_ type: String, _ supertype: String, database: MIMEDatabase) -> Int32 {
    guard database.isKnown(type) else {
        print("\(type): the database does not define it")
        return 2
    }
    let canonical = database.canonicalName(type)  // an alias names its type
    let chain = ([canonical] + database.ancestors(of: canonical)).joined(separator: " < ")
    let answer = database.isA(type, supertype)
    print("\(chain)\n\(canonical) is \(answer ? "" : "not ")a \(supertype)")
    return answer ? 0 : 1
}
