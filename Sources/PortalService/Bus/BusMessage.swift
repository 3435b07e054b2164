internal import CSDBus
import XDGSupport

#if canImport(Glibc)
import Glibc
#endif

/// One sd-bus message, kept referenced for as long as this object lives: a method call the
/// service answers later holds its message here until the dialog has answered.
final class BusMessage {
    /// The sd-bus message.
    let pointer: OpaquePointer

    /// Takes a reference on `pointer`.
    init(referencing pointer: OpaquePointer) {
        self.pointer = pointer
        sd_bus_message_ref(pointer)
    }

    /// Adopts a message that was created with a reference for us.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { sd_bus_message_unref(pointer) }

    /// The member (method or signal name).
    var member: String { sd_bus_message_get_member(pointer).map { String(cString: $0) } ?? "" }
    /// The interface.
    var interface: String { sd_bus_message_get_interface(pointer).map { String(cString: $0) } ?? "" }
    /// The object path.
    var path: String { sd_bus_message_get_path(pointer).map { String(cString: $0) } ?? "" }
    /// The unique name of the sender.
    var sender: String { sd_bus_message_get_sender(pointer).map { String(cString: $0) } ?? "" }
    /// Whether this is a method call.
    var isMethodCall: Bool { sd_bus_message_is_method_call(pointer, nil, nil) > 0 }
    /// The signature of the body.
    var bodySignature: String { sd_bus_message_get_signature(pointer, 1).map { String(cString: $0) } ?? "" }

    // MARK: - Reading

    /// Reads every remaining value of the body (or of the container entered), within `budget`
    /// when there is one.
    ///
    /// - Throws: `BusError`, `tooLarge` when the values pass the budget (reading stops there).
    func readAll(budget: BusReadBudget? = nil) throws(BusError) -> [BusValue] {
        var values: [BusValue] = []
        while let value = try readNext(budget: budget) {
            values.append(value)
            try budget?.admit(element: values.count)
        }
        return values
    }

