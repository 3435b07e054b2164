/// Something a screen could not do (list a folder, make one, write a default), in words for its
/// status line.
public struct ScreenProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// A problem with this message.
    public init(_ description: String) { self.description = description }
}

/// The picker's problems are screen problems.
public typealias PickerProblem = ScreenProblem

/// The settings screen's problems are screen problems.
public typealias SettingsProblem = ScreenProblem
