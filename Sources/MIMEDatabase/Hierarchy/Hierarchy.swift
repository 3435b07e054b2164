import XDGSupport

/// The type hierarchy: explicit and implicit parents, ancestors, cycle detection (SPECS rules 29–32).
enum Hierarchy {
    static let octetStream = "application/octet-stream"
    static let textPlain = "text/plain"

    static func parents(of type: String, in database: MIMEDatabase) -> [String] {
        var result: [String] = []
        for parent in database.explicitParents(of: type) ?? [] {
            let canonical = database.canonicalName(parent)
            if canonical != type && !result.contains(canonical) { result.append(canonical) }
        }
        if result.isEmpty { result = implicitParents(of: type) }
        return result
    }

    /// The parents rule 29 gives every type: `text/plain` for `text/*`, then `application/octet-stream`
    /// for everything but `inode/*`; a type is never its own parent.
    static func implicitParents(of type: String) -> [String] {
        if MIMETypeName.hasMedia(type, "inode") || type == octetStream { return [] }
        if MIMETypeName.hasMedia(type, "text") && type != textPlain { return [textPlain] }
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
        if !MIMETypeName.hasMedia(type, "inode") && type != octetStream {
            result.append(octetStream)
        }
        return result
    }

    /// Whether `supertype` is among the ancestors of `type` (both canonical): the answer of
    /// `ancestors(of:in:).contains(supertype)`, found by a depth-first walk that stops at the
    /// first hit instead of listing every ancestor.
    static func inherits(_ type: String, from supertype: String, in database: MIMEDatabase) -> Bool {
        if sameName(supertype, octetStream) {
            return !MIMETypeName.hasMedia(type, "inode") && type != octetStream
        }
        if implicitParents(of: type).contains(where: { sameName($0, supertype) }) { return true }
        var seen: [String] = [type]
        var stack = parents(of: type, in: database)
        while let current = stack.popLast() {
            if sameName(current, supertype) { return true }
            if seen.contains(current) { continue }
            seen.append(current)
            stack += parents(of: current, in: database)
        }
        return false
    }

    /// MIME type names compare without regard to case (SPECS rule 8).
    static func sameName(_ a: String, _ b: String) -> Bool {
        a == b || (a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased())
    }

    /// One diagnostic per `sub-class-of` cycle in the explicit graph (SPECS rule 32), naming the
    /// file that declares its first edge when `directories` has it.
    static func cycleDiagnostics(_ contents: DirectoryContents, directories: [LoadedDirectory] = []) -> [Diagnostic] {
        var state: [String: Bool] = [:]  // false: on the current path; true: done
        state.reserveCapacity(contents.parents.count * 2)
        var reported: [Diagnostic] = []
        var path: [String] = []
        var locating = false
        func visit(_ type: String) {
            if let done = state[type] {
                if !done {
                    let cycle = Array(path.drop { $0 != type } + [type])
                    let origin =
                        locating && cycle.count > 1
                        ? CycleOrigin.locate(child: cycle[0], parent: cycle[1], in: directories) : nil
                    reported.append(
                        Diagnostic(
                            path: origin?.path ?? "sub-class-of", line: origin?.line,
                            message: "cycle in the type hierarchy: \(cycle.joined(separator: " → ")); the loop is cut"))
                }
                return
            }
            guard let parents = contents.parents[type] else {
                state[type] = true
                return
            }
            state[type] = false
            path.append(type)
            for parent in parents { visit(contents.aliases[parent] ?? parent) }
            path.removeLast()
            state[type] = true
        }
        for type in contents.parents.keys { visit(type) }
        guard !reported.isEmpty else { return [] }
        // Report cycles in one order whatever the order of the table, and only now look for the
        // files that declare them: walk again, sorted.
        state.removeAll(keepingCapacity: true)
        reported.removeAll()
        locating = true
        for type in contents.parents.keys.sorted() { visit(type) }
        return reported
    }
}
