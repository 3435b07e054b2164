import XDGSupport

/// Detects the type of files, names and data by the shared-mime-info rules.
///
/// The order is DESIGN.md decision 3: the `user.mime_type` attribute, the file's kind by `stat`,
/// the globs of its name, magic when no glob or several types survive, the conflict rule (SPECS
/// rule 25), refinement of an XML result by its root element (rule 34), and last the text test.
/// An empty regular file takes its glob's type when exactly one survives, else
/// `application/x-zerosize`; it is never sniffed.
public struct TypeDetector: Sendable {
    /// The database the rules come from.
    public let database: MIMEDatabase
    let globs: GlobIndex
    /// The magic, compiled (or, in place, readied) by the first detection that needs content matched.
    private let lazyMagic: LazyValue<MagicIndex>
    var magic: MagicIndex { lazyMagic.value }
    private let lazyRoots: LazyValue<[RootXMLRule]>
    /// The types an XML root may refine, listed when first needed; nil when the database is one
    /// cache read in place, where each type's explicit parents are walked instead.
    private let xmlTypes: LazyValue<Set<String>>?
    /// GIO's glob step over the database's rules, indexed when `explain` first asks.
    let gioGlobs: LazyValue<GIOGlobs>

    /// The most bytes any magic rule looks at, and so the most detection reads of a file.
    public var maxExtent: Int { database.magicExtent }

    /// How a detector reaches the globs.
    public enum GlobAccess: Sendable {
        /// Read a database of one cache in place: nothing to decode, the fastest start for a few
        /// names.
        case inPlaceWhenPossible
        /// Decode the rules and index them: a slower start, then the fastest matching, for many
        /// names typed on several threads at once.
        case indexed
    }

    /// Readies detection over `database`; its magic is compiled when first needed.
    public init(database: MIMEDatabase, globs access: GlobAccess = .inPlaceWhenPossible) {
        self.database = database
        if access == .inPlaceWhenPossible, let cache = database.soleCache {
            globs = .cache(CacheGlobMatcher(bytes: cache.image.bytes, directory: cache.directory))
            lazyMagic = LazyValue { .cache(CacheMagicMatcher(bytes: cache.image.bytes)) }
            xmlTypes = nil
        } else {
            globs = .rules(Shared(GlobMatcher(globs: database.globRules, origin: database.globOrigin(of:))))
            lazyMagic = LazyValue { .rules(Shared(MagicMatcher(rules: database.magicRules))) }
            xmlTypes = LazyValue { Self.xmlTypes(of: database) }
        }
        lazyRoots = LazyValue { database.rootXMLRules }
        gioGlobs = LazyValue { GIOGlobs(rules: database.globRules) }
    }

    static let octetStream = "application/octet-stream"
    static let zeroSize = "application/x-zerosize"
    static let desktopEntry = "application/x-desktop"

    // MARK: - Files

