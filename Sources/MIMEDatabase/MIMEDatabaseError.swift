import XDGSupport

/// Why a part of the shared-mime-info database could not be used.
///
/// These are mostly reported as diagnostics: the broken file is skipped and the rest still works.
public enum MIMEDatabaseError: Error, Sendable, Equatable {
    /// The file could not be read at all.
    case unreadable(path: String, reason: String)
    /// libxml2 rejected the document.
    case malformedXML(path: String, line: Int, message: String)
    /// The document is well-formed but not a shared-mime-info package.
    case notAPackage(path: String, root: String)
    /// A `mime.cache` whose version this reader does not know.
    case unsupportedCacheVersion(path: String, major: Int, minor: Int)
    /// A `mime.cache` that is cut short or points outside itself.
    case corruptCache(path: String, reason: String)
    /// A generated text file (`magic`, `globs2`…) that is not in its format at all.
    case malformedTextFile(path: String, line: Int, message: String)
    /// A name that is not `media/subtype`.
    case invalidTypeName(String)

    /// A human-readable message naming the file and what is wrong.
    public var message: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .malformedXML(let path, let line, let message): return "\(path):\(line): \(message)"
        case .notAPackage(let path, let root):
            return "\(path): root element is '\(root)', expected 'mime-info' in the shared-mime-info namespace"
        case .unsupportedCacheVersion(let path, let major, let minor):
            return "\(path): cache version \(major).\(minor) is not supported (expected 1.1 or 1.2)"
        case .corruptCache(let path, let reason): return "\(path): corrupt cache: \(reason)"
        case .malformedTextFile(let path, let line, let message): return "\(path):\(line): \(message)"
        case .invalidTypeName(let name): return "'\(name)' is not a MIME type (expected 'media/subtype')"
        }
    }
}

extension MIMEDatabaseError: CustomStringConvertible {
    /// The same text as `message`.
    public var description: String { message }
}

extension MIMEDatabaseError {
    /// The error as a warning about the file at `path`: the line goes in the diagnostic's line,
    /// not its message, and `consequence` (such as "file skipped") ends the message.
    public func diagnostic(path fallbackPath: String, consequence: String) -> Diagnostic {
        switch self {
        case .unreadable(let path, let reason):
            return Diagnostic(path: path, message: "cannot read: \(reason); \(consequence)")
        case .malformedXML(let path, let line, let message):
            // libxml2's messages may span lines; a warning is one.
            let oneLine = message.split(separator: "\n").map { $0.trimmingWhitespace() }.joined(separator: " ")
            return Diagnostic(path: path, line: line > 0 ? line : nil, message: "\(oneLine); \(consequence)")
        case .notAPackage(let path, let root):
            return Diagnostic(
                path: path,
                message: "root element is '\(root)', expected 'mime-info' in the "
                    + "shared-mime-info namespace; \(consequence)")
        case .unsupportedCacheVersion(let path, let major, let minor):
            return Diagnostic(
                path: path,
                message: "cache version \(major).\(minor) is not supported "
                    + "(expected 1.1 or 1.2); \(consequence)")
        case .corruptCache(let path, let reason):
            return Diagnostic(path: path, message: "corrupt cache: \(reason); \(consequence)")
        case .malformedTextFile(let path, let line, let message):
            return Diagnostic(path: path, line: line, message: "\(message); \(consequence)")
        case .invalidTypeName:
            return Diagnostic(path: fallbackPath, message: "\(message); \(consequence)")
        }
    }
}
