import PortalDialogs
import XDGSupport

/// The portal's options (`a{sv}`) made into a dialog request, and a dialog's answer made into the
/// portal's results: the two directions of the xdg-desktop-portal backend interfaces
/// (`org.freedesktop.impl.portal.FileChooser`, `org.freedesktop.impl.portal.AppChooser`).
enum PortalOptions {
    /// A file chooser request from `OpenFile`, `SaveFile` or `SaveFiles`.
    ///
    /// The starting folder is `current_folder` when it is an absolute path (some applications
    /// send "."), else `rememberedFolder`, else `home`.
    static func fileChooserRequest(
        kind: DialogRequest.Kind, appID: String, title: String, options: [String: BusValue], answerSocket: String,
        rememberedFolder: String?, home: String
    ) -> DialogRequest {
        var request = DialogRequest(kind: kind, answerSocket: answerSocket)
        request.appID = appID
        request.title = title
        request.acceptLabel = options["accept_label"]?.text
        if case .boolean(let modal) = options["modal"] { request.modal = modal }
        if kind == .openFile, case .boolean(let multiple) = options["multiple"] { request.multiple = multiple }
        if kind == .openFile, case .boolean(let directory) = options["directory"] { request.directory = directory }
        request.filters = (options["filters"]?.elements ?? []).compactMap(filter)
        if let current = options["current_filter"].flatMap(filter) {
            if let index = request.filters.firstIndex(of: current) {
                request.currentFilter = index
            } else {
                request.filters.append(current)
                request.currentFilter = request.filters.count - 1
            }
        }
        request.choices = (options["choices"]?.elements ?? []).compactMap(choice)
        request.currentName = options["current_name"]?.text
        request.currentFile = options["current_file"].flatMap(path)
        request.files = (options["files"]?.elements ?? []).compactMap(path).filter { !$0.isEmpty }
        let given = options["current_folder"].flatMap(path).flatMap { $0.hasPrefix("/") ? $0 : nil }
        request.currentFolder = given ?? rememberedFolder ?? home
        return request
    }

    /// An application chooser request from `ChooseApplication`.
    static func appChooserRequest(appID: String, choices: [String], options: [String: BusValue], answerSocket: String)
        -> DialogRequest
    {
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

    // MARK: - Values

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
