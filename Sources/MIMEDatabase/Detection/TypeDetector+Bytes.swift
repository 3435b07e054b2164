import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The storage one thread types files in, allocated once for many files: the path as a C string,
/// the file's first bytes, the glob matcher's lists.
///
/// Not for sharing between threads: each thread that types files makes its own. (So its storage
/// is not checked for overlapping access at run time, which would cost more than the uses.)
public final class DetectionScratch {
    @exclusivity(unchecked) fileprivate var path: UnsafeMutableBufferPointer<UInt8>
    fileprivate let content: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) fileprivate var globs: GlobScratch?
    /// For each glob type, whether it is XML (1), not (0), or not yet known (-1).
    @exclusivity(unchecked) fileprivate var xmlGlobTypes: [Int8]
    /// For each glob type, whether it is text (1), not (0), or not yet known (-1).
    @exclusivity(unchecked) fileprivate var textGlobTypes: [Int8]
    /// For a glob type and a type magic gave, whether the glob type is the other or below it.
    @exclusivity(unchecked) fileprivate var inheritance: [GlobAndMagicType: Bool] = [:]
    /// What the hierarchy says of each type magic gave a name no glob matches.
    @exclusivity(unchecked) fileprivate var magicTypes: [String: MagicTypeFacts] = [:]
    /// The directories on the way to the last path's, held open for the next paths.
    @exclusivity(unchecked) fileprivate var directories: HeldDirectories

    /// Storage for typing files with `detector`; nothing is allocated (nor the magic measured)
    /// for a detector whose files are not typed from their bytes (its globs read in place, as
    /// for a few paths), which uses none of it.
    public convenience init(for detector: TypeDetector) {
        self.init(for: detector, heldDirectories: HeldDirectories.capacity)
    }

    /// Storage for typing files with `detector` that holds at most `heldDirectories` directories
    /// open at once.
    init(for detector: TypeDetector, heldDirectories: Int) {
        directories = HeldDirectories(limit: heldDirectories)
        if case .rules(let shared) = detector.globs, shared.value.matchesBytes {
            let matcher = shared.value
            path = .allocate(capacity: 4096)
            content = .allocate(byteCount: detector.contentLength, alignment: 16)
            globs = matcher.makeScratch()
            xmlGlobTypes = [Int8](repeating: -1, count: matcher.typeNames.count)
            textGlobTypes = xmlGlobTypes
        } else {
            path = .allocate(capacity: 0)
            content = .allocate(byteCount: 0, alignment: 16)
            xmlGlobTypes = []
            textGlobTypes = []
        }
    }

    deinit {
        path.deallocate()
        content.deallocate()
        globs?.deallocate()
        directories.deallocate()
    }

    /// `bytes` followed by a NUL, in `path`.
    fileprivate func cString(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<CChar> {
        if path.count < bytes.count + 1 {
            path.deallocate()
            path = .allocate(capacity: max(bytes.count + 1, 2 * path.count))
        }
        if let base = bytes.baseAddress { path.baseAddress!.update(from: base, count: bytes.count) }
        path[bytes.count] = 0
        return UnsafeMutableRawPointer(path.baseAddress!).assumingMemoryBound(to: CChar.self)
    }

    /// Whether `user.mime_type` of the file at `path`, the entry `entry` of `directory`, has a
    /// value: asked relative to the directory when the kernel can, else by the whole path.
    fileprivate func hasAttributeValue(
        path: UnsafePointer<CChar>, entry: UnsafePointer<CChar>, directory: Int32
    ) -> Bool {
        if self.directories.attributesRelative {
            if let known = ExtendedAttributes.hasValue("user.mime_type", entry: entry, directory: directory) { return known }
            self.directories.attributesRelative = false
        }
        return ExtendedAttributes.hasValue("user.mime_type", path: path)
    }
}

/// A glob type, by its number in the glob matcher, and a type magic gave, by name.
private struct GlobAndMagicType: Hashable {
    var glob: Int32
    var magic: String
}

/// The candidate types a name's globs give, as names, read from the matcher's lists; what the
/// hierarchy says of each is remembered in the scratch, by type.
struct CandidateNames: DecisionCandidates {
    let types: UnsafeBufferPointer<Int32>
    let names: [String]
    let scratch: DetectionScratch

    var startIndex: Int { 0 }
    var endIndex: Int { types.count }
    subscript(position: Int) -> String { names[Int(types[position])] }

    func isText(_ position: Int, for detector: TypeDetector) -> Bool {
        let type = Int(types[position])
        if scratch.textGlobTypes[type] < 0 {
            scratch.textGlobTypes[type] = detector.database.isA(names[type], "text/plain") ? 1 : 0
        }
        return scratch.textGlobTypes[type] == 1
    }

    func isXML(_ position: Int, for detector: TypeDetector) -> Bool {
        let type = Int(types[position])
        if scratch.xmlGlobTypes[type] < 0 { scratch.xmlGlobTypes[type] = detector.isXML(names[type]) ? 1 : 0 }
        return scratch.xmlGlobTypes[type] == 1
    }

    func inherits(_ position: Int, _ type: String, for detector: TypeDetector) -> Bool {
        let key = GlobAndMagicType(glob: types[position], magic: type)
        if let known = scratch.inheritance[key] { return known }
        let inherits = detector.database.isA(names[Int(types[position])], type)
        scratch.inheritance[key] = inherits
        return inherits
    }

    func facts(ofMagicType type: String, for detector: TypeDetector) -> MagicTypeFacts {
        if let known = scratch.magicTypes[type] { return known }
        let facts = MagicTypeFacts(of: type, for: detector)
        scratch.magicTypes[type] = facts
        return facts
    }
}

