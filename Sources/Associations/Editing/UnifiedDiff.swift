/// A unified diff of two texts, line by line, for `--dry-run` and refused writes.
public enum UnifiedDiff {
    /// The diff of `old` and `new` labelled with `path`; empty when they are equal.
    public static func make(old: String?, new: String, path: String) -> String {
        let before = lines(old ?? "")
        let after = lines(new)
        guard before != after else { return "" }
        // Longest common subsequence table; list files are small.
        let n = before.count, m = after.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = before[i] == after[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var body: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && before[i] == after[j] {
                body.append(" " + before[i]); i += 1; j += 1
            } else if j < m && (i == n || table[i][j + 1] >= table[i + 1][j]) {
                body.append("+" + after[j]); j += 1
            } else {
                body.append("-" + before[i]); i += 1
            }
        }
        let header = "--- \(old == nil ? "/dev/null" : path)\n+++ \(path)\n@@ -\(n == 0 ? 0 : 1),\(n) +\(m == 0 ? 0 : 1),\(m) @@\n"
        return header + body.joined(separator: "\n") + "\n"
    }

    private static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }
}
