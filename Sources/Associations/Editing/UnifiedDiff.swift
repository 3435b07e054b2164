import XDGSupport

/// A unified diff of two texts, line by line, for `--dry-run` and refused writes.
///
/// Lines both texts share at the start and at the end are set aside first, so the cost follows
/// the size of the change, not of the file: an edit of a list of a million lines diffs a handful.
/// The rest is compared line by line (Myers' shortest edit script) when it has at most a thousand
/// changed lines, and shown as one replaced block when it has more. Hunks carry three lines of context, as diff -u does.
public enum UnifiedDiff {
    /// Lines of context around each change.
    static let context = 3
    /// The most changed lines diffed line by line; more are shown as one replaced block.
    static let editLimit = 1000

    /// The diff of `old` and `new` labelled with `path`; empty when they are equal.
    public static func make(old: String?, new: String, path: String) -> String {
        let before = lines(old ?? "")
        let after = lines(new)
        guard before != after else { return "" }
        var operations = edits(before, after)
        // Group into hunks: runs of changes with at most 2 × context unchanged lines between them.
        var output = "--- \(old == nil ? "/dev/null" : path)\n+++ \(path)\n"
        var index = 0
        while index < operations.count {
            guard let firstChange = operations[index...].firstIndex(where: { $0.kind != .keep }) else { break }
            let start = max(firstChange - context, index)
            var end = firstChange
            var scan = firstChange
            while scan < operations.count {
                if operations[scan].kind != .keep {
                    end = scan
                    scan += 1
                    continue
                }
                let nextChange = operations[scan...].firstIndex { $0.kind != .keep }
                guard let nextChange, nextChange - scan <= 2 * context else { break }
                scan = nextChange
            }
            let stop = min(end + context + 1, operations.count)
            output += hunk(operations[start..<stop])
            index = stop
        }
        operations.removeAll()
        return output
    }

    /// The lines an edit removed and added (blank ones left out), each as `- LINE` or `+ LINE`
    /// with the group it is in
    /// (`+ application/pdf=viewer.desktop; (in [Default Applications])`), in file order: what an
    /// edit command prints it did.
    public static func changedLines(old: String?, new: String) -> [String] {
        // Each line is compared with the group it is in, so that an entry moved from one group to
        // another (remove: [Added Associations] to [Removed Associations]) shows as removed and added.
        func keyed(_ text: String) -> [String] {
            let groups = groupOfEachLine(text)
            return lines(text).enumerated().map { index, line in
                (groups.indices.contains(index) ? groups[index] : "") + "\n" + line
            }
        }
        return edits(keyed(old ?? ""), keyed(new)).compactMap { operation in
            let group = String(operation.text.prefix { $0 != "\n" })
            var text = String(operation.text.drop { $0 != "\n" }.dropFirst())
            if text.hasSuffix("\r") { text.removeLast() }
            // A blank line added or removed around a group says nothing to a person.
            if text.trimmingSpaces().isEmpty { return nil }
            let place = group.isEmpty || group == text ? "" : " (in \(group))"
            switch operation.kind {
            case .keep: return nil
            case .delete: return "- " + text + place
            case .insert: return "+ " + text + place
            }
        }
    }

    /// The group header each line of `text` is under (`[Default Applications]`; "" before the
    /// first), by the key-file grammar.
    private static func groupOfEachLine(_ text: String) -> [String] {
        var diagnostics: [Diagnostic] = []
        var current = ""
        return KeyFile(parsing: text, path: "", diagnostics: &diagnostics).lines.map { line in
            if case .group(let name, _) = line { current = "[\(name)]" }
            return current
        }
    }

    // MARK: - Edit script

    private enum Kind { case keep, delete, insert }

    private struct Operation {
        var kind: Kind
        var text: String
        /// The 1-based line in the old text (for keep and delete) and in the new (keep and insert).
        var oldLine: Int
        var newLine: Int
    }

    private static func edits(_ before: [String], _ after: [String]) -> [Operation] {
        var prefix = 0
        while prefix < before.count && prefix < after.count && before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix && suffix < after.count - prefix
            && before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        { suffix += 1 }
        let oldMiddle = Array(before[prefix..<before.count - suffix])
        let newMiddle = Array(after[prefix..<after.count - suffix])
        var operations: [Operation] = []
        var oldLine = 1
        var newLine = 1
        func add(_ kind: Kind, _ text: String) {
            operations.append(Operation(kind: kind, text: text, oldLine: oldLine, newLine: newLine))
            if kind != .insert { oldLine += 1 }
            if kind != .delete { newLine += 1 }
        }
        for line in before[..<prefix] { add(.keep, line) }
        for (kind, line) in middle(oldMiddle, newMiddle) { add(kind, line) }
        for line in before[(before.count - suffix)...] { add(.keep, line) }
        return operations
    }

    /// The changes between the parts that differ: Myers' shortest edit script, whose cost
    /// grows with the number of changed lines, so scattered edits of a huge list stay cheap;
    /// past `editLimit` changes, one replaced block.
    private static func middle(_ before: [String], _ after: [String]) -> [(Kind, String)] {
        let n = before.count
        let m = after.count
        let limit = min(editLimit, n + m)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...limit {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && before[x] == after[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n && y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else { return before.map { (.delete, $0) } + after.map { (.insert, $0) } }
        // Walk back from the end through the frontier before each step.
        var result: [(Kind, String)] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let previous = trace[d]
            let k = x - y
            let previousK = k == -d || (k != d && previous[offset + k - 1] < previous[offset + k + 1]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : previous[offset + previousK]
            let previousY = d == 0 ? 0 : previousX - previousK
            while x > previousX && y > previousY {
                result.append((.keep, before[x - 1]))
                x -= 1
                y -= 1
            }
            guard d > 0 else { break }
            if x == previousX { result.append((.insert, after[y - 1])) } else { result.append((.delete, before[x - 1])) }
            x = previousX
            y = previousY
        }
        return result.reversed()
    }

    /// One hunk: its `@@ -a,b +c,d @@` header and its lines.
    private static func hunk(_ operations: ArraySlice<Operation>) -> String {
        let oldCount = operations.filter { $0.kind != .insert }.count
        let newCount = operations.filter { $0.kind != .delete }.count
        // diff -u numbers an empty side from the line before it.
        let oldStart =
            oldCount == 0 ? (operations.first.map { $0.oldLine - 1 } ?? 0) : operations.first { $0.kind != .insert }!.oldLine
        let newStart =
            newCount == 0 ? (operations.first.map { $0.newLine - 1 } ?? 0) : operations.first { $0.kind != .delete }!.newLine
        var text = "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
        for operation in operations {
            switch operation.kind {
            case .keep: text += " " + operation.text + "\n"
            case .delete: text += "-" + operation.text + "\n"
            case .insert: text += "+" + operation.text + "\n"
            }
        }
        return text
    }

    /// The lines, split on the byte 0x0A (a "\r\n" is one Character, and must still end a line).
    private static func lines(_ text: String) -> [String] {
        var result = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if result.last == "" { result.removeLast() }
        return result
    }
}
