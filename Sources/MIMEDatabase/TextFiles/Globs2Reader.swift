import XDGSupport

/// Reads the `globs2` file `update-mime-database` writes (SPECS rules 7, 9): one
/// `weight:type:pattern[:flags[:more]]` rule a line, `#` comments, `__NOGLOBS__` for
/// `<glob-deleteall/>`; and the older `globs` file (`type:pattern`, weight 50) where there is no
/// `globs2`. A line that does not have this shape is ignored with a warning.
///
/// Only the first line of a pattern for a type counts, as in xdgmime: the tool writes a
/// case-sensitive glob twice, `50:text/x-c++src:*.C:cs` and then `50:text/x-c++src:*.C` for
/// readers that know no flags, and two patterns that differ only in case once each.
enum Globs2Reader {
    /// Adds the rules of `bytes`, the text of the file at `path`, to `contents`.
    static func read(
        _ bytes: [UInt8], path: String, weighted: Bool, into contents: inout DirectoryContents,
        diagnostics: inout [Diagnostic]
    ) {
        var problems = LineProblems(path: path)
        var seen = Set<String>()
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            // In the older `globs`, the pattern is the rest of the line.
            let fields = line.split(
                separator: UInt8(ascii: ":"), maxSplits: weighted ? Int.max : 1,
                omittingEmptySubsequences: false)
            let minimum = weighted ? 3 : 2
            guard fields.count >= minimum else {
                problems.add(line: number, "expected \(weighted ? "'weight:type:pattern'" : "'type:pattern'")")
                continue
            }
            var weight = 50
            if weighted {
                guard let parsed = TextFields.number(fields[0]), parsed <= 100 else {
                    problems.add(line: number, "the weight '\(TextFields.text(fields[0]))' is not a number from 0 to 100")
                    continue
                }
                weight = parsed
            }
            let type = TextFields.text(fields[minimum - 2])
            guard MIMETypeName.isRestrictedName(type) else {
                problems.add(line: number, MIMETypeName.restrictedNameProblem(type))
                continue
            }
            let pattern = TextFields.text(fields[minimum - 1])
            guard !pattern.isEmpty else {
                problems.add(line: number, "the pattern is empty")
                continue
            }
            if pattern == GlobRule.deleteAllMarker {
                contents.globDeleteAll.insert(type)
                continue
            }
            guard seen.insert(type + "\u{0}" + pattern).inserted else { continue }
            // Flags are comma-separated; only `cs` is defined, and unknown ones are ignored.
            let flags = weighted && fields.count > 3 ? fields[3].split(separator: UInt8(ascii: ",")) : []
            let caseSensitive = flags.contains { $0.elementsEqual("cs".utf8) }
            contents.types.insert(type)
            contents.globs.append(GlobRule(pattern: pattern, mimeType: type, weight: weight, caseSensitive: caseSensitive))
        }
        if let diagnostic = problems.diagnostic { diagnostics.append(diagnostic) }
    }
}
