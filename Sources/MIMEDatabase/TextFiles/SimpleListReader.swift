import XDGSupport

/// Reads the one-rule-a-line files `update-mime-database` writes beside `mime.cache`: `aliases`
/// and `subclasses` (`type other`), `icons` and `generic-icons` (`type:icon`), and
/// `XMLnamespaces` (`namespaceURI localName type`, the local name possibly empty). A line that
/// does not have its file's shape is ignored with a warning.
enum SimpleListReader {
    /// The files and what each line of them holds.
    enum Kind: CaseIterable {
        case aliases, subclasses, icons, genericIcons, namespaces

        /// The file's name in a `mime/` directory.
        var fileName: String {
            switch self {
            case .aliases: return "aliases"
            case .subclasses: return "subclasses"
            case .icons: return "icons"
            case .genericIcons: return "generic-icons"
            case .namespaces: return "XMLnamespaces"
            }
        }

        /// The shape of a line, for warnings.
        var shape: String {
            switch self {
            case .aliases: return "'alias type'"
            case .subclasses: return "'type parent'"
            case .icons, .genericIcons: return "'type:icon'"
            case .namespaces: return "'namespaceURI localName type'"
            }
        }
    }

    /// Adds the rules of `bytes`, the text of the file at `path`, to `contents`.
    static func read(
        _ kind: Kind, _ bytes: [UInt8], path: String, into contents: inout DirectoryContents,
        diagnostics: inout [Diagnostic]
    ) {
        var problems = LineProblems(path: path)
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            let separator = kind == .icons || kind == .genericIcons ? UInt8(ascii: ":") : UInt8(ascii: " ")
            let fields = line.split(
                separator: separator, maxSplits: kind == .namespaces ? 2 : 1, omittingEmptySubsequences: false
            )
            .map(TextFields.text)
            guard fields.count == (kind == .namespaces ? 3 : 2), !fields[0].isEmpty, !fields[fields.count - 1].isEmpty else {
                problems.add(line: number, "expected \(kind.shape)")
                continue
            }
            let types = kind == .aliases || kind == .subclasses ? fields : kind == .namespaces ? [fields[2]] : [fields[0]]
            if let bad = types.first(where: { !MIMETypeName.isRestrictedName($0) }) {
                problems.add(line: number, MIMETypeName.restrictedNameProblem(bad))
                continue
            }
            switch kind {
            case .aliases:
                contents.aliases[fields[0]] = fields[1]
                contents.types.insert(fields[1])
            case .subclasses:
                if !contents.parents[fields[0], default: []].contains(fields[1]) {
                    contents.parents[fields[0], default: []].append(fields[1])
                }
                contents.types.insert(fields[0])
            case .icons: contents.icons[fields[0]] = fields[1]
            case .genericIcons: contents.genericIcons[fields[0]] = fields[1]
            case .namespaces:
                contents.rootXML.append(RootXMLRule(namespaceURI: fields[0], localName: fields[1], mimeType: fields[2]))
            }
        }
        if let diagnostic = problems.diagnostic { diagnostics.append(diagnostic) }
    }
}
