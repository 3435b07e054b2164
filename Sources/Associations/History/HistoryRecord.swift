import XDGSupport

/// One change of a type's effective default: one line of the journal.
public struct HistoryRecord: Sendable, Equatable {
    /// A view's answer before and after the change.
    public struct Answer: Sendable, Equatable {
        /// The default before (nil: none).
        public var before: String?
        /// The default after (nil: none).
        public var after: String?

        /// An answer.
        public init(before: String?, after: String?) {
            self.before = before
            self.after = after
        }
    }

    /// The change ID `assoc undo` takes.
    public var id: String
    /// When the change was found, in seconds since the epoch.
    public var time: Int64
    /// The canonical type whose default changed.
    public var type: String
    /// The answer of each view that was followed, changed or not.
    public var answers: [DefaultsView: Answer]
    /// Why.
    public var cause: ChangeCause
    /// The process that made the change, where it can be known.
    public var process: String?

    /// A record.
    public init(
        id: String, time: Int64, type: String, answers: [DefaultsView: Answer], cause: ChangeCause, process: String?
    ) {
        self.id = id
        self.time = time
        self.type = type
        self.answers = answers
        self.cause = cause
        self.process = process
    }

    /// The views whose answer changed, assoc's own first.
    public var changedViews: [DefaultsView] {
        answers.filter { $0.value.before != $0.value.after }.map(\.key).sorted()
    }

    /// The answer a person is told about: the first view that changed (assoc's own, then GIO's,
    /// then xdg-open's), else assoc's own.
    public var headline: (view: DefaultsView, answer: Answer) {
        let view = changedViews.first ?? DefaultsView(.spec)
        return (view, answers[view] ?? Answer(before: nil, after: nil))
    }

    // MARK: - JSON Lines

    /// The record as one JSON object: `id`, `time`, `type`, `before`, `after` (objects keyed by
    /// view: `spec`, `gio`, `xdg-open`, `gio@kde`), `changed`, `cause`, the cause's fields
    /// (`command`, `file`, `added`, `removed`, `application`, `line`, `detail`, `files`), `process`.
    public var json: JSONValue {
        let views = answers.keys.sorted()
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("time", .string(JournalTime.format(time))), ("type", .string(type)),
            ("before", .object(views.map { ($0.key, .optional(answers[$0]?.before)) })),
            ("after", .object(views.map { ($0.key, .optional(answers[$0]?.after)) })),
            ("changed", .strings(changedViews.map(\.key))), ("cause", .string(cause.name)),
        ]
        func lines(_ lines: [NumberedLine]) -> JSONValue {
            .array(lines.map { .object([("line", .int($0.line)), ("text", .string($0.text))]) })
        }
        switch cause {
        case .assoc(let command, let file, let added, let removed):
            members += [
                ("command", .string(command)), ("file", .optional(file)), ("added", lines(added)), ("removed", lines(removed)),
            ]
        case .listEdit(let file, let added, let removed):
            members += [("file", .string(file)), ("added", lines(added)), ("removed", lines(removed))]
        case .lastUsed(let file, let application, let line):
            members += [("file", .string(file)), ("application", .string(application)), ("added", lines([line]))]
        case .applicationInstalled(let application, let file), .applicationRemoved(let application, let file):
            members += [("application", .string(application)), ("file", .optional(file))]
        case .typeDatabase(let detail, let files):
            members += [("detail", .string(detail)), ("files", .strings(files))]
        case .unexplained: break
        }
        members.append(("process", .optional(process)))
        return .object(members)
    }

    /// Reads a record written by `json`.
    ///
    /// - Throws: `JSONObject.Failure` naming the member that is wrong.
    public init(json value: JSONValue) throws(JSONObject.Failure) {
        let object = try JSONObject(value)
        id = try object.string("id")
        let timeText = try object.string("time")
        guard let time = JournalTime.parse(timeText) else {
            throw JSONObject.Failure(place: object.place(of: "time"), reason: "not a time: \(timeText)")
        }
        self.time = time
        type = try object.string("type")
        let before = try JSONObject(object["before"] ?? .object([]), at: object.place(of: "before"))
        let after = try JSONObject(object["after"] ?? .object([]), at: object.place(of: "after"))
        var answers: [DefaultsView: Answer] = [:]
        for (key, _) in before.members + after.members {
            guard let view = DefaultsView(key: key) else { continue }
            answers[view] = Answer(before: try before.optionalString(key), after: try after.optionalString(key))
        }
        self.answers = answers
        process = try object.optionalString("process")
        func lines(_ key: String) throws(JSONObject.Failure) -> [NumberedLine] {
            guard object[key] != nil else { return [] }
            var result: [NumberedLine] = []
            for line in try object.objects(key) {
                result.append(NumberedLine(line: try line.int("line"), text: try line.string("text")))
            }
            return result
        }
        switch try object.string("cause") {
        case "assoc":
            cause = .assoc(
                command: try object.string("command"), file: try object.optionalString("file"), added: try lines("added"),
                removed: try lines("removed"))
        case "list-edit":
            cause = .listEdit(file: try object.string("file"), added: try lines("added"), removed: try lines("removed"))
        case "last-used":
            guard let line = try lines("added").first else {
                throw JSONObject.Failure(place: object.place(of: "added"), reason: "the line moved is missing")
            }
            cause = .lastUsed(file: try object.string("file"), application: try object.string("application"), line: line)
        case "application-installed":
            cause = .applicationInstalled(application: try object.string("application"), file: try object.optionalString("file"))
        case "application-removed":
            cause = .applicationRemoved(application: try object.string("application"), file: try object.optionalString("file"))
        case "type-database":
            cause = .typeDatabase(detail: try object.string("detail"), files: try object.strings("files"))
        default:
            cause = .unexplained
        }
    }
}
