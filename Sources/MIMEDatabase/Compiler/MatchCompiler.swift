internal import CLibXML2
import XDGSupport

/// Compiles `<match>` and `<treematch>` trees as `update-mime-database` does (shared-mime-info
/// specification, "The source XML files"): an offset `start` or `start:end`, numbers read like
/// `strtoul` with base 0 (16- and 32-bit values big-endian unless `little…`, `host…` stored
/// big-endian with their word size), strings with C escapes, string masks in hexadecimal. The first
/// invalid element ends the section with an error naming it.
enum MatchCompiler {
    typealias Failure = PackageMerger.ElementError

    /// The `<match>` children of `parent`, recursively.
    static func matches(in parent: UnsafeMutablePointer<xmlNode>) throws(Failure) -> [Matchlet] {
        var result: [Matchlet] = []
        for node in XMLNodes.elements(of: parent) {
            let line = XMLNodes.line(node)
            guard XMLNodes.isFreedesktop(node) else {
                throw Failure(message: "an element in another namespace than shared-mime-info's", line: line)
            }
            guard XMLNodes.equals(node.pointee.name, "match") else {
                throw Failure(message: "expected <match>, found <\(XMLNodes.name(node))>", line: line)
            }
            var match: Matchlet
            do throws(MatchError) {
                match = try compile(node)
            } catch {
                throw Failure(message: error.message, line: line)
            }
            match.children = try matches(in: node)
            result.append(match)
        }
        return result
    }

    /// Why one `<match>` does not compile.
    struct MatchError: Error {
        var message: String
    }

    private static func compile(_ node: UnsafeMutablePointer<xmlNode>) throws(MatchError) -> Matchlet {
        var match = try offset(node)
        guard let type = XMLNodes.property(node, "type").map({ String(decoding: $0, as: UTF8.self) }) else {
            throw MatchError(message: "<match> has no 'type' attribute")
        }
        switch type {
        case "host16": match.wordSize = 2
        case "host32": match.wordSize = 4
        case "big16", "big32", "little16", "little32", "string", "byte": break
        default: throw MatchError(message: "unknown magic type '\(type)'")
        }
        guard let value = XMLNodes.property(node, "value"), !value.isEmpty else {
            throw MatchError(message: "no value specified")
        }
        let mask = XMLNodes.property(node, "mask")
        let bigEndian = !type.hasPrefix("l")
        if type.contains("16") {
            (match.value, match.mask) = try number(value, mask: mask, width: 2, bigEndian: bigEndian)
        } else if type.contains("32") {
            (match.value, match.mask) = try number(value, mask: mask, width: 4, bigEndian: bigEndian)
        } else if type == "byte" {
            (match.value, match.mask) = try number(value, mask: mask, width: 1, bigEndian: false)
        } else {
            match.value = unescape(value)
            if let mask, !match.value.isEmpty { match.mask = try stringMask(mask, length: match.value.count) }
        }
        return match
    }

    /// `offset="start"` or `offset="start:end"`.
    private static func offset(_ node: UnsafeMutablePointer<xmlNode>) throws(MatchError) -> Matchlet {
        guard let text = XMLNodes.property(node, "offset"), !text.isEmpty else {
            throw MatchError(message: "missing 'offset' attribute")
        }
        let start = CNumbers.strtol(text, base: 10)
        if start.overflowed {
            throw MatchError(
                message: "number out of range (\(String(decoding: text[..<start.end], as: UTF8.self)) should fit in 4 bytes)")
        }
        var match = Matchlet(rangeStart: Int(start.value), value: [])
        let colon = UInt8(ascii: ":")
        if start.end < text.count, text[start.end] == colon, start.end + 1 < text.count, start.value >= 0 {
            let last = CNumbers.strtol(text, from: start.end + 1, base: 10)
            if last.overflowed {
                throw MatchError(message: "number out of range in offset '\(String(decoding: text, as: UTF8.self))'")
            }
            let end = Int64(Int32(truncatingIfNeeded: last.value))
            guard last.end == text.count, end >= start.value else {
                throw MatchError(message: "invalid offset '\(String(decoding: text, as: UTF8.self))'")
            }
            match.rangeLength = Int(Int32(truncatingIfNeeded: end - start.value + 1))
        } else if start.end != text.count {
            throw MatchError(message: "invalid offset '\(String(decoding: text, as: UTF8.self))'")
        }
        return match
    }

