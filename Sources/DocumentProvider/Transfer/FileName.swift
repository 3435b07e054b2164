import XDGSupport

/// What may be the name of one file written in a folder: the one rule for a name to save as
/// (`assoc pick --mode save --name`, a typed name, the portal's SaveFile `current_name` and
/// SaveFiles `files`) and for a new folder.
///
/// A name is one directory entry (POSIX, Base Definitions, 3.170 "Filename"): not empty, not `.`
/// or `..` (the folder itself and its parent, which a save would write instead of a file in the
/// folder), without `/` (which would reach into another folder) or a NUL byte (which ends a name
/// at the system call), and at most `NAME_MAX` (255) bytes.
public enum FileName {
    /// The most bytes a file name may have (`NAME_MAX`).
    public static let maximumBytes = 255

    /// Why a text is not a file name.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The name is empty.
        case empty
        /// `.`: the folder itself.
        case currentFolder
        /// `..`: the parent folder.
        case parentFolder
        /// It holds a `/`.
        case slash
        /// It holds a NUL byte.
        case nul
        /// It has more bytes than `maximumBytes`; the count.
        case tooLong(Int)

        /// The reason, in a phrase.
        public var description: String {
            switch self {
            case .empty: return "a file name cannot be empty"
            case .currentFolder: return "'.' names the folder itself, not a file in it"
            case .parentFolder: return "'..' names the parent folder, not a file in it"
            case .slash: return "a file name cannot contain '/', which would reach into another folder"
            case .nul: return "a file name cannot contain a NUL byte"
            case .tooLong(let count): return "a file name has at most \(maximumBytes) bytes, this one \(count)"
            }
        }
    }

    /// Why `name` is not a file name, or nil when it is one.
    public static func problem(_ name: String) -> Problem? {
        let bytes = PathCoding.encode(name)
        if bytes.isEmpty { return .empty }
        if bytes == [UInt8(ascii: ".")] { return .currentFolder }
        if bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { return .parentFolder }
        if bytes.contains(UInt8(ascii: "/")) { return .slash }
        if bytes.contains(0) { return .nul }
        if bytes.count > maximumBytes { return .tooLong(bytes.count) }
        return nil
    }

    /// A name of a list that is not a file name: its position (from 0), the name and why.
    public struct ListProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The position of the name in the list, from 0.
        public var index: Int
        /// The name as given.
        public var name: String
        /// Why it is not a file name.
        public var problem: Problem

        /// The problem of the name at `index`.
        public init(index: Int, name: String, problem: Problem) {
            self.index = index
            self.name = name
            self.problem = problem
        }

        /// The message, naming the position and the name.
        public var description: String { "name \(index + 1), '\(name)': \(problem)" }
    }

    /// `names`, each checked, made unique within the list: a name met again is numbered as a
    /// transfer numbers a taken name (`NumberedName`: `x.txt`, `x (2).txt`), so that no two
    /// files of one save are written at the same path. A list of unique names comes back as it is.
    ///
    /// - Throws: `ListProblem` for the first name that is not a file name.
    public static func unique(_ names: [String]) throws(ListProblem) -> [String] {
        for (index, name) in names.enumerated() {
            if let problem = problem(name) { throw ListProblem(index: index, name: name, problem: problem) }
        }
        var taken = Set(names)
        var seen: Set<String> = []
        var result: [String] = []
        result.reserveCapacity(names.count)
        for name in names {
            guard seen.contains(name) else {
                seen.insert(name)
                result.append(name)
                continue
            }
            var attempt = 2
            var candidate = NumberedName.name(name, attempt: attempt)
            while taken.contains(candidate) {
                attempt += 1
                candidate = NumberedName.name(name, attempt: attempt)
            }
            taken.insert(candidate)
            seen.insert(candidate)
            result.append(candidate)
        }
        return result
    }
}
