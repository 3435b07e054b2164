import XDGSupport

/// The type hierarchy: explicit and implicit parents, ancestors, cycle detection (SPECS rules 29–32).
enum Hierarchy {
    static let octetStream = "application/octet-stream"
    static let textPlain = "text/plain"

    static func parents(of type: String, in database: MIMEDatabase) -> [String] {
        var result: [String] = []
        for parent in database.contents.parents[type, default: []] {
            let canonical = database.canonicalName(parent)
            if canonical != type && !result.contains(canonical) { result.append(canonical) }
        }
        if result.isEmpty { result = implicitParents(of: type) }
        return result
    }

    /// The parents rule 29 gives every type: `text/plain` for `text/*`, then `application/octet-stream`
    /// for everything but `inode/*`; a type is never its own parent.
    static func implicitParents(of type: String) -> [String] {
        let media = MIMETypeName.media(of: type).lowercased()
        if media == "inode" || type == octetStream { return [] }
        if media == "text" && type != textPlain { return [textPlain] }
        return [octetStream]
    }

    static func ancestors(of type: String, in database: MIMEDatabase) -> [String] {
        var result: [String] = []
        var seen: Set<String> = [type]
        var queue = parents(of: type, in: database)
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            guard seen.insert(current).inserted else { continue }
            if current != octetStream { result.append(current) }
            queue += parents(of: current, in: database)
        }
        // Implicit ancestors hold even when an explicit chain never reaches them.
        for implicit in implicitParents(of: type) where implicit != octetStream && !seen.contains(implicit) {
            seen.insert(implicit)
            result.append(implicit)
        }
        if MIMETypeName.media(of: type).lowercased() != "inode" && type != octetStream {
            result.append(octetStream)
        }
        return result
    }

    /// One diagnostic per `sub-class-of` cycle in the explicit graph (SPECS rule 32), naming the
    /// file that declares its first edge when `directories` has it.
    static func cycleDiagnostics(_ contents: DirectoryContents, directories: [LoadedDirectory] = []) -> [Diagnostic] {
        var state: [String: Bool] = [:]  // false: on the current path; true: done
        var reported: [Diagnostic] = []
        func visit(_ type: String, path: [String]) {
            if state[type] == true { return }
            if state[type] == false {
                let cycle = Array(path.drop { $0 != type } + [type])
                let origin = cycle.count > 1 ? CycleOrigin.locate(child: cycle[0], parent: cycle[1], in: directories) : nil
                reported.append(Diagnostic(path: origin?.path ?? "sub-class-of", line: origin?.line,
                    message: "cycle in the type hierarchy: \(cycle.joined(separator: " → ")); the loop is cut"))
                return
            }
            state[type] = false
            for parent in contents.parents[type, default: []] {
                visit(contents.aliases[parent] ?? parent, path: path + [type])
            }
            state[type] = true
        }
        for type in contents.parents.keys.sorted() { visit(type, path: []) }
        return reported
    }
}
