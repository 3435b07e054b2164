import XDGSupport

/// One element as the streaming reader saw it, with the attributes the builder asked for.
struct XMLElement {
    var name: String
    var depth: Int
    var line: Int
    var attributes: [String: String]
    var text: String
    var language: String?
}

/// Turns the element events of one XML document into `DirectoryContents`.
///
/// Elements are accepted only where the specification puts them (children of `<mime-type>`,
/// `<match>` inside `<magic>` or another `<match>`), so nested foreign content is ignored.
struct PackageBuilder {
    /// The attributes read for each element name.
    static let attributeNames: [String: [String]] = [
        "mime-type": ["type"],
        "glob": ["pattern", "weight", "case-sensitive"],
        "alias": ["type"],
        "sub-class-of": ["type"],
        "magic": ["priority"],
        "match": ["type", "value", "offset", "mask"],
        "icon": ["name"],
        "generic-icon": ["name"],
        "root-XML": ["namespaceURI", "localName"],
        "treemagic": ["priority"],
        "treematch": ["path", "type", "match-case", "executable", "non-empty", "mimetype"],
    ]

    let path: String
    private(set) var package = DirectoryContents()
    private(set) var diagnostics: [Diagnostic] = []

    private var currentType: String?
    private var typeDepth = 0
    private var magicPriority = 50
    private var magicDepth: Int?
    private var magicInvalid = false
    private var magicLine: Int?
    /// Open `<match>` elements, innermost last; index 0 collects the section's top level.
    private var matchStack: [[Matchlet]] = []
    private var treePriority = 50
    private var treeDepth: Int?
    private var treeStack: [[TreeMatch]] = []
    private var pendingTreeMatches: [TreeMatch?] = []
    private var pendingMatchlets: [Matchlet?] = []

    init(path: String) {
        self.path = path
    }

    mutating func start(_ element: XMLElement) {
        if element.name == "mime-type" {
            beginType(element)
            return
        }
        guard let type = currentType else { return }
        if let magicDepth {
            if element.name == "match" && element.depth == magicDepth + matchStack.count {
                beginMatch(element)
            }
            return
        }
        if let treeDepth {
            if element.name == "treematch" && element.depth == treeDepth + treeStack.count {
                beginTreeMatch(element, type: type)
            }
            return
        }
        guard element.depth == typeDepth + 1 else { return }
        switch element.name {
        case "glob": addGlob(element, type: type)
        case "glob-deleteall":
            package.globs.removeAll { $0.mimeType == type }
            package.globDeleteAll.insert(type)
        case "magic":
            magicDepth = element.depth
            magicLine = element.line
            magicPriority = number(element, "priority", default: 50, max: 100)
            magicInvalid = false
            matchStack = [[]]
            pendingMatchlets = []
        case "magic-deleteall":
            package.magic.removeAll { $0.mimeType == type }
            package.magicDeleteAll.insert(type)
        case "alias":
            guard let alias = typeName(element, of: "alias") else { return }
            package.aliases[alias] = type
        case "sub-class-of":
            guard let parent = typeName(element, of: "sub-class-of") else { return }
            if parent != type && !package.parents[type, default: []].contains(parent) {
                package.parents[type, default: []].append(parent)
            } else if parent == type {
                warn(element, "'\(type)' is declared a sub-class of itself")
            }
        case "comment":
            if let language = element.language, !language.isEmpty {
                package.descriptions[type, default: TypeDescription()].localizedComments[language] = element.text
            } else {
                package.descriptions[type, default: TypeDescription()].comment = element.text
            }
        case "acronym": package.descriptions[type, default: TypeDescription()].acronym = element.text
        case "expanded-acronym":
            package.descriptions[type, default: TypeDescription()].expandedAcronym = element.text
        case "icon":
            if let name = element.attributes["name"], !name.isEmpty { package.icons[type] = name }
        case "generic-icon":
            if let name = element.attributes["name"], !name.isEmpty { package.genericIcons[type] = name }
        case "root-XML":
            guard let uri = element.attributes["namespaceURI"] else {
                return warn(element, "<root-XML> needs a 'namespaceURI' attribute")
            }
            let rule = RootXMLRule(namespaceURI: uri, localName: element.attributes["localName"] ?? "", mimeType: type)
            if !package.rootXML.contains(rule) { package.rootXML.append(rule) }
        case "treemagic":
            treeDepth = element.depth
            treePriority = number(element, "priority", default: 50, max: 100)
            treeStack = [[]]
            pendingTreeMatches = []
        default:
            break
        }
    }

