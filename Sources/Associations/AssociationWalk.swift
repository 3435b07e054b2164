/// The associations of a chain of types in the mime-apps specification's order (SPECS rule 49),
/// produced one at a time, so that a question answered by the first few (the default) reads only
/// the desktop entries of those few.
///
/// For each type from the most specific to the least, each list location in precedence order
/// adds its `[Added Associations]` (unless removed earlier), then records its `[Removed
/// Associations]`, and a data directory then adds its own entries that declare the type, unless a
/// more important directory masks them. Removals hold for the less specific types too. Pulling
/// every association (`drain`) gives exactly the list an eager walk would; pulling fewer only
/// stops earlier, since each step depends on the steps before it and never on later ones.
struct AssociationWalk {
    /// An associated application and the type through which it was reached.
    struct Association: Equatable {
        var id: String
        var type: String
    }

    /// The candidate IDs of one list or directory, for one type, not yet looked at.
    private struct Batch {
        /// Where they come from: an `[Added Associations]` value or a directory's entries.
        enum Source {
            case added(line: Int, path: String, directory: Int?)
            case declared(directory: Int)
        }
        var source: Source
        var ids: [String]
        var next = 0
    }

    /// What is done at one list location for one type, in this order.
    private enum Stage { case added, removed, declared }

    private let resolver: AssociationResolver
    private let chain: [String]
    /// The associations produced so far, most preferred first.
    private(set) var produced: [Association] = []
    /// The IDs of `produced`, so that a value of thousands of IDs is not searched per ID.
    private var associated = Set<String>()
    /// The IDs `[Removed Associations]` took away so far.
    private(set) var removed = Set<String>()
    /// Whether every association has been produced.
    private(set) var isDone = false
    private var typeIndex = 0
    private var listIndex = 0
    private var stage = Stage.added
    private var directoriesDone = Set<Int>()
    private var batch: Batch?

    init(resolver: AssociationResolver, chain: [String]) {
        self.resolver = resolver
        self.chain = chain
        isDone = chain.isEmpty
    }

    /// Produces the next association, appending the steps that led to it; nil when there are no more.
    mutating func next(_ steps: inout [ResolutionStep]) -> Association? {
        while !isDone {
            if var current = batch, current.next < current.ids.count {
                let id = current.ids[current.next]
                current.next += 1
                batch = current
                if let association = take(id, from: current.source, steps: &steps) { return association }
                continue
            }
            batch = nil
            advance(&steps)
        }
        return nil
    }

    /// Produces every remaining association.
    mutating func drain(_ steps: inout [ResolutionStep]) {
        while next(&steps) != nil {}
    }

    /// Pulls associations until one with `id` is produced or there are none left; whether one was.
    mutating func produces(_ id: String, _ steps: inout [ResolutionStep]) -> Bool {
        while !associated.contains(id) {
            guard next(&steps) != nil else { return false }
        }
        return true
    }

    /// The first association reached through `type`, a type of the chain: pulls associations
    /// until the walk has passed that type (the chain's types come in order, each once).
    mutating func first(through type: String, _ steps: inout [ResolutionStep]) -> Association? {
        if let found = produced.first(where: { $0.type == type }) { return found }
        guard let position = chain.firstIndex(of: type) else { return nil }
        while !isDone && typeIndex <= position {
            guard let association = next(&steps) else { return nil }
            if association.type == type { return association }
        }
        return nil
    }

    /// Checks a candidate and records it when it is associated.
    private mutating func take(_ id: String, from source: Batch.Source, steps: inout [ResolutionStep]) -> Association? {
        let type = chain[typeIndex]
        let index = resolver.applications
        switch source {
        case .added(let line, let path, let directory):
            guard !removed.contains(id), !associated.contains(id), usable(id, from: directory, steps: &steps) else {
                return nil
            }
            return record(id, type, .associated(id: id, type: type, source: "[Added Associations] in \(path):\(line)"), &steps)
        case .declared(let directory):
            guard !removed.contains(id), !associated.contains(id), !index.isMasked(id, below: directory) else { return nil }
            guard let application = index.application(id, in: directory), application.status.isUsable else {
                if let application = index.application(id, in: directory) {
                    steps.append(.rejected(id: id, reason: application.status.description))
                }
                return nil
            }
            return record(id, type, .associated(id: id, type: type, source: "MimeType= of \(application.path)"), &steps)
        }
    }

    private mutating func record(
        _ id: String, _ type: String, _ step: ResolutionStep, _ steps: inout [ResolutionStep]
    ) -> Association {
        let association = Association(id: id, type: type)
        produced.append(association)
        associated.insert(id)
        steps.append(step)
        return association
    }

    /// Whether an ID an `[Added Associations]` value names may be associated: an association
    /// written in a data directory only covers entries at that level or lower.
    private func usable(_ id: String, from directory: Int?, steps: inout [ResolutionStep]) -> Bool {
        let index = resolver.applications
        if let directory {
            if index.isMasked(id, below: directory) {
                steps.append(.rejected(id: id, reason: "masked by an entry in a more important directory"))
                return false
            }
            guard index.directories[directory...].contains(where: { $0.table.contains(id) }) else {
                steps.append(.rejected(id: id, reason: "not installed at the level of the list that names it"))
                return false
            }
        }
        guard let application = index.application(id) else {
            steps.append(.rejected(id: id, reason: "not installed"))
            return false
        }
        guard application.status.isUsable else {
            steps.append(.rejected(id: id, reason: application.status.description))
            return false
        }
        return true
    }

    /// Moves to the next stage of the walk: the next batch of candidates, or the removals of a
    /// list, or the next list, or the next type; marks the walk done after the last.
    private mutating func advance(_ steps: inout [ResolutionStep]) {
        let lists = resolver.lists
        guard listIndex < lists.count else {
            typeIndex += 1
            listIndex = 0
            stage = .added
            directoriesDone = []
            if typeIndex >= chain.count { isDone = true }
            return
        }
        let list = lists[listIndex]
        let location = list.location
        let type = chain[typeIndex]
        let addsOrRemoves = location.mayAddOrRemove && location.kind == .mimeapps
        switch stage {
        case .added:
            stage = .removed
            if addsOrRemoves, let added = list.value(.addedAssociations, for: type) {
                batch = Batch(
                    source: .added(line: added.line, path: location.path, directory: location.applicationDirectory),
                    ids: added.ids)
            }
        case .removed:
            stage = .declared
            if addsOrRemoves, let value = list.value(.removedAssociations, for: type) {
                for id in value.ids where !associated.contains(id) && removed.insert(id).inserted {
                    steps.append(.removed(id: id, type: type, path: location.path, line: value.line))
                }
            }
        case .declared:
            stage = .added
            listIndex += 1
            // After a data directory's lists, the entries of that directory (rule 49 c).
            if let directory = location.applicationDirectory, location.kind == .mimeInfoCache,
                directoriesDone.insert(directory).inserted
            {
                batch = Batch(source: .declared(directory: directory), ids: resolver.declaredIDs(of: type, in: directory))
            }
        }
    }
}
