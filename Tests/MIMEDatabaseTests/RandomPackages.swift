import AssocTestSupport
import Foundation

/// Random shared-mime-info package sets for comparing `assoc types update` with
/// `update-mime-database`: types shared between packages, globs with weights and case-sensitive
/// flags (some non-ASCII, some clashing), nested magic with masks of every match type, aliases,
/// parents, XML roots, tree magic, translated comments, icons, elements in other namespaces,
/// `glob-deleteall` and `magic-deleteall`, now and then `Override.xml`, and rarely an invalid
/// element the reference compiler reports and partly keeps.
struct RandomPackages {
    var random: SplitMix

    /// File name and text of each package of one set.
    mutating func packageSet() -> [(name: String, text: String)] {
        var types = (0..<int(3...14)).map { _ in typeName() }
        // Now and then a type differing from another only in case: both write one MEDIA/SUBTYPE.xml.
        if chance(0.15), let first = types.first, let slash = first.firstIndex(of: "/") {
            types.append(String(first[...slash]) + first[first.index(after: slash)...].uppercased())
        }
        var names = Set<String>()
        var packages: [(String, String)] = []
        for _ in 0..<int(1...4) {
            var name = pick(["a", "b", "Z", "pkg-", "x.y", "freedesktop.org", "ü"]) + String(int(0...99)) + ".xml"
            if chance(0.1) { name = "Override.xml" }
            guard names.insert(name).inserted else { continue }
            packages.append((name, package(types)))
        }
        return packages
    }

    private mutating func package(_ pool: [String]) -> String {
        var body = ""
        for _ in 0..<int(1...6) {
            body += mimeType(pick(pool), pool: pool)
        }
        if chance(0.1) { body += "  <!-- a comment between types -->\n  <?target data?>\n" }
        var prolog = chance(0.3) ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        if chance(0.1) {
            prolog +=
                "<!DOCTYPE mime-info [\n  <!ENTITY product \"Kalo &amp; Mine\">\n"
                + "  <!ATTLIST glob weight CDATA \"45\">\n]>\n"
            body = body.replacingOccurrences(of: "Archive", with: "&product;")
        }
        return prolog + "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n" + body + "</mime-info>\n"
    }

    private mutating func mimeType(_ name: String, pool: [String]) -> String {
        var fields: [String] = []
        for _ in 0..<int(0...9) {
            switch int(0...16) {
            case 0, 1, 2: fields.append(glob())
            case 3: fields.append(chance(0.5) ? "<glob-deleteall/>" : "<magic-deleteall/>")
            case 4, 5: fields.append(magic(depth: 0))
            case 6: fields.append("<alias type=\"\(typeName())\"/>")
            case 7: fields.append("<sub-class-of type=\"\(chance(0.7) ? pick(pool) : typeName())\"/>")
            case 8: fields.append(comment())
            case 9: fields.append(comment())
            case 10: fields.append(rootXML())
            case 11: fields.append(treeMagic())
            case 12: fields.append("<\(pick(["icon", "generic-icon"])) name=\"\(word())-\(word())\"/>")
            case 13:
                fields.append(
                    pick(["<acronym>\(word().uppercased())</acronym>", "<expanded-acronym>\(text())</expanded-acronym>"]))
            case 14:
                fields.append(
                    "<x:extra xmlns:x=\"http://example.com/\(word())\" x:a=\"\(word())\" b=\"1\">\n  <x:inner>\(text())</x:inner>\n</x:extra>"
                )
            case 15: fields.append("<unknown-element attribute=\"\(word())\"/>")
            default: if chance(0.15) { fields.append(invalidElement()) } else { fields.append(glob()) }
            }
        }
        let indent = pick(["  ", "\t", ""])
        let separator = chance(0.8) ? "\n" + indent + indent : ""
        return indent + "<mime-type type=\"\(name)\">" + fields.map { separator + $0 }.joined()
            + (separator.isEmpty ? "" : "\n" + indent)
            + "</mime-type>\n"
    }

    private mutating func glob() -> String {
        var attributes = "pattern=\"\(pattern())\""
        if chance(0.5) {
            attributes += " weight=\"\(pick(["0", "5", "10", "40", "50", "55", "60", "80", "100", String(int(0...100))]))\""
        }
        if chance(0.25) { attributes += " case-sensitive=\"\(pick(["true", "false", "TRUE"]))\"" }
        return "<glob \(attributes)/>"
    }

    private mutating func pattern() -> String {
        let stem = word() + (chance(0.2) ? pick(["Ü", "é", "ß", "日本", "Ω"]) : "") + (chance(0.3) ? word().uppercased() : "")
        switch int(0...9) {
        case 0, 1, 2, 3, 4: return "*." + stem
        case 5: return "*" + stem
        case 6: return stem.prefix(1).uppercased() + stem.dropFirst()
        case 7: return stem + ".*"
        case 8: return "*." + stem + pick(["[0-9]", "?", "~", ".bak"])
        default:
            return pick([
                "Makefile", "README", "core", "*.txt", "*.C", "*.c", "*.tar.gz", "*.gz", "*.ü", "*.new&#10;line", "a&#9;b",
                "*.q&quot;&gt;&#13;&lt;&amp;",
            ])
        }
    }

    private mutating func magic(depth: Int) -> String {
        let priority = chance(0.5) ? " priority=\"\(pick(["10", "20", "50", "60", "80", "90", String(int(0...100))]))\"" : ""
        let matches = (0..<int(1...3)).map { _ in match(depth: 0) }.joined()
        return "<magic\(priority)>" + matches + "</magic>"
    }

