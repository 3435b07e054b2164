import PortalDialogs

/// The values of a file dialog's extra controls (the portal's `choices`): combo boxes cycle
/// through their options, check boxes toggle between "true" and "false".
public struct PortalChoices: Equatable {
    /// The controls, in order.
    public let choices: [DialogChoice]
    /// The value of each control, by position.
    public private(set) var values: [String]
    /// The control being changed, while the person is changing them.
    public private(set) var focus: Int?

    /// The controls at their initial values (an initial value that is none of a combo's options
    /// starts at the first option; a check box that is not "true" starts unchecked).
    public init(_ choices: [DialogChoice]) {
        self.choices = choices
        values = choices.map { choice in
            if choice.isCheckBox { return choice.initial == "true" ? "true" : "false" }
            return choice.options.contains { $0.id == choice.initial } ? choice.initial : choice.options[0].id
        }
    }

    /// Whether there are any.
    public var isEmpty: Bool { choices.isEmpty }

    /// Starts changing them, at the first control.
    public mutating func beginEditing() { focus = choices.isEmpty ? nil : 0 }

    /// Stops changing them.
    public mutating func endEditing() { focus = nil }

    /// The next control (`by: 1`) or the one before (`by: -1`), wrapping around.
    public mutating func moveFocus(by step: Int) {
        guard let focus else { return }
        self.focus = (focus + step + choices.count) % choices.count
    }

    /// The focused control's next value (`by: 1`) or the one before: a check box toggles.
    public mutating func change(by step: Int) {
        guard let focus else { return }
        let choice = choices[focus]
        if choice.isCheckBox {
            values[focus] = values[focus] == "true" ? "false" : "true"
            return
        }
        let index = choice.options.firstIndex { $0.id == values[focus] } ?? 0
        values[focus] = choice.options[(index + step + choice.options.count) % choice.options.count].id
    }

    /// The values as the answer's `choices`.
    public var answer: [DialogAnswer.ChoiceValue] { zip(choices, values).map { .init(id: $0.id, value: $1) } }

    /// The controls and their values on one line, the focused one between `>` and `<`:
    /// `Encoding: UTF-8  [x] Re-encode`.
    public var summary: String {
        choices.indices.map { index in
            let choice = choices[index]
            let label = DialogLabel.plain(choice.label.isEmpty ? choice.id : choice.label)
            let text =
                choice.isCheckBox
                ? (values[index] == "true" ? "[x] " : "[ ] ") + label
                : label + ": " + DialogLabel.plain(choice.options.first { $0.id == values[index] }?.label ?? values[index])
            return index == focus ? ">" + text + "<" : text
        }.joined(separator: "  ")
    }
}