    /// The type of the file at `path`.
    ///
    /// - Throws: `DetectionError.unreadable` when the path does not exist or its content is needed
    ///   and cannot be read.
    public func detect(path: String, options: DetectionOptions = DetectionOptions()) throws(DetectionError) -> Detection {
        var trace = DetectionTrace(recording: options.recordsTrace)
        if !options.useContent {
            return detect(name: path, trace: trace)
        }
        if options.useAttribute, let value = ExtendedAttributes.value("user.mime_type", of: path) {
            trace.attribute = value
            let cleaned = value.split(separator: ";").first.map { $0.trimmingWhitespace() } ?? ""
            if MIMETypeName.isValid(cleaned) && database.isKnown(cleaned) {
                trace.setReason("the file's user.mime_type attribute names it")
                return Detection(type: database.canonicalName(cleaned), source: .xattr, uncertain: false, trace: trace)
            }
            trace.setReason("user.mime_type '\(value)' is not a known type; ignored. ")
        }
        let kind: FileKind
        do { kind = try FileProbe.kind(of: path) } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        if let inode = kind.inodeType {
            trace.kind = inode
            trace.note("stat says it is not a regular file")
            return Detection(type: inode, source: .stat, uncertain: false, trace: trace)
        }
        guard case .regular(let size) = kind else { preconditionFailure("only regular files are left") }
        if trace.isRecording { trace.kind = "regular file, \(size) bytes" }
        let name = options.useName ? Self.baseName(path) : nil
        let candidates = name.map { matchName($0, into: &trace) } ?? []
        if size == 0 { return emptyContent(candidates: candidates, trace: trace) }
        let needsContent = candidates.count != 1 || isXML(candidates[0])
        var data: [UInt8] = []
        var known: MagicMatch?? = .none
        if needsContent {
            do {
                (data, known) = try readContent(path, size: size, candidates: candidates, named: name != nil, trace: trace)
            } catch {
                if candidates.count == 1 {
                    trace.note("exactly one glob matches; the content cannot be read (\(error.reason))")
                    return Detection(type: candidates[0], source: .glob, uncertain: false, trace: trace)
                }
                throw .unreadable(path: path, reason: error.reason)
            }
            trace.bytesRead = data.count
        }
        if !needsContent { return decide(candidates: candidates, data: nil, named: name != nil, trace: trace) }
        return data.withUnsafeBufferPointer {
            decide(candidates: candidates, data: $0, named: name != nil, trace: trace, magicMatch: known)
        }
    }

    /// The content of the file at `path` (of `size` bytes) that detection looks at, with the best
    /// magic match when it is known already.
    ///
    /// As `detect(path:options:scratch:)` reads it: the first 4 KiB settle most files, and the
    /// rest of what the rules can look at is read only when a rule that could still match, or an
    /// XML root, wants it (or when a trace records every magic match). So a one-file query reads
    /// what a bulk one reads, and measures the magic's reach only when it reads more.
    private func readContent(_ path: String, size: Int, candidates: [String], named: Bool, trace: DetectionTrace)
        throws(FileBytes.Failure) -> (data: [UInt8], known: MagicMatch??)
    {
        var known: MagicMatch?? = .none
        if !trace.isRecording {
            let prefix = try FileBytes.readPrefix(path, count: Self.firstRead, expectedSize: size)
            if prefix.count < Self.firstRead || size <= prefix.count { return (prefix, known) }
            let settled = prefix.withUnsafeBufferPointer { prefix -> Bool in
                // An XML root is looked for in what a name says is XML (and may be, by its start).
                if named && XMLRootSniffer.mayBeginDocument(prefix) { return false }
                // One candidate needs no magic; otherwise magic says whether the rest could matter.
                if candidates.count == 1 { return true }
                known = magic.best(prefix, of: size)
                return known != nil
            }
            if settled { return (prefix, known) }
            known = .none
        }
        return (try FileBytes.readPrefix(path, count: contentLength, expectedSize: size), known)
    }

    /// The type of a name alone, as for a path that need not exist (`--name-only`).
    public func detect(name path: String) -> Detection {
        detect(name: path, trace: DetectionTrace())
    }

    private func detect(name path: String, trace: DetectionTrace) -> Detection {
        var trace = trace
        if path.hasSuffix("/") {
            trace.setReason("the name ends with '/'")
            return Detection(type: "inode/directory", source: .glob, uncertain: false, trace: trace)
        }
        let types = matchName(Self.baseName(path), into: &trace)
        return nameOnly(candidates: types, trace: trace)
    }

