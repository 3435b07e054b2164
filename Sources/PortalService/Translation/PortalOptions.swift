import DocumentProvider
import PortalDialogs
import XDGSupport

/// The portal's options (`a{sv}`) made into a dialog request, and a dialog's answer made into the
/// portal's results: the two directions of the xdg-desktop-portal backend interfaces
/// (`org.freedesktop.impl.portal.FileChooser`, `org.freedesktop.impl.portal.AppChooser`).
enum PortalOptions {
    /// A file chooser request from `OpenFile`, `SaveFile` or `SaveFiles`.
    ///
    /// The starting folder is `current_folder` when it is an absolute path (some applications
    /// send "."), else `rememberedFolder`, else `home`. The names of a SaveFiles must be file
    /// names (`FileName`: not empty, `.` or `..`, without `/` or NUL, at most 255 bytes); a name
    /// given twice is numbered (`x.txt`, `x (2).txt`), so that every file gets its own URI.
    ///
    /// - Throws: `PortalRefusal` for a name that is no file name, or lists longer than `RequestLimits`.
    static func fileChooserRequest(
        kind: DialogRequest.Kind, appID: String, title: String, options: [String: BusValue], answerSocket: String,
        rememberedFolder: String?, home: String
    ) throws(PortalRefusal) -> DialogRequest {
        let filterValues = options["filters"]?.elements ?? []
        try PortalLimits.check(filterValues.count, "filters", limit: RequestLimits.filters)
        let choiceValues = options["choices"]?.elements ?? []
        try PortalLimits.check(choiceValues.count, "choices", limit: RequestLimits.choices)
        let fileValues = options["files"]?.elements ?? []
        try PortalLimits.check(fileValues.count, "files", limit: RequestLimits.files)
        var request = DialogRequest(kind: kind, answerSocket: answerSocket)
        request.appID = appID
        request.title = title
        request.acceptLabel = options["accept_label"]?.text
        if case .boolean(let modal) = options["modal"] { request.modal = modal }
        if kind == .openFile, case .boolean(let multiple) = options["multiple"] { request.multiple = multiple }
        if kind == .openFile, case .boolean(let directory) = options["directory"] { request.directory = directory }
        for value in filterValues { if let filter = try checkedFilter(value) { request.filters.append(filter) } }
        if let value = options["current_filter"], let current = try checkedFilter(value) {
            if let index = request.filters.firstIndex(of: current) {
                request.currentFilter = index
            } else {
                request.filters.append(current)
                request.currentFilter = request.filters.count - 1
            }
        }
        for value in choiceValues { if let choice = try checkedChoice(value) { request.choices.append(choice) } }
        request.currentName = options["current_name"]?.text
        request.currentFile = options["current_file"].flatMap(path)
        if kind == .saveFiles { request.files = try saveNames(options["files"]) }
        let given = options["current_folder"].flatMap(path).flatMap { $0.hasPrefix("/") ? $0 : nil }
        request.currentFolder = given ?? rememberedFolder ?? home
        return request
    }