    private static func number(
        _ value: [UInt8], mask: [UInt8]?, width: Int, bigEndian: Bool
    ) throws(MatchError) -> ([UInt8], [UInt8]?) {
        let text = String(decoding: value, as: UTF8.self)
        let parsed = CNumbers.strtoul(value, base: 0)
        if parsed.overflowed { throw MatchError(message: "number out of range (\(text) should fit in \(width) bytes)") }
        guard parsed.end == value.count else { throw MatchError(message: "value '\(text)' is not a number") }
        let number = parsed.unsignedValue
        if (width == 1 && number & ~0xff != 0) || (width == 2 && number & ~0xffff != 0) {
            throw MatchError(message: "number out of range (\(text) should fit in \(width) bytes)")
        }
        guard let mask else { return (bytes(number, width: width, bigEndian: bigEndian), nil) }
        let maskText = String(decoding: mask, as: UTF8.self)
        let parsedMask = CNumbers.strtoul(mask, base: 0)
        if parsedMask.overflowed { throw MatchError(message: "mask out of range (\(maskText) should fit in \(width) bytes)") }
        guard parsedMask.end == mask.count else { throw MatchError(message: "mask '\(maskText)' is not a number") }
        return (
            bytes(number, width: width, bigEndian: bigEndian), bytes(parsedMask.unsignedValue, width: width, bigEndian: bigEndian)
        )
    }

    private static func bytes(_ number: UInt64, width: Int, bigEndian: Bool) -> [UInt8] {
        (0..<width).map { index in
            UInt8(truncatingIfNeeded: number >> UInt64((bigEndian ? width - index - 1 : index) * 8))
        }
    }

    /// A string mask: `0x` then at most two hex digits per byte of the value; missing digits are 0.
    private static func stringMask(_ mask: [UInt8], length: Int) throws(MatchError) -> [UInt8] {
        guard mask.count >= 2, mask[0] == UInt8(ascii: "0"), mask[1] == UInt8(ascii: "x") else {
            throw MatchError(message: "string masks must be in base 16 (starting with 0x)")
        }
        var result = [UInt8](repeating: 0, count: length)
        for (index, character) in mask.dropFirst(2).enumerated() {
            guard let digit = character < 0x80 ? HexDigit.value(of: character) : nil else {
                throw MatchError(message: "'\(String(decoding: [character], as: UTF8.self))' is not a valid hex digit")
            }
            guard index < length * 2 else { throw MatchError(message: "mask is longer than value") }
            result[index >> 1] |= index & 1 == 1 ? digit : digit << 4
        }
        return result
    }

    /// C escapes as the reference compiler undoes them: `\n \r \b \t \f \v`, one to three octal
    /// digits (kept to their low byte), `\x` with up to two hex digits (`x` alone without one), any
    /// other escaped character as itself; a trailing backslash ends the value.
    static func unescape(_ value: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        func isOctal(_ at: Int) -> Bool { at < value.count && (0x30...0x37).contains(value[at]) }
        while index < value.count {
            let byte = value[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < value.count else { return result }
            let escaped = value[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "v"): result.append(0x0B)
            case 0x30...0x37:
                var number = Int(escaped - 0x30)
                if isOctal(index) {
                    number = number << 3 | Int(value[index] - 0x30)
                    index += 1
                    if isOctal(index) {
                        number = number << 3 | Int(value[index] - 0x30)
                        index += 1
                    }
                }
                result.append(UInt8(truncatingIfNeeded: number))
            case UInt8(ascii: "x"):
                guard index < value.count, let high = HexDigit.value(of: value[index]) else {
                    result.append(UInt8(ascii: "x"))
                    continue
                }
                index += 1
                if index < value.count, let low = HexDigit.value(of: value[index]) {
                    index += 1
                    result.append(high << 4 | low)
                } else {
                    result.append(high)
                }
            default:
                result.append(escaped)
            }
        }
        return result
    }

    /// The `<treematch>` children of `parent`, recursively.
    static func treeMatches(in parent: UnsafeMutablePointer<xmlNode>) throws(Failure) -> [TreeMatch] {
        var result: [TreeMatch] = []
        for node in XMLNodes.elements(of: parent) {
            let line = XMLNodes.line(node)
            guard XMLNodes.isFreedesktop(node) else {
                throw Failure(message: "an element in another namespace than shared-mime-info's", line: line)
            }
            guard XMLNodes.equals(node.pointee.name, "treematch") else {
                throw Failure(message: "expected <treematch>, found <\(XMLNodes.name(node))>", line: line)
            }
            guard let path = XMLNodes.property(node, "path") else {
                throw Failure(message: "<treematch> has no 'path' attribute", line: line)
            }
            var kind = TreeMatch.Kind.any
            if let text = XMLNodes.property(node, "type") {
                switch String(decoding: text, as: UTF8.self) {
                case "file": kind = .file
                case "directory": kind = .directory
                case "link": kind = .link
                default: throw Failure(message: "invalid 'type' attribute in <treematch>", line: line)
                }
            }
            let yes = Array("true".utf8)
            var match = TreeMatch(
                path: String(decoding: path, as: UTF8.self), kind: kind,
                matchCase: XMLNodes.property(node, "match-case") == yes,
                executable: XMLNodes.property(node, "executable") == yes,
                nonEmpty: XMLNodes.property(node, "non-empty") == yes,
                mimeType: XMLNodes.property(node, "mimetype").map { String(decoding: $0, as: UTF8.self) })
            match.children = try treeMatches(in: node)
            result.append(match)
        }
        return result
    }
}