    private mutating func match(depth: Int) -> String {
        let offset = chance(0.6) ? String(int(0...300)) : "\(int(0...40)):\(int(40...400))"
        var attributes: String
        switch int(0...8) {
        case 0, 1, 2:
            let value = stringValue()
            attributes = "type=\"string\" value=\"\(value.text)\""
            if chance(0.25) {
                let digits = (0..<int(1...(2 * value.length))).map { _ in pick(Array("0123456789abcdefABCDEF")) }
                attributes += " mask=\"0x\(String(digits))\""
            }
        case 3:
            attributes = "type=\"byte\" value=\"\(number(max: 255))\""
            if chance(0.3) { attributes += " mask=\"\(number(max: 255))\"" }
        case 4, 5:
            attributes = "type=\"\(pick(["big16", "little16", "host16"]))\" value=\"\(number(max: 0xffff))\""
            if chance(0.3) { attributes += " mask=\"\(number(max: 0xffff))\"" }
        default:
            attributes = "type=\"\(pick(["big32", "little32", "host32"]))\" value=\"\(number(max: 0xffff_ffff))\""
            if chance(0.3) { attributes += " mask=\"\(number(max: 0xffff_ffff))\"" }
        }
        let children = depth < 3 && chance(0.35) ? (0..<int(1...3)).map { _ in match(depth: depth + 1) }.joined() : ""
        return "<match \(attributes) offset=\"\(offset)\"" + (children.isEmpty ? "/>" : ">" + children + "</match>")
    }

    private mutating func stringValue() -> (text: String, length: Int) {
        var text = ""
        var length = 0
        for _ in 0..<int(1...8) {
            switch int(0...9) {
            case 0: text += "\\x\(String(int(0...255), radix: 16))"
            case 1: text += "\\\(String(int(0...255), radix: 8))"
            case 2: text += pick(["\\n", "\\t", "\\r", "\\\\", "\\0", "\\ "])
            case 3: text += pick(["&lt;", "&amp;", "&quot;", "&gt;"])
            case 4:
                text += "é"
                length += 1
            default: text += String(pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789%!-_.")))
            }
            length += 1
        }
        return (text, length)
    }

    private mutating func number(max: UInt64) -> String {
        let value = random.next() % (max + 1)
        switch int(0...3) {
        case 0: return "0x" + String(value, radix: 16)
        case 1: return value == 0 ? "0" : "0" + String(value, radix: 8)
        case 2: return "0X" + String(value, radix: 16).uppercased()
        default: return String(value)
        }
    }

    private mutating func comment() -> String {
        let language = chance(0.6) ? " xml:lang=\"\(pick(["de", "fr", "pt_BR", "zh_CN", "sr@latin", "ja"]))\"" : ""
        let content = chance(0.1) ? "<![CDATA[\(word()) < \(word()) & more]]>" : text()
        return "<comment\(language)>\(content)</comment>"
    }

    private mutating func rootXML() -> String {
        let namespace = chance(0.2) ? "" : "http://\(word()).example.org/\(word())"
        let local = chance(0.1) && !namespace.isEmpty ? "" : word()
        return "<root-XML namespaceURI=\"\(namespace)\" localName=\"\(local)\"/>"
    }

    private mutating func treeMagic() -> String {
        let priority = chance(0.5) ? " priority=\"\(int(0...100))\"" : ""
        return "<treemagic\(priority)>" + (0..<int(0...3)).map { _ in treeMatch(depth: 0) }.joined() + "</treemagic>"
    }

    private mutating func treeMatch(depth: Int) -> String {
        var attributes = "path=\"\(word())\(chance(0.3) ? "/" + word().uppercased() : "")\""
        if chance(0.7) { attributes += " type=\"\(pick(["file", "directory", "link"]))\"" }
        for flag in ["match-case", "executable", "non-empty"] where chance(0.3) {
            attributes += " \(flag)=\"\(pick(["true", "false"]))\""
        }
        if chance(0.3) { attributes += " mimetype=\"\(typeName())\"" }
        let children = depth < 2 && chance(0.3) ? (0..<int(1...2)).map { _ in treeMatch(depth: depth + 1) }.joined() : ""
        return "<treematch \(attributes)" + (children.isEmpty ? "/>" : ">" + children + "</treematch>")
    }

    /// An element the reference compiler reports: it stops reading its type there.
    private mutating func invalidElement() -> String {
        pick([
            "<glob pattern=\"*.bad\(word())\" weight=\"heavy\"/>",
            "<glob/>",
            "<magic priority=\"500\"><match type=\"string\" value=\"x\" offset=\"0\"/></magic>",
            "<magic><match type=\"word\" value=\"1\" offset=\"0\"/></magic>",
            "<magic><match type=\"byte\" value=\"300\" offset=\"0\"/></magic>",
            "<magic></magic>",
            "<alias/>",
            "<sub-class-of type=\"nothing\"/>",
            "<root-XML localName=\"x\"/>",
            "<treemagic><treematch path=\"a\" type=\"any\"/></treemagic>",
        ])
    }

    private mutating func typeName() -> String {
        let media = pick(["text", "application", "image", "audio", "video", "x-content", "inode", "model", "font", "chemical"])
        var subtype = pick(["x-", "vnd.", "", "x-ms-"]) + word() + (chance(0.3) ? "+" + pick(["xml", "json", "zip"]) : "")
        if chance(0.05) { subtype = subtype.uppercased() }
        return media + "/" + subtype
    }

    private mutating func word() -> String {
        let syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "ze", "qi", "ba", "do", "fu"]
        return (0..<int(1...3)).map { _ in pick(syllables) }.joined()
    }

    private mutating func text() -> String {
        let words = ["Archive", "document", "&amp;", "Ünïcode", "日本語", "data", "&lt;tag&gt;", "C++", "\"q\"&#13;&#9;'"]
        return (0..<int(1...4)).map { _ in pick(words) }.joined(separator: " ")
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
