/// A D-Bus value as it is read from or appended to a message (D-Bus Specification, "Type System").
///
/// Containers carry their element signatures so that an empty array still has a type.
public indirect enum BusValue: Sendable, Equatable {
    /// `y`
    case byte(UInt8)
    /// `b`
    case boolean(Bool)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `s`
    case string(String)
    /// `o`
    case objectPath(String)
    /// `g`
    case signature(String)
    /// `a…`: the element signature and the elements.
    case array(element: String, [BusValue])
    /// `ay`, kept as bytes.
    case bytes([UInt8])
    /// `(…)`
    case structure([BusValue])
    /// `{kv}`, only inside an array.
    case dictionaryEntry(BusValue, BusValue)
    /// `v`
    case variant(BusValue)

    /// The value's type signature.
    public var signature: String {
        switch self {
        case .byte: return "y"
        case .boolean: return "b"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .array(let element, _): return "a" + element
        case .bytes: return "ay"
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .dictionaryEntry(let key, let value): return "{" + key.signature + value.signature + "}"
        case .variant: return "v"
        }
    }

    /// An `a{sv}` dictionary (the portal's options and results) from its entries.
    public static func vardict(_ entries: [(String, BusValue)]) -> BusValue {
        .array(element: "{sv}", entries.map { .dictionaryEntry(.string($0.0), .variant($0.1)) })
    }

    /// An `as` array.
    public static func strings(_ strings: [String]) -> BusValue {
        .array(element: "s", strings.map { .string($0) })
    }

    /// The entries of an `a{sv}` dictionary with the variants unwrapped, or nil when this is not one.
    public var vardictEntries: [String: BusValue]? {
        guard case .array("{sv}", let entries) = self else { return nil }
        var result: [String: BusValue] = [:]
        for case .dictionaryEntry(.string(let key), .variant(let value)) in entries { result[key] = value }
        return result
    }

    /// The text of a string, object path or signature.
    public var text: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): return text
        default: return nil
        }
    }

    /// The elements of an array (`ay` as bytes).
    public var elements: [BusValue]? {
        switch self {
        case .array(_, let elements): return elements
        case .bytes(let bytes): return bytes.map { .byte($0) }
        default: return nil
        }
    }

    /// The fields of a structure.
    public var fields: [BusValue]? {
        if case .structure(let fields) = self { return fields }
        return nil
    }
}