    /// Reads the next value, or nil at the end of the body or container, within `budget` when
    /// there is one.
    func readNext(budget: BusReadBudget? = nil) throws(BusError) -> BusValue? {
        var type: CChar = 0
        var contentsPointer: UnsafePointer<CChar>? = nil
        guard try checked(sd_bus_message_peek_type(pointer, &type, &contentsPointer), "read a message") > 0 else { return nil }
        try budget?.spendValue()
        let contents = contentsPointer.map { String(cString: $0) } ?? ""
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "a"):
            if contents == "y" { return .bytes(try readByteArray(budget)) }
            let elements = try inContainer(type, contents) { () throws(BusError) in try readAll(budget: budget) }
            return .array(element: contents, elements)
        case UInt8(ascii: "r"):
            return .structure(try inContainer(type, contents) { () throws(BusError) in try readAll(budget: budget) })
        case UInt8(ascii: "e"):
            let pair = try inContainer(type, contents) { () throws(BusError) in try readAll(budget: budget) }
            guard pair.count == 2 else { throw BusError("read a dictionary entry", result: -EBADMSG) }
            return .dictionaryEntry(pair[0], pair[1])
        case UInt8(ascii: "v"):
            let inner = try inContainer(type, contents) { () throws(BusError) in try readNext(budget: budget) }
            guard let inner else { throw BusError("read a variant", result: -EBADMSG) }
            return .variant(inner)
        default:
            return try readBasic(type, budget)
        }
    }

    private func inContainer<T>(_ type: CChar, _ contents: String, _ body: () throws(BusError) -> T) throws(BusError) -> T {
        try checked(sd_bus_message_enter_container(pointer, type, contents), "read a message")
        let result = try body()
        try checked(sd_bus_message_exit_container(pointer), "read a message")
        return result
    }

    private func readByteArray(_ budget: BusReadBudget?) throws(BusError) -> [UInt8] {
        var data: UnsafeRawPointer? = nil
        var size = 0
        try checked(sd_bus_message_read_array(pointer, CChar(UInt8(ascii: "y")), &data, &size), "read a byte array")
        try budget?.spend(bytes: size)
        guard let data, size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: size))
    }

    private func readBasic(_ type: CChar, _ budget: BusReadBudget?) throws(BusError) -> BusValue {
        func read<T: BitwiseCopyable>(_ initial: T) throws(BusError) -> T {
            var value = initial
            try checked(sd_bus_message_read_basic(pointer, type, &value), "read a message")
            return value
        }
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "y"): return .byte(try read(UInt8(0)))
        case UInt8(ascii: "b"): return .boolean(try read(Int32(0)) != 0)
        case UInt8(ascii: "n"): return .int32(Int32(try read(Int16(0))))
        case UInt8(ascii: "q"): return .uint32(UInt32(try read(UInt16(0))))
        case UInt8(ascii: "i"), UInt8(ascii: "h"): return .int32(try read(Int32(0)))
        case UInt8(ascii: "u"): return .uint32(try read(UInt32(0)))
        case UInt8(ascii: "x"): return .int64(try read(Int64(0)))
        case UInt8(ascii: "t"): return .uint64(try read(UInt64(0)))
        case UInt8(ascii: "d"): return .double(try read(Double(0)))
        case UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g"):
            let characters = try read(UnsafePointer<CChar>?.none)
            try budget?.spend(bytes: characters.map { strlen($0) } ?? 0)
            let text = characters.map { String(cString: $0) } ?? ""
            switch UInt8(bitPattern: type) {
            case UInt8(ascii: "s"): return .string(text)
            case UInt8(ascii: "o"): return .objectPath(text)
            default: return .signature(text)
            }
        default:
            throw BusError("read a value of type '\(UnicodeScalar(UInt8(bitPattern: type)))'", result: -EBADMSG)
        }
    }

    // MARK: - Appending

    /// Appends `values` to the body.
    func append(_ values: [BusValue]) throws(BusError) {
        for value in values { try append(value) }
    }

    /// Appends one value.
    func append(_ value: BusValue) throws(BusError) {
        switch value {
        case .byte(let byte): try appendBasic("y", byte)
        case .boolean(let flag): try appendBasic("b", Int32(flag ? 1 : 0))
        case .int32(let number): try appendBasic("i", number)
        case .uint32(let number): try appendBasic("u", number)
        case .int64(let number): try appendBasic("x", number)
        case .uint64(let number): try appendBasic("t", number)
        case .double(let number): try appendBasic("d", number)
        case .string(let text), .objectPath(let text), .signature(let text):
            let type: Unicode.Scalar = value.signature == "s" ? "s" : value.signature == "o" ? "o" : "g"
            try checked(
                text.withCString { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: type)), $0) }, "append a string")
        case .bytes(let bytes):
            try checked(
                bytes.withUnsafeBytes {
                    sd_bus_message_append_array(pointer, CChar(UInt8(ascii: "y")), $0.baseAddress, $0.count)
                },
                "append a byte array")
        case .array(let element, let elements):
            try container("a", element) { () throws(BusError) in try append(elements) }
        case .structure(let fields):
            try container("r", String(value.signature.dropFirst().dropLast())) { () throws(BusError) in try append(fields) }
        case .dictionaryEntry(let key, let entryValue):
            try container("e", key.signature + entryValue.signature) { () throws(BusError) in
                try append(key)
                try append(entryValue)
            }
        case .variant(let inner):
            try container("v", inner.signature) { () throws(BusError) in try append(inner) }
        }
    }

    private func appendBasic<T: BitwiseCopyable>(_ type: Unicode.Scalar, _ value: T) throws(BusError) {
        var copy = value
        try checked(sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: type)), &copy), "append a value")
    }

    private func container(_ type: Unicode.Scalar, _ contents: String, _ body: () throws(BusError) -> Void) throws(BusError) {
        try checked(sd_bus_message_open_container(pointer, CChar(UInt8(ascii: type)), contents), "append a container")
        try body()
        try checked(sd_bus_message_close_container(pointer), "append a container")
    }
}