    mutating func end(name: String, depth: Int) {
        if name == "mime-type" && depth == typeDepth {
            currentType = nil
            return
        }
        if let magicDepth, let type = currentType {
            if name == "match" && depth == magicDepth + matchStack.count - 1 {
                endMatch()
            } else if name == "magic" && depth == magicDepth {
                if !magicInvalid, let top = matchStack.first, !top.isEmpty {
                    package.magic.append(MagicRule(priority: magicPriority, mimeType: type, matchlets: top))
                    let extent = MagicReadLimit.extent(of: top)
                    if extent > MagicReadLimit.bytes {
                        diagnostics.append(MagicReadLimit.warning(path: path, line: magicLine, type: type, extent: extent))
                    }
                }
                self.magicDepth = nil
                matchStack = []
            }
            return
        }
        if let treeDepth, let type = currentType {
            if name == "treematch" && depth == treeDepth + treeStack.count - 1 {
                endTreeMatch()
            } else if name == "treemagic" && depth == treeDepth {
                if let top = treeStack.first, !top.isEmpty {
                    package.treeMagic.append(TreeMagicRule(priority: treePriority, mimeType: type, matches: top))
                }
                self.treeDepth = nil
                treeStack = []
            }
        }
    }

    // MARK: - Elements

    private mutating func beginType(_ element: XMLElement) {
        guard let type = typeName(element, of: "mime-type") else {
            currentType = nil
            return
        }
        currentType = type
        typeDepth = element.depth
        package.types.insert(type)
    }

    private mutating func addGlob(_ element: XMLElement, type: String) {
        guard let pattern = element.attributes["pattern"], !pattern.isEmpty else {
            return warn(element, "<glob> needs a non-empty 'pattern' attribute")
        }
        let rule = GlobRule(
            pattern: pattern, mimeType: type, weight: number(element, "weight", default: 50, max: 100),
            caseSensitive: element.attributes["case-sensitive"] == "true")
        if !package.globs.contains(rule) { package.globs.append(rule) }
    }

    private mutating func beginMatch(_ element: XMLElement) {
        do {
            let matchlet = try MagicValueCompiler.compile(
                type: element.attributes["type"], value: element.attributes["value"],
                offset: element.attributes["offset"], mask: element.attributes["mask"])
            pendingMatchlets.append(matchlet)
        } catch {
            warn(element, "invalid <match> in the magic of '\(currentType ?? "")': \(error.reason); section ignored")
            magicInvalid = true
            pendingMatchlets.append(nil)
        }
        matchStack.append([])
    }

    private mutating func endMatch() {
        let children = matchStack.removeLast()
        guard let last = pendingMatchlets.popLast(), var matchlet = last else { return }
        matchlet.children = children
        matchStack[matchStack.count - 1].append(matchlet)
    }

    private mutating func beginTreeMatch(_ element: XMLElement, type: String) {
        let attributes = element.attributes
        guard let path = attributes["path"], let kind = TreeMatch.Kind(rawValue: attributes["type"] ?? "any") else {
            warn(element, "<treematch> needs 'path' and a 'type' of file, directory, link or any")
            pendingTreeMatches.append(nil)
            treeStack.append([])
            return
        }
        pendingTreeMatches.append(
            TreeMatch(
                path: path, kind: kind, matchCase: attributes["match-case"] == "true",
                executable: attributes["executable"] == "true", nonEmpty: attributes["non-empty"] == "true",
                mimeType: attributes["mimetype"]))
        treeStack.append([])
    }

    private mutating func endTreeMatch() {
        let children = treeStack.removeLast()
        guard let last = pendingTreeMatches.popLast(), var match = last else { return }
        match.children = children
        treeStack[treeStack.count - 1].append(match)
    }

    // MARK: - Helpers

    /// The `type` attribute of `element`, a `<name>`, when it is a name RFC 6838 allows; else nil,
    /// and a warning that the element is skipped.
    private mutating func typeName(_ element: XMLElement, of name: String) -> String? {
        guard let type = element.attributes["type"] else {
            warn(element, "<\(name)> needs a 'type' attribute; skipped")
            return nil
        }
        guard MIMETypeName.isRestrictedName(type) else {
            warn(element, "<\(name)>: \(MIMETypeName.restrictedNameProblem(type)); skipped")
            return nil
        }
        return type
    }

    private mutating func number(_ element: XMLElement, _ name: String, default fallback: Int, max: Int) -> Int {
        guard let text = element.attributes[name] else { return fallback }
        guard let value = Int(text.trimmingWhitespace()), (0...max).contains(value) else {
            warn(element, "'\(name)' must be a whole number from 0 to \(max), found '\(text)'; using \(fallback)")
            return fallback
        }
        return value
    }

    private mutating func warn(_ element: XMLElement, _ message: String) {
        diagnostics.append(Diagnostic(path: path, line: element.line, message: message))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let start = firstIndex { !blank($0) } ?? endIndex
        let end = lastIndex { !blank($0) }.map { index(after: $0) } ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
