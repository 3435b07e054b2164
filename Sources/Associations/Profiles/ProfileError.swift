import XDGSupport

/// Why a profile could not be read or applied; each message names the profile's file and line.
public enum ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// A line that is not a comment, a group header or `key=value`.
    case malformed(path: String, line: Int, message: String)
    /// A group profiles do not have.
    case unknownGroup(path: String, line: Int, name: String)
    /// A key of `[Profile]` profiles do not have.
    case unknownProfileKey(path: String, line: Int, key: String)
    /// `Version=` that is not a whole number.
    case invalidVersion(path: String, line: Int, value: String)
    /// `Name=` that is empty or has a character the memory of suggestions cannot keep.
    case invalidName(path: String, line: Int, value: String)
    /// An entry without a desktop file ID.
    case noCandidates(path: String, line: Int, target: String)
    /// A target written twice in one file for one role (in one group, or in `[Enforce]` and
    /// `[Suggest]`).
    case duplicateKey(path: String, line: Int, target: String, firstLine: Int)
    /// `Include=` leads back to a file already being read: the chain, first to last.
    case includeCycle(path: String, line: Int, chain: [String])
    /// The editor refused a change, or a list could not be written: its message.
    case refused(String)
    /// The `[Suggest]` memory could not be written.
    case memoryNotWritten(path: String, reason: String)

    /// The message.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read the profile '\(path)': \(reason)"
        case .malformed(let path, let line, let message): return "\(path):\(line): \(message)"
        case .unknownGroup(let path, let line, let name):
            let known = ([ProfileGroup.headerName] + ProfileGroup.all.map(\.name)).map { "[\($0)]" }
            return "\(path):\(line): unknown group '[\(name)]'; a profile has \(known.joined(separator: ", "))"
        case .unknownProfileKey(let path, let line, let key):
            return "\(path):\(line): unknown key '\(key)' in [Profile]; expected Name=, Version= or Include="
        case .invalidVersion(let path, let line, let value):
            return "\(path):\(line): Version= must be a whole number, found '\(value)'"
        case .invalidName(let path, let line, let value):
            return "\(path):\(line): Name= must be non-empty, without '[', ']', '=' or control characters, found '\(value)'"
        case .noCandidates(let path, let line, let target):
            return "\(path):\(line): '\(target)' names no desktop file ID"
        case .duplicateKey(let path, let line, let target, let firstLine):
            return "\(path):\(line): '\(target)' is written twice in this profile (first on line \(firstLine))"
        case .includeCycle(let path, let line, let chain):
            return "\(path):\(line): Include= makes a cycle: \(chain.joined(separator: " → "))"
        case .refused(let message): return message
        case .memoryNotWritten(let path, let reason): return "cannot remember the applied suggestions in '\(path)': \(reason)"
        }
    }
}
