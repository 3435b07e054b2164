/// A unified diff of two texts, line by line, for `--dry-run` and refused writes.
///
/// Lines both texts share at the start and at the end are set aside first, so the cost follows
/// the size of the change, not of the file: an edit of a list of a million lines diffs a handful.
/// The rest is compared line by line (a longest common subsequence) when it is small, and shown
/// as one replaced block when it is not. Hunks carry three lines of context, as diff -u does.
public enum UnifiedDiff {
    /// Lines of context around each change.
    static let context = 3
    /// The largest middle part (old lines × new lines) compared line by line.
    static let comparedCells = 4_000_000

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
            && before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
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

    /// The changes between the parts that differ.
    private static func middle(_ before: [String], _ after: [String]) -> [(Kind, String)] {
        let n = before.count, m = after.count
        guard n * m <= comparedCells else {
            return before.map { (.delete, $0) } + after.map { (.insert, $0) }
        }
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = before[i] == after[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [(Kind, String)] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && before[i] == after[j] {
                result.append((.keep, before[i])); i += 1; j += 1
            } else if j < m && (i == n || table[i][j + 1] >= table[i + 1][j]) {
                result.append((.insert, after[j])); j += 1
            } else {
                result.append((.delete, before[i])); i += 1
            }
        }
        return result
    }

    /// One hunk: its `@@ -a,b +c,d @@` header and its lines.
    private static func hunk(_ operations: ArraySlice<Operation>) -> String {
        let oldCount = operations.filter { $0.kind != .insert }.count
        let newCount = operations.filter { $0.kind != .delete }.count
        // diff -u numbers an empty side from the line before it.
        let oldStart = oldCount == 0 ? (operations.first.map { $0.oldLine - 1 } ?? 0) : operations.first { $0.kind != .insert }!.oldLine
        let newStart = newCount == 0 ? (operations.first.map { $0.newLine - 1 } ?? 0) : operations.first { $0.kind != .delete }!.newLine
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