    /// The type a name's glob candidates give without content (`--name-only`): the only one, the
    /// best of several (uncertain), or, when none matches, `application/octet-stream` (uncertain,
    /// as a fallback).
    func nameOnly<Candidates: RandomAccessCollection<String>>(candidates: Candidates, trace: consuming DetectionTrace)
        -> Detection where Candidates.Index == Int
    {
        var trace = trace
        switch candidates.count {
        case 0:
            trace.setReason("no glob matches the name")
            return Detection(type: Self.octetStream, source: .fallback, uncertain: true, trace: trace)
        case 1:
            trace.setReason("exactly one type's globs match the name")
            return Detection(type: candidates[0], source: .glob, uncertain: false, trace: trace)
        default:
            trace.setReason(
                "several types' globs match (\(candidates.joined(separator: ", "))); "
                    + "without content the best candidate is a guess")
            return Detection(type: candidates[0], source: .glob, uncertain: true, trace: trace)
        }
    }

    /// The type of a name and the first bytes of content, either of which may be missing, as for
    /// a download whose name and data are known but which is not a file yet.
    public func detect(name: String?, data: [UInt8]?) -> Detection {
        guard let name, !name.isEmpty else { return detect(data: data ?? []) }
        guard let data else { return detect(name: name) }
        if name.hasSuffix("/") { return detect(name: name) }
        var trace = DetectionTrace()
        let candidates = matchName(Self.baseName(name), into: &trace)
        trace.bytesRead = data.count
        if data.isEmpty { return emptyContent(candidates: candidates, trace: trace) }
        return data.withUnsafeBufferPointer { decide(candidates: candidates, data: $0, named: true, trace: trace) }
    }

    /// Matches a base name against the globs and records the candidates in `trace`.
    private func matchName(_ name: String, into trace: inout DetectionTrace) -> [String] {
        trace.name = name
        let result = globs.match(name)
        trace.globSurvivors = result.survivors
        trace.globDiscarded = result.discarded
        return result.types
    }

    /// An empty file is never sniffed: its glob's type when exactly one type matches its name, else
    /// `application/x-zerosize` (SPECS rule 22 choice).
    func emptyContent<Candidates: RandomAccessCollection<String>>(candidates: Candidates, trace: consuming DetectionTrace)
        -> Detection where Candidates.Index == Int
    {
        var trace = trace
        if candidates.count == 1 {
            trace.note("the file is empty and exactly one glob matches its name")
            return Detection(type: candidates[0], source: .glob, uncertain: false, trace: trace)
        }
        trace.note("the file is empty and " + (candidates.isEmpty ? "no glob matches" : "several globs match"))
        return Detection(type: Self.zeroSize, source: .stat, uncertain: false, trace: trace)
    }

    /// The type of data alone, as for standard input or `--content-only`.
    public func detect(data: [UInt8]) -> Detection {
        var trace = DetectionTrace()
        trace.bytesRead = data.count
        if data.isEmpty {
            trace.setReason("there is no content")
            return Detection(type: Self.zeroSize, source: .stat, uncertain: false, trace: trace)
        }
        return data.withUnsafeBufferPointer { decide(candidates: [String](), data: $0, named: false, trace: trace) }
    }

    // MARK: - Deciding

