import DocumentProvider
import PortalDialogs
import XDGSupport

/// The portal's file dialog on the terminal: the document picker configured from the request,
/// with a line for the dialog's extra controls (`o` changes them) and, for SaveFiles, a
/// confirmation for each name that is taken in the chosen folder. Its answer is the portal's.
public struct PortalPickerScreen: Screen {
    /// The portal's answer: chosen URIs, choices and filter, or a cancel.
    public typealias Answer = DialogAnswer

    /// The picker.
    public private(set) var picker: PickerModel
    /// The extra controls and their values.
    public private(set) var choices: PortalChoices
    /// The request the dialog answers.
    public let request: DialogRequest
    /// How the request set the picker up.
    public let plan: PortalPickPlan
    /// Whether something exists at a path (SaveFiles asks before replacing it).
    public let exists: (String) -> Bool
    /// SaveFiles: the paths that exist in the chosen folder and are still to confirm, in order.
    public private(set) var pendingReplacements: [String] = []
    /// A message for the dialog's own line.
    public private(set) var message: String?

    /// The dialog for `request`, showing `picker`.
    public init(request: DialogRequest, plan: PortalPickPlan, picker: PickerModel, exists: @escaping (String) -> Bool) {
        self.request = request
        self.plan = plan
        self.picker = picker
        self.exists = exists
        choices = PortalChoices(request.choices)
    }

    /// The keys the dialog adds to the picker's.
    static let keys: [(String, String)] = [
        ("o", "change the dialog's options (←/→ or Space change one, Tab or ↑/↓ the next, Enter or Esc done)"),
        ("y", "replace a file that exists (when asked)"),
    ]

    /// Handles a key: the dialog's own (`o` for its controls, the replace questions of
    /// SaveFiles), else the picker's.
    public mutating func handle(_ key: Key) -> ScreenStep<DialogAnswer> {
        if case .resize(let lines, let columns) = key {
            return map(picker.handle(.resize(lines: max(lines - 1, 1), columns: columns)))
        }
        message = nil
        if choices.focus != nil { return editChoices(key) }
        if !pendingReplacements.isEmpty { return confirmReplacement(key) }
        let pickerIsAsking = picker.prompt != nil || picker.list.isSearching || picker.showsHelp
        if !pickerIsAsking {
            switch key {
            case .character("o") where !choices.isEmpty:
                choices.beginEditing()
                return .stay
            case .enter where request.kind == .saveFiles && isOnActionRow:
                return saveFilesHere()
            default: break
            }
        }
        return map(picker.handle(key))
    }

    /// Whether the highlight is on the folder's action row (`Save here`).
    private var isOnActionRow: Bool { picker.list.current == 0 && picker.currentEntry == nil }

    private mutating func editChoices(_ key: Key) -> ScreenStep<DialogAnswer> {
        switch key {
        case .enter, .escape, .character("o"), .character("q"): choices.endEditing()
        case .tab, .down, .character("j"): choices.moveFocus(by: 1)
        case .up, .character("k"): choices.moveFocus(by: -1)
        case .right, .character(" "), .character("l"): choices.change(by: 1)
        case .left, .character("h"): choices.change(by: -1)
        default: break
        }
        return .stay
    }

    /// SaveFiles' action: every name in this folder, after a confirmation for each that is taken.
    private mutating func saveFilesHere() -> ScreenStep<DialogAnswer> {
        pendingReplacements = savedPaths.filter(exists)
        return pendingReplacements.isEmpty ? .finish(answer(uris: savedPaths)) : .stay
    }

    private mutating func confirmReplacement(_ key: Key) -> ScreenStep<DialogAnswer> {
        guard key == .character("y") || key == .character("Y") else {
            pendingReplacements = []
            message = "nothing saved"
            return .stay
        }
        pendingReplacements.removeFirst()
        return pendingReplacements.isEmpty ? .finish(answer(uris: savedPaths)) : .stay
    }

    /// The paths SaveFiles answers in the folder shown: one per name, in order.
    private var savedPaths: [String] { savedPaths(in: picker.directory) }

    /// The paths SaveFiles answers in `directory`: one per name, in order. The names are file
    /// names, unique within the request (`FileName.unique`, checked when the dialog starts), so
    /// the paths are distinct files in `directory`.
    private func savedPaths(in directory: String) -> [String] {
        request.files.map { FileURI.absolute($0, in: directory) }
    }

    /// The picker's step as the dialog's.
    private func map(_ step: ScreenStep<PickerAnswer>) -> ScreenStep<DialogAnswer> {
        switch step {
        case .stay: return .stay
        case .cancel: return .cancel
        // The portal's picker never offers markup (`offersMarkup` is off); were it asked, it chooses.
        case .finish(.documents(let entries)), .finish(.markUp(let entries)):
            return .finish(answer(uris: entries.map(\.document.path)))
        case .finish(.save(let path, _)): return .finish(answer(uris: [path]))
        case .finish(.destination(let directory, _)): return .finish(answer(uris: savedPaths(in: directory)))
        }
    }

    /// The answer for the chosen paths: normalised `file://` URIs, the choices, the filter in use.
    public func answer(uris paths: [String]) -> DialogAnswer {
        var answer = DialogAnswer(response: .chosen)
        answer.uris = paths.map { FileURL.url(forAbsolutePath: FileURI.absolute($0, in: "/")) }
        answer.choices = choices.answer
        answer.currentFilter = request.filters.isEmpty ? nil : picker.filter
        answer.writable = request.kind == .openFile
        return answer
    }

    /// The picker's lines and, last, the dialog's own line.
    public func render(lines: Int, columns: Int) -> [StyledLine] {
        guard lines > 1 else { return picker.render(lines: lines, columns: columns) }
        var result = picker.render(lines: lines - 1, columns: columns)
        if picker.showsHelp { return result + [StyledLine(TextLayout.fit(Self.helpLine, columns), style: .status)] }
        result.append(
            StyledLine(
                TextLayout.fit(dialogLine, columns),
                style: choices.focus != nil || !pendingReplacements.isEmpty ? .status : .title))
        return result
    }

    private static var helpLine: String { keys.map { "\($0.0) \($0.1)" }.joined(separator: "  ·  ") }

    /// The dialog's own line: a question, or the accepting key and the controls' values.
    private var dialogLine: String {
        if let path = pendingReplacements.first {
            return "'\(TextLayout.safe(DocumentTransfer.baseName(path)))' exists here. Replace it? (y/n)"
        }
        if choices.focus != nil {
            return "Options: " + TextLayout.safe(choices.summary) + "  (←/→ change, Tab next, Enter done)"
        }
        var parts = ["Enter: " + TextLayout.safe(plan.acceptLabel)]
        // A save shows folders, not the filter in the title: the type to save as is told here.
        if request.kind == .saveFile && !request.filters.isEmpty {
            parts.append("Tab type: " + TextLayout.safe(picker.filterName))
        }
        if let message { parts.append(message) }
        if !choices.isEmpty { parts.append("o options: " + TextLayout.safe(choices.summary)) }
        return parts.joined(separator: "  ·  ")
    }
}
