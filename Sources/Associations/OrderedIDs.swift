/// Desktop IDs in order, without repeats, with a set beside the array so that membership costs
/// the same for a value of thousands of IDs as for one of three.
struct OrderedIDs: Sequence {
    private(set) var ids: [String] = []
    private var members: Set<String> = []

    /// Whether `id` is here.
    func contains(_ id: String) -> Bool { members.contains(id) }

    /// Appends `id` unless it is here already.
    mutating func append(_ id: String) {
        if members.insert(id).inserted { ids.append(id) }
    }

    func makeIterator() -> IndexingIterator<[String]> { ids.makeIterator() }
}
