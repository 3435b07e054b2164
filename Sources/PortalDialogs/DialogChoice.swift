/// One of the file chooser's extra controls, as the portal's `choices` option gives it:
/// `(id, label, [(option id, option label)], initial)`.
public struct DialogChoice: Sendable, Equatable {
    /// One value of a combo box.
    public struct Option: Sendable, Equatable {
        /// The value's identifier, returned in the answer.
        public var id: String
        /// The value's label, shown.
        public var label: String

        /// An option.
        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    /// The choice's identifier, returned in the answer.
    public var id: String
    /// The label shown.
    public var label: String
    /// The values of a combo box; empty for a check box, whose values are "true" and "false".
    public var options: [Option]
    /// The value chosen at first (an option's id, or "true"/"false" for a check box).
    public var initial: String

    /// A choice.
    public init(id: String, label: String, options: [Option], initial: String) {
        self.id = id
        self.label = label
        self.options = options
        self.initial = initial
    }

    /// Whether this is a check box (no options).
    public var isCheckBox: Bool { options.isEmpty }
}