extension TypeDetector {
    /// How many bytes of a file detection reads: as far as any magic rule looks, and at least
    /// the 4 KiB the text test reads.
    var contentLength: Int { max(maxExtent, 4096) }

    /// The type of the file at the path whose bytes are `path`: the same type, source and
    /// uncertainty as `detect(path:options:)` gives (its trace is not recorded on the common path).
    ///
    /// A regular file with an ASCII name, and a detector whose globs are indexed, is typed from
    /// the bytes, in `scratch`, without making a string or allocating: one `stat`, then either
    /// the `user.mime_type` attribute by name, or, when content is needed, `open`, the attribute
    /// of the open file, one `read` of the first 4 KiB (and one more of the rest of what the rules
    /// can look at, when a rule or an XML root could want it), and `close`. Each path is looked up
    /// relative to its directory, held open while the paths stay in or under it. Anything else
    /// (an attribute that is set, a directory, a device, a missing file, an error, a trace to
    /// record) goes through `detect(path:options:)`, for its answer and its message.
    ///
    /// With the name alone (`DetectionOptions.useContent` false), a path that does not end in
    /// `/` and whose last name is ASCII is typed by its globs, and is not looked up at all.
    public func detect(
        path: UnsafeBufferPointer<UInt8>, options: DetectionOptions, scratch: DetectionScratch
    ) -> Result<Detection, DetectionError> {
        if let detection = detectFromBytes(path: path, options: options, scratch: scratch) { return .success(detection) }
        return Result { () throws(DetectionError) in try detect(path: PathCoding.decode(path), options: options) }
    }

    /// `detect(path:options:scratch:)` on its common path, or nil for the others.
    private func detectFromBytes(
        path: UnsafeBufferPointer<UInt8>, options: DetectionOptions, scratch: DetectionScratch
    ) -> Detection? {
        guard !options.recordsTrace, case .rules(let shared) = globs, var globScratch = scratch.globs,
            let last = path.last, last != UInt8(ascii: "/"), memchr(path.baseAddress!, 0, path.count) == nil
        else { return nil }
        let cPath = scratch.cString(path)
        var nameStart = path.count
        while nameStart > 0 && path[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
        // The name in the C string, so that a NUL follows it, for fnmatch(3).
        let name = UnsafeBufferPointer(
            start: UnsafeRawPointer(cPath + nameStart).assumingMemoryBound(to: UInt8.self), count: path.count - nameStart)
        if (options.useName || !options.useContent) && !ASCIIBytes.all(name) { return nil }
        if !options.useContent {
            // The name alone (`--name-only`): the path need not exist, and nothing is asked of it.
            shared.value.candidateTypes(ofASCIIName: name, &globScratch)
            scratch.globs = globScratch
            let candidates = CandidateNames(
                types: globScratch.candidateTypes, names: shared.value.typeNames, scratch: scratch)
            return nameOnly(candidates: candidates, trace: DetectionTrace(recording: false))
        }
        let (directory, entry) = scratch.directories.lookup(cPath, prefix: nameStart)
        var info = stat()
        guard fstatat(directory, entry, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var types = UnsafeBufferPointer<Int32>(start: nil, count: 0)
        if options.useName {
            shared.value.candidateTypes(ofASCIIName: name, &globScratch)
            scratch.globs = globScratch
            types = globScratch.candidateTypes
        }
        let candidates = CandidateNames(types: types, names: shared.value.typeNames, scratch: scratch)
        var trace = DetectionTrace(recording: false)
        let needsContent = types.count != 1 || candidates.isXML(0, for: self)
        if size == 0 || !needsContent {
            if options.useAttribute && scratch.hasAttributeValue(path: cPath, entry: entry, directory: directory) { return nil }
            if size == 0 { return emptyContent(candidates: candidates, trace: trace) }
            return decide(candidates: candidates, data: nil, named: options.useName, trace: trace)
        }
        let descriptor = openat(directory, entry, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if options.useAttribute && ExtendedAttributes.hasValue("user.mime_type", descriptor: descriptor) { return nil }
        // The first 4 KiB settle most files; the rest of what the rules can look at is read only
        // when a rule that could still match, or an XML root, wants it.
        let wanted = min(size, scratch.content.count)
        let base = scratch.content.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard var count = Self.read(descriptor, into: base, from: 0, upTo: min(wanted, Self.firstRead)) else { return nil }
        var known: MagicMatch?? = .none
        if count == Self.firstRead && count < wanted {
            let prefix = UnsafeBufferPointer(start: base, count: count)
            // An XML root is looked for in what a name says is XML (and may be, by its start).
            let rootPending = options.useName && XMLRootSniffer.mayBeginDocument(prefix)
            // One candidate needs no magic; otherwise magic says whether the rest could matter.
            if types.count != 1 && !rootPending { known = magic.best(prefix, of: wanted) }
            if rootPending || (types.count != 1 && known == nil) {
                guard let total = Self.read(descriptor, into: base, from: count, upTo: wanted) else { return nil }
                count = total
                known = .none
            }
        }
        trace.bytesRead = count
        let data = UnsafeBufferPointer(start: base, count: count)
        return decide(candidates: candidates, data: data, named: options.useName, trace: trace, magicMatch: known)
    }

    /// How much of a file is read first: what the text test looks at.
    static let firstRead = 4096

    /// Reads `descriptor` into `buffer` from byte `start` until `end` bytes are there or the file
    /// ends; the count there is, or nil on an error.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, from start: Int, upTo end: Int)
        -> Int?
    {
        var count = start
        while count < end {
            let got = Glibc.read(descriptor, buffer + count, end - count)
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return nil }
            if got == 0 { break }
            count += got
        }
        return count
    }
}
