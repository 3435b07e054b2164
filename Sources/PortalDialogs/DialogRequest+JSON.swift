import XDGSupport

extension DialogRequest {
    /// The request as JSON: snake_case keys named after the portal's options where there is one.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)),
            ("title", .string(title)),
            ("accept_label", .optional(acceptLabel)),
            ("modal", .bool(modal)),
            ("multiple", .bool(multiple)),
            ("directory", .bool(directory)),
            ("filters", .array(filters.map(\.json))),
            ("current_filter", currentFilter.map(JSONValue.int) ?? .null),
            ("choices", .array(choices.map(\.json))),
        ]
        members += JSONValue.path("current_folder", currentFolder)
        members.append(("current_name", .optional(currentName)))
        members += JSONValue.path("current_file", currentFile)
        members += JSONValue.paths("files", files)
        members += [
            ("applications", .strings(applications)),
            ("last_choice", .optional(lastChoice)),
            ("content_type", .optional(contentType)),
            ("uri", .optional(uri)),
            ("filename", .optional(filename)),
            ("app_id", .string(appID)),
        ]
        members += JSONValue.path("answer_socket", answerSocket)
        return .object(members)
    }

    /// The request `bytes` hold, read from `source` (named in errors).
    ///
    /// - Throws: `PortalMessageError` naming `source` and the member that is wrong.
    public init(json bytes: [UInt8], source: String) throws(PortalMessageError) {
        self = try PortalMessageError.decoding(bytes, from: source) { object throws(JSONObject.Failure) in
            try DialogRequest(object)
        }
    }

    /// The request in the file at `path`, where the service writes one:
    /// `$XDG_RUNTIME_DIR/assoc/portal/<n>/request.json`. The runtime directory and each directory
    /// below it are opened one from the other without following links and must be the user's own,
    /// mode 0700; the file must be the user's regular file of at most 1 MiB.
    ///
    /// - Throws: `PortalMessageError` naming the file, or the directory that is not private and why.
    public init(contentsOf path: String) throws(PortalMessageError) {
        let parents = PortalDialogs.requestDirectoryParents
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let name = components.popLast() ?? ""
        let number = components.popLast() ?? ""
        guard path.hasPrefix("/"), components.count > parents.count, Array(components.suffix(parents.count)) == parents,
            !number.isEmpty, number != ".", number != ".."
        else {
            throw PortalMessageError(
                source: path,
                reason: "a portal request is read only from $XDG_RUNTIME_DIR/\(parents.joined(separator: "/"))/<n>/, "
                    + "where assoc portal writes it")
        }
        let runtime = "/" + components.dropLast(parents.count).joined(separator: "/")
        let bytes: [UInt8]
        do {
            var directory = try PrivateDirectory(opening: runtime)
            for parent in parents + [number] { directory = try directory.child(parent, creating: false) }
            bytes = try directory.readFile(name, limit: PortalDialogs.maximumMessageSize)
        } catch {
            let rule = "; every directory from the runtime directory down must be the user's own, mode 0700, not a link"
            throw PortalMessageError(source: path, reason: error.description + (error.isNotPrivate ? rule : ""))
        }
        try self.init(json: bytes, source: path)
    }

    private init(_ object: JSONObject) throws(JSONObject.Failure) {
        let kindName = try object.string("kind")
        guard let kind = Kind(rawValue: kindName) else {
            let known = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw JSONObject.Failure(place: "kind", reason: "'\(kindName)' is not one of \(known)")
        }
        guard let socket = try object.path("answer_socket") else {
            throw JSONObject.Failure(place: "answer_socket", reason: "missing")
        }
        self.init(kind: kind, answerSocket: socket)
        title = try object.optionalString("title") ?? ""
        acceptLabel = try object.optionalString("accept_label")
        modal = try object.bool("modal", default: true)
        multiple = try object.bool("multiple")
        directory = try object.bool("directory")
        filters = try object.objects("filters").map { (item) throws(JSONObject.Failure) in try DialogFilter(item) }
        currentFilter = try object.optionalInt("current_filter")
        if let index = currentFilter, !filters.indices.contains(index) {
            throw JSONObject.Failure(place: "current_filter", reason: "\(index) is not the index of one of the filters")
        }
        choices = try object.objects("choices").map { (item) throws(JSONObject.Failure) in try DialogChoice(item) }
        currentFolder = try object.path("current_folder")
        currentName = try object.optionalString("current_name")
        currentFile = try object.path("current_file")
        files = try object.paths("files")
        applications = try object.strings("applications")
        lastChoice = try object.optionalString("last_choice")
        contentType = try object.optionalString("content_type")
        uri = try object.optionalString("uri")
        filename = try object.optionalString("filename")
        appID = try object.optionalString("app_id") ?? ""
    }
}

extension DialogFilter {
    /// `{"name":…,"patterns":[{"kind":0|1,"pattern":…}]}`.
    public var json: JSONValue {
        .object([
            ("name", .string(name)),
            ("patterns", .array(patterns.map { .object([("kind", .int($0.kind)), ("pattern", .string($0.pattern))]) })),
        ])
    }

    init(_ object: JSONObject) throws(JSONObject.Failure) {
        var patterns: [Pattern] = []
        for item in try object.objects("patterns") {
            let kind = try item.int("kind")
            guard let pattern = Pattern(kind: kind, pattern: try item.string("pattern")) else {
                throw JSONObject.Failure(
                    place: item.place(of: "kind"), reason: "\(kind) is neither 0 (a glob) nor 1 (a MIME type)")
            }
            patterns.append(pattern)
        }
        self.init(name: try object.string("name"), patterns: patterns)
    }
}

extension DialogChoice {
    /// `{"id":…,"label":…,"options":[{"id":…,"label":…}],"initial":…}`.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("label", .string(label)),
            ("options", .array(options.map { .object([("id", .string($0.id)), ("label", .string($0.label))]) })),
            ("initial", .string(initial)),
        ])
    }

    init(_ object: JSONObject) throws(JSONObject.Failure) {
        let options = try object.objects("options").map { (item) throws(JSONObject.Failure) in
            Option(id: try item.string("id"), label: try item.string("label"))
        }
        self.init(
            id: try object.string("id"), label: try object.optionalString("label") ?? "", options: options,
            initial: try object.optionalString("initial") ?? "")
    }
}
