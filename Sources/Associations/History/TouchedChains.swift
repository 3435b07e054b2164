import MIMEDatabase

/// Which types may resolve through a touched type: those whose chain by the hierarchy
/// (`MIMEDatabase.ancestors(of:)`), by the spec (`AssociationResolver.specChain`) or by GIO
/// (`AssociationResolver.gioChain`) may hold one. The incremental snapshot re-resolves them.
///
/// One walk up a graph whose steps are the union of the three chains' steps answers for every
/// type, instead of three chains built per type: from a type, its canonical name and its exact
/// unaliasing, each explicit parent canonical and exactly unaliased, `text/plain` for a text
/// type, and `application/octet-stream`. Every type of each chain is reached, so the answer is
/// true whenever one of the chains holds a touched type (it may be true more often, which costs a
/// resolution and never changes an answer). A walk that finds nothing has seen every type above
/// the one asked about, so each of those is known to reach nothing either.
struct TouchedChains {
    private let touched: Set<String>
    private let database: MIMEDatabase
    private var reaching = Set<String>()
    private var notReaching = Set<String>()

    /// The chains toward `touched`, in `database`.
    init(toward touched: Set<String>, database: MIMEDatabase) {
        self.touched = touched
        self.database = database
    }

    /// Whether a chain of `type` may hold a touched type.
    mutating func reach(from type: String) -> Bool {
        if touched.contains(type) || reaching.contains(type) { return true }
        if notReaching.contains(type) { return false }
        var explored: Set<String> = [type]
        var queue = [type]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            for next in steps(from: current) where explored.insert(next).inserted {
                if touched.contains(next) || reaching.contains(next) {
                    reaching.insert(type)
                    return true
                }
                if !notReaching.contains(next) { queue.append(next) }
            }
        }
        notReaching.formUnion(explored)
        return false
    }

    /// The types one step above `type` in any of the three chains.
    private func steps(from type: String) -> [String] {
        var result = [database.canonicalName(type), database.unaliasExact(type), "application/octet-stream"]
        for parent in database.explicitParents(of: type) ?? [] {
            result.append(database.canonicalName(parent))
            result.append(database.unaliasExact(parent))
        }
        if MIMETypeName.hasMedia(type, "text") { result.append("text/plain") }
        return result
    }
}
