/// The type of one file, name or piece of data, with where the answer came from.
public struct Detection: Sendable, Equatable {
    /// Which step of detection decided (DESIGN.md decision 3).
    public enum Source: String, Sendable, Equatable {
        /// The `user.mime_type` extended attribute.
        case xattr
        /// The file's kind by `stat`: a directory, a device, a broken link, an empty file.
        case stat
        /// The file name's glob patterns.
        case glob
        /// The content's magic.
        case magic
        /// The root element of an XML document.
        case xmlRoot = "xml-root"
        /// No rule matched and the content looks like text.
        case textTest = "text-test"
        /// Nothing matched: `application/octet-stream`.
        case fallback
    }

    /// The canonical type.
    public var type: String
    /// The step that decided.
    public var source: Source
    /// Whether the answer is a guess between several candidates, or from too little evidence.
    public var uncertain: Bool
    /// Every step taken, for `assoc explain`.
    public var trace: DetectionTrace
}

/// What each step of detection saw, in order; `assoc explain` prints it.
///
/// What the steps saw is kept behind one reference, made when a step first writes to it and
/// copied only when a shared trace is written (copy on write): a trace that is not recording is
/// copied at every step of typing a file, and copies it for one retain, not one per field.
public struct DetectionTrace: Sendable, Equatable {
    /// The fields behind the reference.
    private struct Seen: Equatable {
        var attribute: String?
        var kind: String?
        var name: String?
        var globSurvivors: [GlobMatch] = []
        var globDiscarded: [GlobMatch] = []
        var magicMatches: [MagicMatch] = []
        var xmlRoot: (namespaceURI: String, localName: String)?
        var reason = ""

        static func == (lhs: Seen, rhs: Seen) -> Bool {
            lhs.attribute == rhs.attribute && lhs.kind == rhs.kind && lhs.name == rhs.name
                && lhs.globSurvivors == rhs.globSurvivors && lhs.globDiscarded == rhs.globDiscarded
                && lhs.magicMatches == rhs.magicMatches && lhs.xmlRoot?.namespaceURI == rhs.xmlRoot?.namespaceURI
                && lhs.xmlRoot?.localName == rhs.xmlRoot?.localName && lhs.reason == rhs.reason
        }
    }

    /// The reference: written only while no other trace shares it.
    private final class SeenBox: @unchecked Sendable {
        var seen: Seen
        init(_ seen: Seen) { self.seen = seen }
    }

    /// Nil until a step writes something.
    private var box: SeenBox?
    private var seen: Seen { box?.seen ?? Seen() }

    /// The value of `user.mime_type`, when read.
    public var attribute: String? {
        get { seen.attribute }
        set { change { $0.attribute = newValue } }
    }
    /// The `inode/*` kind, or `regular file` with its size.
    public var kind: String? {
        get { seen.kind }
        set { change { $0.kind = newValue } }
    }
    /// The base name matched against globs.
    public var name: String? {
        get { seen.name }
        set { change { $0.name = newValue } }
    }
    /// Glob candidates that survived the weight and length rules.
    public var globSurvivors: [GlobMatch] {
        get { seen.globSurvivors }
        set { change { $0.globSurvivors = newValue } }
    }
    /// Glob candidates discarded for a lower weight or a shorter pattern.
    public var globDiscarded: [GlobMatch] {
        get { seen.globDiscarded }
        set { change { $0.globDiscarded = newValue } }
    }
    /// How many bytes of content were read, when content was read.
    public var bytesRead: Int?
    /// Magic sections that matched, highest priority first.
    public var magicMatches: [MagicMatch] {
        get { seen.magicMatches }
        set { change { $0.magicMatches = newValue } }
    }
    /// The root element found in XML content.
    public var xmlRoot: (namespaceURI: String, localName: String)? {
        get { seen.xmlRoot }
        set { change { $0.xmlRoot = newValue } }
    }
    /// Why the winner won, in a sentence.
    public var reason: String { seen.reason }
    /// Whether the sentences of `reason` and `kind` are written; typing many files skips them.
    public let isRecording: Bool

    /// Creates an empty trace; one that is not `recording` keeps no sentences.
    public init(recording: Bool = true) {
        isRecording = recording
    }

    /// Appends to `reason`; the text is not even built when the trace is not recording.
    public mutating func note(_ text: @autoclosure () -> String) {
        if isRecording {
            let text = text()
            change { $0.reason += text }
        }
    }

    /// Replaces `reason`; the text is not even built when the trace is not recording.
    public mutating func setReason(_ text: @autoclosure () -> String) {
        if isRecording {
            let text = text()
            change { $0.reason = text }
        }
    }

    /// Applies `body` to the fields, first making them this trace's own.
    private mutating func change(_ body: (inout Seen) -> Void) {
        if box == nil {
            box = SeenBox(Seen())
        } else if !isKnownUniquelyReferenced(&box) {
            box = SeenBox(seen)
        }
        body(&box!.seen)
    }

    /// Two traces are equal when every step they record is.
    public static func == (lhs: DetectionTrace, rhs: DetectionTrace) -> Bool {
        lhs.bytesRead == rhs.bytesRead && lhs.seen == rhs.seen
    }
}

/// Which evidence detection may use.
public struct DetectionOptions: Sendable, Equatable {
    /// Use the file name's globs.
    public var useName = true
    /// Read the content.
    public var useContent = true
    /// Read the `user.mime_type` attribute.
    public var useAttribute = true
    /// Write the sentences of the trace (`reason`, `kind`), which only `explain` shows.
    public var recordsTrace = true

    /// Name, content and attribute, as `assoc type` does by default.
    public init(useName: Bool = true, useContent: Bool = true, useAttribute: Bool = true, recordsTrace: Bool = true) {
        self.useName = useName
        self.useContent = useContent
        self.useAttribute = useAttribute
        self.recordsTrace = recordsTrace
    }
}

/// Why a path could not be typed.
public enum DetectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path cannot be examined or read.
    case unreadable(path: String, reason: String)

    /// `cannot read 'PATH': REASON`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
        }
    }
}
