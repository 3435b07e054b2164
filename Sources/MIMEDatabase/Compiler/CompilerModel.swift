internal import CLibXML2

/// One MIME type as the compiler collects it: its name and the document that becomes its
/// `MEDIA/SUBTYPE.xml` (the elements copied through from every package that defines it).
final class CompiledType {
    /// The name as written in the package, `media/subtype`.
    let name: [UInt8]
    /// The part before the slash.
    let media: [UInt8]
    /// The part after the slash.
    let subtype: [UInt8]
    /// The per-type document, owned by this object.
    let document: TypeDocument

    init(name: [UInt8], slash: Int) {
        self.name = name
        media = Array(name[..<slash])
        subtype = Array(name[(slash + 1)...])
        document = TypeDocument(typeName: name)
    }
}

/// One `<glob>` (or the `<glob-deleteall/>` marker) in the order packages gave them.
struct CompiledGlob {
    /// Lower-cased unless case-sensitive; `__NOGLOBS__` for the marker.
    var pattern: [UInt8]
    var type: CompiledType
    /// -1 when the package's weight was invalid (the reference compiler keeps such a glob).
    var weight: Int
    var isDeleteAll: Bool
    var caseSensitive: Bool

    /// The weight and flags word of `mime.cache`: the weight's low byte, 0x100 when case-sensitive.
    var cacheWeight: UInt32 {
        UInt32(bitPattern: Int32(truncatingIfNeeded: weight)) & 0xff | (caseSensitive ? 0x100 : 0)
    }
}

/// One `<magic>` section, or the `<magic-deleteall/>` marker (a match of `__NOMAGIC__`), of the
/// type it belongs to; its matchlets are the model's, as `mime.cache` stores them.
struct CompiledMagic {
    var priority: Int
    var type: CompiledType
    var matches: [Matchlet]
    var isDeleteAll: Bool
}

/// One `<treemagic>` section.
struct CompiledTreeMagic {
    var priority: Int
    var type: CompiledType
    var matches: [TreeMatch]
}

/// Everything the packages of one directory compile to, held in the tables and orders the
/// generated files are written from.
struct CompiledDatabase {
    var types = GLibStringTable<CompiledType>()
    /// Pattern to globs, in package order within a pattern.
    var globs = GLibStringTable<[CompiledGlob]>()
    /// `namespaceURI localName` to the type.
    var namespaces = GLibStringTable<CompiledType>()
    var magic: [CompiledMagic] = []
    var treeMagic: [CompiledTreeMagic] = []
    /// Type name to its parents, duplicates kept, in package order.
    var subclasses = GLibStringTable<[[UInt8]]>()
    /// Alias to the type it names.
    var aliases = GLibStringTable<CompiledType>()
    var icons = GLibStringTable<[UInt8]>()
    var genericIcons = GLibStringTable<[UInt8]>()

    /// The marker pattern `update-mime-database` files `<glob-deleteall/>` under.
    static let noGlobsMarker = Array("__NOGLOBS__".utf8)
    /// The match data `update-mime-database` stores for `<magic-deleteall/>`.
    static let noMagicMarker = Array("__NOMAGIC__".utf8)

    /// The magic sections in the order of `magic` and `mime.cache`: deleteall markers first,
    /// then by falling priority, then by media and subtype; ties keep package order.
    mutating func sortMagic() {
        magic = StableSort.sorted(magic) { a, b in
            if a.isDeleteAll || b.isDeleteAll { return (b.isDeleteAll ? 1 : 0) - (a.isDeleteAll ? 1 : 0) }
            if a.priority != b.priority { return a.priority > b.priority ? -1 : 1 }
            return ByteOrder.compare(a.type.media, b.type.media, then: a.type.subtype, b.type.subtype)
        }
    }

    /// The tree magic sections by falling priority, then media and subtype.
    mutating func sortTreeMagic() {
        treeMagic = StableSort.sorted(treeMagic) { a, b in
            if a.priority != b.priority { return a.priority > b.priority ? -1 : 1 }
            return ByteOrder.compare(a.type.media, b.type.media, then: a.type.subtype, b.type.subtype)
        }
    }

    /// Every glob in `globs` bucket order, stably sorted: deleteall markers first, then by falling
    /// weight, the list `globs` and `globs2` are written from.
    var globsByWeight: [CompiledGlob] {
        let all = globs.entries.flatMap(\.value)
        return StableSort.sorted(all) { a, b in
            if a.isDeleteAll || b.isDeleteAll { return (b.isDeleteAll ? 1 : 0) - (a.isDeleteAll ? 1 : 0) }
            return b.weight - a.weight
        }
    }
}

/// `strcmp` order on byte strings.
enum ByteOrder {
    /// Negative, zero or positive as `strcmp(a, b)`.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for (x, y) in zip(a, b) where x != y { return Int(x) - Int(y) }
        return a.count - b.count
    }

    /// `strcmp` on the first pair, then on the second.
    static func compare(_ a: [UInt8], _ b: [UInt8], then c: [UInt8], _ d: [UInt8]) -> Int {
        let first = compare(a, b)
        return first != 0 ? first : compare(c, d)
    }

    /// Whether `a` sorts before `b` under `strcmp`.
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool { compare(a, b) < 0 }
}

/// A stable sort with a C-style three-way comparison, as GLib's merge sorts order equal elements.
enum StableSort {
    static func sorted<Element>(_ elements: [Element], by compare: (Element, Element) -> Int) -> [Element] {
        elements.enumerated().sorted { x, y in
            let order = compare(x.element, y.element)
            return order != 0 ? order < 0 : x.offset < y.offset
        }.map(\.element)
    }
}