    /// Applies magic, the conflict rule, XML roots and the text test to glob candidates and data;
    /// `named` says whether the candidates come from a name (none may have matched).
    func decide<Candidates: DecisionCandidates>(
        candidates: Candidates, data: UnsafeBufferPointer<UInt8>?, named: Bool, trace: consuming DetectionTrace,
        magicMatch known: MagicMatch?? = .none
    ) -> Detection {
        var trace = trace
        guard let data else {
            trace.note("exactly one type's globs match the name")
            return Detection(type: candidates[0], source: .glob, uncertain: false, trace: trace)
        }
        if candidates.count == 1 {
            return refineXML(
                Detection(type: candidates[0], source: .glob, uncertain: false, trace: trace),
                data: data, named: named, isXML: candidates.isXML(0, for: self),
                why: "exactly one type's globs match the name")
        }
        var best: MagicMatch?
        if trace.isRecording {
            trace.magicMatches = magic.matches(data)
            best = trace.magicMatches.first
        } else {
            best = known ?? magic.best(data)
        }
        if candidates.isEmpty {
            if let best {
                let facts = candidates.facts(ofMagicType: best.mimeType, for: self)
                if named && facts.isDesktopEntry {
                    // shared-mime-info, "Security implications", and GIO's guess: a file whose
                    // name says otherwise must not pass for a launcher.
                    trace.note(
                        "no glob matches; the content looks like a desktop entry, but a file whose name "
                            + "does not say so is never typed as one: it is text")
                    return Detection(type: "text/plain", source: .textTest, uncertain: true, trace: trace)
                }
                return refineXML(
                    Detection(type: best.mimeType, source: .magic, uncertain: false, trace: trace),
                    data: data, named: named, isXML: facts.isXML,
                    why: (named ? "no glob matches; " : "") + "magic of priority \(best.priority) matches")
            }
            if TextHeuristic.looksLikeText(data) {
                trace.note((named ? "no glob and " : "") + "no magic matches; the content looks like text")
                return Detection(type: "text/plain", source: .textTest, uncertain: true, trace: trace)
            }
            trace.note((named ? "no glob and " : "") + "no magic matches; the content looks binary")
            return Detection(type: Self.octetStream, source: .fallback, uncertain: true, trace: trace)
        }
        // Several glob candidates: the conflict rule (SPECS rule 25).
        if let found = best, candidates.facts(ofMagicType: found.mimeType, for: self).isDesktopEntry,
            !candidates.indices.contains(where: { candidates.inherits($0, found.mimeType, for: self) })
        {
            // shared-mime-info, "Security implications", and GIO's guess: content that looks like
            // a desktop entry under a name that says otherwise is only text.
            trace.note("the content looks like a desktop entry, which the name does not say it is: it counts as text; ")
            best = nil
        }
        // A candidate that is the magic type beats one that only inherits it.
        if let best,
            let position = candidates.firstIndex(of: best.mimeType)
                ?? candidates.indices.first(where: { candidates.inherits($0, best.mimeType, for: self) })
        {
            let glob = candidates[position]
            return refineXML(
                Detection(type: glob, source: .magic, uncertain: false, trace: trace), data: data, named: named,
                isXML: candidates.isXML(position, for: self),
                why:
                    "several globs match; '\(glob)' is or inherits the magic match '\(best.mimeType)' (priority \(best.priority))"
            )
        }
        if best == nil, TextHeuristic.looksLikeText(data),
            let position = candidates.indices.first(where: { candidates.isText($0, for: self) })
        {
            let glob = candidates[position]
            return refineXML(
                Detection(type: glob, source: .textTest, uncertain: false, trace: trace), data: data, named: named,
                isXML: candidates.isXML(position, for: self),
                why: "several globs match and no magic does; the content looks like text and '\(glob)' is text")
        }
        let why =
            best.map { "several globs match and the magic match '\($0.mimeType)' is unrelated to them; " }
            ?? "several globs match and no magic does; "
        return refineXML(
            Detection(type: candidates[0], source: .glob, uncertain: true, trace: trace), data: data, named: named,
            isXML: candidates.isXML(0, for: self), why: why + "the heaviest glob candidate wins")
    }

    /// Whether `type` is one an XML root may refine, or `text/xml`: content is read for it even
    /// when its glob alone matches.
    func isXML(_ type: String) -> Bool {
        if refinable(type) || type == "text/xml" { return true }
        let canonical = database.canonicalName(type)
        return canonical != type && refinable(canonical)
    }

    /// Whether `type` is among `xmlTypes(of:)`, listed or walked.
    private func refinable(_ type: String) -> Bool {
        if let xmlTypes { return xmlTypes.value.contains(type) }
        return Self.reachesXML(type, in: database)
    }

