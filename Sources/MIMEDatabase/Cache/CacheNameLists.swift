import XDGSupport

/// The alias and parent lists of one `mime.cache`, read where they lie, as xdgmime reads them.
///
/// Both lists are sorted by their key in the files `update-mime-database` writes, so a name is
/// found by binary search and nothing is decoded but what it finds. The answers are those of the
/// decoded tables (`MIMECache.read`) for every cache that reads: when a list is not sorted, or a
/// key or the name asked for is not ASCII (Swift compares strings by canonical equivalence, not
/// by bytes), the list is scanned instead and its keys compared as the decoded tables compare
/// them. Every read is bounds-checked; a broken record is skipped.
struct CacheNameLists: Sendable {
    private let reader: CacheReader
    private let aliases: SortedList
    private let parents: SortedList

    /// One list of 8-byte records, each a key's offset and a value's offset.
    private struct SortedList: Sendable {
        var start: Int
        var count: Int
        /// Whether every key is ASCII and the keys are in byte order, so that binary search and
        /// byte comparison find what a dictionary of the decoded keys would.
        var searchable: Bool
    }

    /// Readies lookups on `bytes`, a cache whose header `MIMECache.checkHeader` accepted.
    init(bytes: FileImage) {
        let reader = CacheReader(bytes: bytes)
        self.reader = reader
        aliases = Self.list(reader, field: .aliasList)
        parents = Self.list(reader, field: .parentList)
    }

    private static func list(_ reader: CacheReader, field: CacheLayout.Field) -> SortedList {
        guard let start = try? reader.int(at: field.rawValue),
            let count = try? reader.count(at: start, recordSize: 8, recordsStart: start + 4, what: "a list")
        else { return SortedList(start: 0, count: 0, searchable: true) }
        var searchable = true
        var previous: Range<Int>?
        for index in 0..<count {
            guard let offset = try? reader.int(at: start + 4 + 8 * index),
                let (key, ascii) = reader.asciiCStringBounds(at: offset), ascii,
                previous.map({ reader.compare($0, key) <= 0 }) ?? true
            else {
                searchable = false
                break
            }
            previous = key
        }
        return SortedList(start: start + 4, count: count, searchable: searchable)
    }

    /// The canonical name `name` is an alias of, exactly as spelled; the last record wins, as in
    /// the decoded table.
    func alias(of name: String) -> String? {
        // The decoded table holds no record whose names RFC 6838 does not allow.
        guard MIMETypeName.isRestrictedName(name) else { return nil }
        var target: String?
        forEachRecord(in: aliases, keyedBy: name) { record in
            if let offset = try? reader.int(at: record + 4), let value = reader.typeName(at: offset) { target = value }
        }
        return target
    }

    /// The aliases whose canonical name is `type`: a scan of the list, compared as the decoded
    /// table compares.
    func aliases(targeting type: String) -> [String] {
        var found: [String] = []
        let wanted = Array(type.utf8)
        wanted.withUnsafeBufferPointer { wanted in
            let ascii = ASCIIBytes.all(wanted)
            for index in 0..<aliases.count {
                let record = aliases.start + 8 * index
                guard let valueOffset = try? reader.int(at: record + 4) else { continue }
                let matches: Bool
                // Most records part from an ASCII type at an ASCII byte, and are passed over there.
                if ascii, let match = reader.matchASCII(at: valueOffset, wanted), match != .undecided {
                    matches = match == .same
                } else {
                    guard let (value, asciiValue) = reader.asciiCStringBounds(at: valueOffset) else { continue }
                    matches =
                        ascii && asciiValue
                        ? reader.compare(value, wanted) == 0
                        : String(decoding: reader.bytes[value], as: UTF8.self) == type
                }
                guard matches, let keyOffset = try? reader.int(at: record), let key = reader.typeName(at: keyOffset)
                else { continue }
                // Only the last record of a key counts, as in the decoded table.
                if alias(of: key) == type && !found.contains(key) { found.append(key) }
            }
        }
        return found
    }

    /// The explicit parents of `type` as the decoded table holds them: every record of `type`
    /// merged in file order, without `type` itself or repeats; nil when there are none.
    func parents(of type: String) -> [String]? {
        guard MIMETypeName.isRestrictedName(type) else { return nil }
        var list: [String] = []
        forEachRecord(in: parents, keyedBy: type) { record in
            guard let parentsOffset = try? reader.int(at: record + 4),
                let count = try? reader.count(
                    at: parentsOffset, recordSize: 4, recordsStart: parentsOffset + 4, what: "a parent list")
            else { return }
            for position in 0..<count {
                guard let offset = try? reader.int(at: parentsOffset + 4 + 4 * position),
                    let parent = reader.typeName(at: offset)
                else { continue }
                if parent != type && !list.contains(parent) { list.append(parent) }
            }
        }
        return list.isEmpty ? nil : list
    }

    /// Calls `body` with the offset of each record of `list` whose key is `name`, in file order.
    private func forEachRecord(in list: SortedList, keyedBy name: String, _ body: (Int) -> Void) {
        var spelling = name
        spelling.withUTF8 { wanted in forEachRecord(in: list, keyedBy: name, bytes: wanted, body) }
    }

    private func forEachRecord(
        in list: SortedList, keyedBy name: String, bytes wanted: UnsafeBufferPointer<UInt8>,
        _ body: (Int) -> Void
    ) {
        guard list.searchable && ASCIIBytes.all(wanted) else {
            for index in 0..<list.count {
                let record = list.start + 8 * index
                guard let offset = try? reader.int(at: record), let key = try? reader.string(at: offset), key == name
                else { continue }
                body(record)
            }
            return
        }
        // A searchable list's keys all read; a key that did not would sort first.
        func order(_ index: Int) -> Int {
            guard let offset = try? reader.int(at: list.start + 8 * index), let key = reader.cStringBounds(at: offset)
            else { return -1 }
            return reader.compare(key, wanted)
        }
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if order(middle) < 0 { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < list.count && order(index) == 0 {
            body(list.start + 8 * index)
            index += 1
        }
    }
}
