/// One change of a batch: a request and the types its target was compiled into (by
/// `DefaultsEditor.types(of:)`).
public struct PlannedEdit: Sendable, Equatable {
    /// The request.
    public var request: EditRequest
    /// Its canonical types.
    public var types: [String]

    /// A planned change.
    public init(request: EditRequest, types: [String]) {
        self.request = request
        self.types = types
    }
}

/// What a batch did to one list.
public struct ListWrite: Sendable, Equatable {
    /// The list.
    public var file: String
    /// What happened to it.
    public var change: ListChange

    /// A value.
    public init(file: String, change: ListChange) {
        self.file = file
        self.change = change
    }
}

extension DefaultsEditor {
    /// Makes many changes with one write per list, each refused as `apply` refuses it: a
    /// profile's hundreds of entries become one atomic replacement of each list they touch, and a
    /// batch that changes nothing writes nothing. A request of the edit or markup role goes to the
    /// role list of its level (`rolesList(for:)`); the first request's `command` of each list
    /// names its write in the history's announcement.
    ///
    /// - Parameter dryRun: compute each list's diff; write nothing.
    /// - Throws: `EditRefusal`; nothing more is written then (lists written before the refusal
    ///   stay written).
    public func apply(batch: [PlannedEdit], dryRun: Bool) throws(EditRefusal) -> [ListWrite] {
        var files: [String] = []
        var edits: [String: [MimeAppsEdit]] = [:]
        var commands: [String: String] = [:]
        var viewLists = Set<String>()
        for planned in batch {
            let request = planned.request
            if let desktop = request.desktop, !ListLocation.isValidDesktopName(desktop) {
                throw .invalidDesktopName(desktop)
            }
            if request.action.needsApplication && request.application == nil { throw .missingApplication(request.action) }
            try checkUsable(request)
            let file = try request.role == .view ? list(for: request) : rolesList(for: request)
            if edits[file] == nil { files.append(file) }
            if request.role == .view { viewLists.insert(file) }
            if commands[file] == nil, let command = request.command { commands[file] = command }
            let desktop = request.desktop?.lowercased()
            edits[file, default: []] += planned.types.map { type in
                Self.edit(request.action, type: type, app: request.application, desktop: desktop, role: request.role)
            }
        }
        var writes: [ListWrite] = []
        for file in files {
            let change = try write(
                edits[file] ?? [], to: file, dryRun: dryRun, command: commands[file], readByGIO: viewLists.contains(file))
            writes.append(ListWrite(file: file, change: change))
        }
        guard !dryRun else { return writes }
        for planned in batch { _ = try keepRule(planned.request, desktop: planned.request.desktop?.lowercased()) }
        return writes
    }
}
