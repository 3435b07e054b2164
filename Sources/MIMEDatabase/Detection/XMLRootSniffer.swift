/// Finds the namespace and local name of an XML document's root element in its first bytes.
///
/// A small scanner rather than a parser: it skips a byte-order mark, the XML declaration,
/// processing instructions, comments and a DOCTYPE (with an internal subset), then reads the first
/// start tag and resolves its prefix from the tag's own `xmlns` attributes. It never fetches or
/// expands anything, and gives up (nil) on anything it does not understand (SPECS rule 34).
enum XMLRootSniffer {
    /// The root element's namespace URI (empty when none) and local name.
    struct Root: Equatable {
        var namespaceURI: String
        var localName: String
    }

    /// Whether `data` may begin an XML document, whose root a longer read might find: after a
    /// byte-order mark and white space, a `<`, or nothing yet.
    static func mayBeginDocument(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipSpace(data, &index)
        return index >= data.count || data[index] == UInt8(ascii: "<")
    }

    static func root(of data: UnsafeBufferPointer<UInt8>) -> Root? {
        var index = 0
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while true {
            skipSpace(data, &index)
            guard index < data.count, data[index] == UInt8(ascii: "<") else { return nil }
            if starts(data, index, "<?") {
                guard skip(past: "?>", data, &index) else { return nil }
            } else if starts(data, index, "<!--") {
                guard skip(past: "-->", data, &index) else { return nil }
            } else if starts(data, index, "<!") {
                guard skipDeclaration(data, &index) else { return nil }
            } else {
                return startTag(data, index + 1)
            }
        }
    }

    private static func startTag(_ data: UnsafeBufferPointer<UInt8>, _ start: Int) -> Root? {
        var index = start
        guard let name = readName(data, &index) else { return nil }
        var namespaces: [String: String] = [:]
        while true {
            skipSpace(data, &index)
            guard index < data.count else { break }
            if data[index] == UInt8(ascii: ">") || data[index] == UInt8(ascii: "/") { break }
            guard let attribute = readName(data, &index) else { return nil }
            skipSpace(data, &index)
            guard index < data.count, data[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            skipSpace(data, &index)
            guard index < data.count, data[index] == UInt8(ascii: "\"") || data[index] == UInt8(ascii: "'") else { return nil }
            let quote = data[index]
            index += 1
            guard let end = data[index...].firstIndex(of: quote) else { return nil }
            let value = String(decoding: data[index..<end], as: UTF8.self)
            index = end + 1
            if attribute == "xmlns" { namespaces[""] = value }
            if attribute.hasPrefix("xmlns:") { namespaces[String(attribute.dropFirst(6))] = value }
        }
        if let colon = name.firstIndex(of: ":") {
            let prefix = String(name[..<colon])
            return Root(namespaceURI: namespaces[prefix] ?? "", localName: String(name[name.index(after: colon)...]))
        }
        return Root(namespaceURI: namespaces[""] ?? "", localName: name)
    }

    private static func readName(_ data: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> String? {
        let start = index
        while index < data.count {
            let byte = data[index]
            if byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
            {
                break
            }
            index += 1
        }
        return index > start ? String(decoding: data[start..<index], as: UTF8.self) : nil
    }

    private static func skipSpace(_ data: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < data.count, [32, 9, 10, 13].contains(data[index]) { index += 1 }
    }

    private static func starts(_ data: UnsafeBufferPointer<UInt8>, _ index: Int, _ text: String) -> Bool {
        data[index...].starts(with: text.utf8)
    }

    private static func skip(past terminator: String, _ data: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        let needle = Array(terminator.utf8)
        var position = index
        while position + needle.count <= data.count {
            if data[position..<position + needle.count].elementsEqual(needle) {
                index = position + needle.count
                return true
            }
            position += 1
        }
        return false
    }

    /// Skips `<!DOCTYPE …>`, including an internal subset in brackets.
    private static func skipDeclaration(_ data: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        var depth = 0
        var position = index + 2
        var quote: UInt8?
        while position < data.count {
            let byte = data[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                index = position + 1
                return true
            }
            position += 1
        }
        return false
    }
}
