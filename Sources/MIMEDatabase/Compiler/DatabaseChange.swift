#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What installing or removing packages changes in the database readers see: the types it adds
/// and removes, the types whose detection or parents change, and names that type differently
/// (each tried by its glob before and after), for a front end to show before or after the change.
public struct DatabaseChange: Sendable, Equatable {
    /// One part of a type's definition that differs.
    public enum Aspect: String, Sendable, Equatable, CaseIterable {
        /// Its glob patterns (or their weights).
        case globs
        /// Its magic.
        case magic
        /// Its XML root elements.
        case xmlRoot = "root-XML"
        /// Its parents (`sub-class-of`).
        case parents
        /// Its aliases.
        case aliases
        /// Names it had are now typed as another type, or names of another type now type as it.
        case names
    }

    /// One existing type that changes.
    public struct TypeChange: Sendable, Equatable {
        /// The type.
        public var type: String
        /// What changes.
        public var aspects: [Aspect]
    }

    /// One name that types differently, by its name alone.
    public struct NameChange: Sendable, Equatable {
        /// The file name, made from a glob pattern (`example.txt` for `*.txt`).
        public var name: String
        /// Its type before.
        public var before: String
        /// Its type after.
        public var after: String
    }

    /// Types defined after and not before, sorted.
    public var addedTypes: [String] = []
    /// Types defined before and not after, sorted.
    public var removedTypes: [String] = []
    /// Types defined before and after whose detection, parents or aliases change, sorted.
    public var changedTypes: [TypeChange] = []
    /// Names that type differently, sorted.
    public var names: [NameChange] = []

    /// Whether nothing changes.
    public var isEmpty: Bool { addedTypes.isEmpty && removedTypes.isEmpty && changedTypes.isEmpty && names.isEmpty }

    /// An empty change.
    public init() {}

    /// Compares `before` with `after` for the types `involved` (those the packages define, which
    /// are all that their rules touch directly) and every type either database defines that the
    /// other does not. The names tried are made from every glob of those types, before and after.
    public init(before: MIMEDatabase, after: MIMEDatabase, involving involved: Set<String>) {
        let typesBefore = before.typeSet
        let typesAfter = after.typeSet
        addedTypes = typesAfter.subtracting(typesBefore).sorted()
        removedTypes = typesBefore.subtracting(typesAfter).sorted()
        let candidates = Set(involved.map(before.canonicalName) + involved.map(after.canonicalName))
            .union(addedTypes).union(removedTypes)
        var patterns = Set<String>()
        var aspectsOf: [String: [Aspect]] = [:]
        for type in candidates {
            let globsBefore = Set(before.globs(of: type))
            let globsAfter = Set(after.globs(of: type))
            for rule in globsBefore.union(globsAfter) { patterns.insert(rule.pattern) }
            guard typesBefore.contains(type) && typesAfter.contains(type) else { continue }
            var aspects: [Aspect] = []
            if globsBefore != globsAfter { aspects.append(.globs) }
            if Set(before.magicRules.filter { $0.mimeType == type }) != Set(after.magicRules.filter { $0.mimeType == type }) {
                aspects.append(.magic)
            }
            if Set(before.rootXMLRules.filter { $0.mimeType == type }) != Set(after.rootXMLRules.filter { $0.mimeType == type }) {
                aspects.append(.xmlRoot)
            }
            if before.parents(of: type) != after.parents(of: type) { aspects.append(.parents) }
            if before.aliases(of: type) != after.aliases(of: type) { aspects.append(.aliases) }
            if !aspects.isEmpty { aspectsOf[type] = aspects }
        }
        let detectBefore = TypeDetector(database: before)
        let detectAfter = TypeDetector(database: after)
        var seen = Set<String>()
        for name in patterns.sorted().compactMap(Self.sampleName(for:)) where seen.insert(name).inserted {
            let old = detectBefore.detect(name: name).type
            let new = detectAfter.detect(name: name).type
            guard old != new else { continue }
            names.append(NameChange(name: name, before: old, after: new))
            // The fallback for a name no glob matches is no type whose names change.
            for type in [old, new]
            where type != TypeDetector.octetStream && typesBefore.contains(type) && typesAfter.contains(type) {
                if aspectsOf[type]?.contains(.names) != true { aspectsOf[type, default: []].append(.names) }
            }
        }
        changedTypes = aspectsOf.keys.sorted().map { TypeChange(type: $0, aspects: aspectsOf[$0] ?? []) }
    }

    /// A file name that the glob `pattern` matches, to try before and after: the pattern with a
    /// leading `*` made `example`, any other `*` dropped, `?` made `x`, a bracket expression its
    /// first character that it accepts, `\c` made `c`; nil when that name does not match (an
    /// odd pattern, or a name with `/`).
    public static func sampleName(for pattern: String) -> String? {
        var name: [UInt8] = []
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "*"): if index == 1 { name += Array("example".utf8) }
            case UInt8(ascii: "?"): name.append(UInt8(ascii: "x"))
            case UInt8(ascii: "\\"):
                if index < bytes.count {
                    name.append(bytes[index])
                    index += 1
                }
            case UInt8(ascii: "["):
                guard let (chosen, end) = bracketChoice(bytes, from: index) else { return nil }
                name.append(chosen)
                index = end
            default: name.append(byte)
            }
        }
        guard !name.isEmpty, !name.contains(UInt8(ascii: "/")), let text = String(validating: name, as: UTF8.self) else {
            return nil
        }
        return fnmatch(pattern, text, 0) == 0 || fnmatch(pattern.lowercased(), text.lowercased(), 0) == 0 ? text : nil
    }

    /// The first byte a bracket expression starting after `[` at `start` accepts, and where the
    /// expression ends; for a negated one, the first of `x`, `y`, `z`, `0` it does not list.
    private static func bracketChoice(_ bytes: [UInt8], from start: Int) -> (UInt8, Int)? {
        var index = start
        let negated = index < bytes.count && (bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "^"))
        if negated { index += 1 }
        var listed: [UInt8] = []
        var first = true
        while index < bytes.count && (first || bytes[index] != UInt8(ascii: "]")) {
            listed.append(bytes[index])
            first = false
            index += 1
        }
        guard index < bytes.count, let head = listed.first else { return nil }
        let end = index + 1
        if negated {
            guard let chosen = Array("xyz0".utf8).first(where: { !listed.contains($0) }) else { return nil }
            return (chosen, end)
        }
        return (head, end)
    }
}