    /// An application chooser request from `ChooseApplication`.
    ///
    /// - Throws: `PortalRefusal` for more choices than `RequestLimits.applications`.
    static func appChooserRequest(appID: String, choices: [String], options: [String: BusValue], answerSocket: String)
        throws(PortalRefusal) -> DialogRequest
    {
        try PortalLimits.check(choices.count, "applications", limit: RequestLimits.applications)
        var request = DialogRequest(kind: .chooseApplication, answerSocket: answerSocket)
        request.appID = appID
        request.applications = choices
        request.lastChoice = options["last_choice"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        if case .boolean(let modal) = options["modal"] { request.modal = modal }
        request.contentType = options["content_type"]?.text
        request.uri = options["uri"]?.text
        request.filename = options["filename"]?.text
        return request
    }

    /// The results (`a{sv}` entries) the portal gets for `answer` to `request`; none unless chosen.
    static func results(for answer: DialogAnswer, to request: DialogRequest) -> [(String, BusValue)] {
        guard answer.response == .chosen else { return [] }
        if !request.isFileChooser {
            guard let choice = answer.choice, !choice.isEmpty else { return [] }
            return [("choice", .string(choice))]
        }
        var results: [(String, BusValue)] = [("uris", .strings(normalisedURIs(answer.uris)))]
        if !request.choices.isEmpty {
            let pairs = answer.choices.map { BusValue.structure([.string($0.id), .string($0.value)]) }
            results.append(("choices", .array(element: "(ss)", pairs)))
        }
        if let index = answer.currentFilter, request.filters.indices.contains(index) {
            results.append(("current_filter", value(of: request.filters[index])))
        }
        if request.kind == .openFile { results.append(("writable", .boolean(answer.writable))) }
        return results
    }

    /// Why a dialog's chosen answer cannot go back to a save as it is, or nil: SaveFile gets
    /// exactly one URI, SaveFiles one per name and no two the same, and each names a file by a
    /// file name (`FileName`) in a folder, never the folder itself or its parent. An application
    /// would otherwise write one file over another, or over a folder.
    static func saveProblem(_ answer: DialogAnswer, to request: DialogRequest) -> String? {
        guard answer.response == .chosen, request.kind == .saveFile || request.kind == .saveFiles else { return nil }
        let uris = normalisedURIs(answer.uris)
        let expected = request.kind == .saveFile ? 1 : request.files.count
        guard uris.count == answer.uris.count, uris.count == expected else {
            return "the dialog answered \(answer.uris.count) URIs of files, not \(expected)"
        }
        guard Set(uris).count == uris.count else { return "the dialog answered the same URI twice" }
        for uri in uris {
            guard let path = try? FileURL.path(of: uri) else { continue }
            if !path.hasSuffix("/"), FileName.problem(DocumentTransfer.baseName(path)) == nil { continue }
            return "the dialog answered '\(uri)', which names no file in a folder"
        }
        return nil
    }

    /// The answer's URIs as `file://` URIs of absolute paths, percent-encoded the one way; what
    /// cannot be read as a local file is dropped, as the backend interface asks.
    static func normalisedURIs(_ uris: [String]) -> [String] {
        uris.compactMap { uri in
            guard let path = try? FileURL.path(of: uri), path.hasPrefix("/") else { return nil }
            return FileURL.url(forAbsolutePath: path)
        }
    }

    /// The folder the answer's first file is in (the folder itself for a folder chooser).
    static func chosenFolder(of answer: DialogAnswer, to request: DialogRequest) -> String? {
        guard answer.response == .chosen, request.isFileChooser, let uri = answer.uris.first,
            let path = try? FileURL.path(of: uri), path.hasPrefix("/")
        else { return nil }
        if request.directory { return path }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The names of a SaveFiles (`files`, `aay` of NUL-terminated names), each a file name, made
    /// unique within the request.
    ///
    /// - Throws: `PortalRefusal` naming the first name that is no file name and why.
    static func saveNames(_ value: BusValue?) throws(PortalRefusal) -> [String] {
        guard let value else { return [] }
        guard case .array("ay", let elements) = value else {
            throw PortalRefusal(.invalidArguments, "files is \(value.signature), not aay")
        }
        let names = elements.map { element -> String in
            guard case .bytes(var bytes) = element else { return "" }
            if bytes.last == 0 { bytes.removeLast() }
            return PathCoding.decode(bytes)
        }
        do {
            return try FileName.unique(names)
        } catch {
            throw PortalRefusal(.invalidArguments, "files: \(error)")
        }
    }

    // MARK: - Values

    /// `filter(value)`, refusing more patterns than `RequestLimits.patternsPerFilter`.
    private static func checkedFilter(_ value: BusValue) throws(PortalRefusal) -> DialogFilter? {
        let count = value.fields.flatMap { $0.count == 2 ? $0[1].elements?.count : nil } ?? 0
        try PortalLimits.check(count, "patterns in one filter", limit: RequestLimits.patternsPerFilter)
        return filter(value)
    }

    /// `choice(value)`, refusing more options than `RequestLimits.optionsPerChoice`.
    private static func checkedChoice(_ value: BusValue) throws(PortalRefusal) -> DialogChoice? {
        let count = value.fields.flatMap { $0.count == 4 ? $0[2].elements?.count : nil } ?? 0
        try PortalLimits.check(count, "options in one choice", limit: RequestLimits.optionsPerChoice)
        return choice(value)
    }

    /// A filter from its bus form `(sa(us))`; patterns of an unknown kind are left out.
    static func filter(_ value: BusValue) -> DialogFilter? {
        guard let fields = value.fields, fields.count == 2, let name = fields[0].text, let list = fields[1].elements else {
            return nil
        }
        let patterns: [DialogFilter.Pattern] = list.compactMap { pattern in
            guard let parts = pattern.fields, parts.count == 2, case .uint32(let kind) = parts[0], let text = parts[1].text
            else { return nil }
            return DialogFilter.Pattern(kind: Int(kind), pattern: text)
        }
        return DialogFilter(name: name, patterns: patterns)
    }

    /// The bus form `(sa(us))` of `filter`.
    static func value(of filter: DialogFilter) -> BusValue {
        let patterns = filter.patterns.map { BusValue.structure([.uint32(UInt32($0.kind)), .string($0.pattern)]) }
        return .structure([.string(filter.name), .array(element: "(us)", patterns)])
    }

    /// A choice from its bus form `(ssa(ss)s)`.
    static func choice(_ value: BusValue) -> DialogChoice? {
        guard let fields = value.fields, fields.count == 4, let id = fields[0].text, let label = fields[1].text,
            let list = fields[2].elements, let initial = fields[3].text
        else { return nil }
        let options: [DialogChoice.Option] = list.compactMap { option in
            guard let parts = option.fields, parts.count == 2, let id = parts[0].text, let label = parts[1].text else {
                return nil
            }
            return DialogChoice.Option(id: id, label: label)
        }
        return DialogChoice(id: id, label: label, options: options, initial: initial)
    }

    /// A path from its bus form, NUL-terminated bytes (`ay`), in `PathCoding`'s form.
    static func path(_ value: BusValue) -> String? {
        guard case .bytes(var bytes) = value else { return nil }
        while bytes.last == 0 { bytes.removeLast() }
        guard !bytes.contains(0) else { return nil }
        return PathCoding.decode(bytes)
    }
}
