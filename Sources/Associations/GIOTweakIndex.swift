import MIMEDatabase

/// GIO's reading of one list (`GIOListView`) indexed by type, for the steps a query reports: a
/// `mimeinfo.cache` holds a thousand keys, and looking each query's few types up costs less than
/// comparing (and canonicalising) every key on every query.
struct GIOTweakIndex: Sendable {
    /// The defaults, additions and removals, in that order.
    let tweaks: [GIOListView.Tweak]
    /// How many of `tweaks` are defaults.
    let defaultCount: Int
    /// How many additions follow the defaults.
    let additionCount: Int
    /// The positions in `tweaks` of each type as GIO unaliased it.
    private let byType: [String: [Int]]
    /// The positions in `tweaks` of each canonical type (another spelling of a key folded).
    private let byCanonicalType: [String: [Int]]

    /// The index of `view`, its keys canonicalised in `database`.
    init(_ view: GIOListView, database: MIMEDatabase) {
        tweaks = view.defaults + view.additions + view.removals
        defaultCount = view.defaults.count
        additionCount = view.additions.count
        var byType: [String: [Int]] = [:]
        var byCanonicalType: [String: [Int]] = [:]
        var canonical: [String: String] = [:]
        for (position, tweak) in tweaks.enumerated() {
            byType[tweak.type, default: []].append(position)
            let name: String
            if let known = canonical[tweak.type] {
                name = known
            } else {
                name = database.canonicalName(tweak.type)
                canonical[tweak.type] = name
            }
            byCanonicalType[name, default: []].append(position)
        }
        self.byType = byType
        self.byCanonicalType = byCanonicalType
    }

    /// The positions of the tweaks whose type is one of `types`, in order.
    func positions(ofTypes types: [String]) -> [Int] {
        Self.merged(types.map { byType[$0] ?? [] })
    }

    /// The positions of the tweaks whose canonical type is one of `types`, in order.
    func positions(ofCanonicalTypes types: [String]) -> [Int] {
        Self.merged(types.map { byCanonicalType[$0] ?? [] })
    }

    /// Whether a position is of an addition.
    func isAddition(_ position: Int) -> Bool {
        position >= defaultCount && position < defaultCount + additionCount
    }

    /// Whether a position is of a removal.
    func isRemoval(_ position: Int) -> Bool { position >= defaultCount + additionCount }

    /// Whether a position is of a default.
    func isDefault(_ position: Int) -> Bool { position < defaultCount }

    /// Sorted, each once.
    private static func merged(_ lists: [[Int]]) -> [Int] {
        let all = lists.joined()
        return lists.count == 1 ? Array(all) : Array(Set(all)).sorted()
    }
}