    /// Whether `type` is in `xmlTypes(of:)`, found by walking from `type` instead of listing the
    /// set: it is `application/xml` (unaliased), or some name that unaliases to it has an explicit
    /// parent that does reach it.
    private static func reachesXML(_ type: String, in database: MIMEDatabase) -> Bool {
        let root = database.unaliasExact("application/xml")
        var seen: Set<String> = []
        var stack = [type]
        while let current = stack.popLast() {
            if current == root { return true }
            guard seen.insert(current).inserted else { continue }
            var spellings = database.exactAliases(targeting: current)
            if database.unaliasExact(current) == current && !spellings.contains(current) { spellings.append(current) }
            for child in spellings {
                stack += (database.explicitParents(of: child) ?? []).map(database.unaliasExact)
            }
        }
        return false
    }

    /// `application/xml` and every type whose explicit parents lead to it: the types an XML root
    /// element may refine. Implicit parents never lead to it, so the explicit graph is enough.
    private static func xmlTypes(of database: MIMEDatabase) -> Set<String> {
        // Names in the parent lists are canonical or aliases; unaliasing them exactly is enough
        // here and needs no list of every type.
        let aliases = database.aliasTable
        var children: [String: [String]] = [:]
        for (child, parents) in database.parentTable {
            for parent in parents { children[aliases[parent] ?? parent, default: []].append(aliases[child] ?? child) }
        }
        var result: Set<String> = []
        var queue = [aliases["application/xml"] ?? "application/xml"]
        while let type = queue.popLast() {
            guard result.insert(type).inserted else { continue }
            queue += children[type] ?? []
        }
        return result
    }

    /// Refines an XML result by the namespace and name of the document element (SPECS rule 34):
    /// an exact (namespace, name) rule first, then a namespace-only rule; only a more specific type
    /// replaces the result. It refines what a name said (a `.xml` file); content alone is typed by
    /// magic only, as the reference suite expects of a data lookup.
    /// `isXML` is `isXML(_:)` of the detection's type, as the caller best works it out; it is
    /// asked only of data that has a root element, so content that is no XML document (most
    /// files) never walks the hierarchy for it.
    private func refineXML(
        _ detection: consuming Detection, data: UnsafeBufferPointer<UInt8>, named: Bool, isXML: @autoclosure () -> Bool,
        why: @autoclosure () -> String
    ) -> Detection {
        var detection = detection
        detection.trace.note(why())
        guard named, let root = XMLRootSniffer.root(of: data), isXML() else { return detection }
        let roots = lazyRoots.value
        guard !roots.isEmpty else { return detection }
        detection.trace.xmlRoot = (root.namespaceURI, root.localName)
        let rule =
            roots.first { $0.namespaceURI == root.namespaceURI && $0.localName == root.localName }
            ?? roots.first { $0.namespaceURI == root.namespaceURI && $0.localName.isEmpty }
        guard let rule, rule.mimeType != detection.type, database.isA(rule.mimeType, detection.type) else {
            return detection
        }
        detection.type = database.canonicalName(rule.mimeType)
        detection.source = .xmlRoot
        detection.uncertain = false
        detection.trace.note("; the root element {\(root.namespaceURI)}\(root.localName) makes it '\(rule.mimeType)'")
        return detection
    }

    // MARK: - GIO's model

    /// xdgmime's magic step: the first match in priority order.
    func magicForGIO(_ data: [UInt8]) -> MagicMatch? {
        magic.matches(data, firstLevelOnly: true).first
    }

    /// The last path component; a trailing slash is not part of it.
    static func baseName(_ path: String) -> String {
        let slash = UInt8(ascii: "/")
        let utf8 = path.utf8
        var end = utf8.endIndex
        while utf8.distance(from: utf8.startIndex, to: end) > 1 && utf8[utf8.index(before: end)] == slash {
            end = utf8.index(before: end)
        }
        let start = utf8[..<end].lastIndex(of: slash).map { utf8.index(after: $0) } ?? utf8.startIndex
        if start == utf8.startIndex && end == utf8.endIndex { return path }
        return String(path[start..<end])
    }
}
