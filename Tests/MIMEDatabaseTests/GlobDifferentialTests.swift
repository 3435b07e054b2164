import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// Generated file names typed by assoc and by GLib's `g_content_type_guess`, over the installed
/// database: by name alone and with a few kinds of content. Every difference must be one GIO is
/// known for, named from GIO's own steps (`TypeDetector.gioGuess`, which must give GLib's answer
/// every time); any other is a failure.
///
/// The names combine the database's real globs: suffixes, two of them in one name, literals,
/// full patterns made concrete, stems such as `README`, `Makefile` and `core`, in their own case,
/// in capitals, in lower case and mixed. `ASSOC_GLOB_DIFF_NAMES` sets how many (20,000 by
/// default), `ASSOC_GLOB_DIFF_SEED` the seed of the `SplitMix` generator (printed), and
/// `ASSOC_GLOB_DIFF_SHOW` prints every difference with its reason.
@Suite(
    "generated names typed by assoc and by GLib",
    .enabled(if: GIOContentType.executable != nil && FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")))
struct GlobDifferentialTests {
    /// Why assoc and GIO may answer differently, each a documented GIO behaviour.
    enum Reason: String, CaseIterable {
        /// assoc refines an XML document by its root element; GIO does not (shared-mime-info specification, "root-XML").
        case xmlRoot = "XML root refinement"
        /// xdgmime's glob step kept other candidates than the specification's ("The glob files"):
        /// a lighter glob of another pattern, a shorter suffix met in another case, a full
        /// pattern tried only in some cases.
        case globStep = "GIO's glob step"
        /// Magic of priority 80 or more over several glob candidates, which the specification's
        /// "Recommended checking order" leaves to the glob candidates.
        case highPriorityMagic = "GIO's priority-80 magic"
    }

    /// The content each generated name is written with.
    static let contents: [(kind: String, bytes: [UInt8])] = [
        ("text", Array("hello\n".utf8)),
        ("binary", [0x00, 0x01, 0x02, 0x03, 0xFE, 0xFF, 0x10, 0x80, 0x00, 0x7F]),
        (
            "png",
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 17)
        ),
        ("pdf", Array("%PDF-1.4\n%\u{E2}\u{E3}\n1 0 obj\n".utf8)),
        ("gzip", [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 3] + [UInt8](repeating: 0x41, count: 16)),
        ("ole", [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 56)),
        ("svg", Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8)),
        ("php", Array("<?php echo 1; ?>\n".utf8)),
        ("desktop", Array("[Desktop Entry]\nType=Application\nName=x\nExec=true\n".utf8)),
        ("empty", []),
    ]

    @Test("every difference has a named reason, and the model of GIO gives GLib's answer")
    func generatedNames() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["ASSOC_GLOB_DIFF_NAMES"].flatMap(Int.init) ?? 20_000
        let seed = environment["ASSOC_GLOB_DIFF_SEED"].flatMap(UInt64.init) ?? 2026
        print("GlobDifferentialTests: \(count) names, seed \(seed) (ASSOC_GLOB_DIFF_NAMES, ASSOC_GLOB_DIFF_SEED)")
        let started = Date()
        let tree = try TemporaryXDGTree()
        let directory = tree.path(try tree.linkSystemMIMEDatabase() + "/mime")
        let variables = tree.variables(dataDirs: ["mime-only"])
        let database = MIMEDatabase(mimeDirectories: [directory])
        let inPlace = TypeDetector(database: database)
        let indexed = TypeDetector(database: database, globs: .indexed)
        var random = SplitMix(seed: seed)
        let generator = NameGenerator(rules: database.globRules)
        // Each name is written with one kind of content, in that kind's folder, until there are
        // `count` files.
        var paths: [String] = []
        var kinds: [Int] = []
        var taken: Set<String> = []
        while paths.count < count {
            let name = generator.name(&random)
            let kind = Int(random.next() % UInt64(Self.contents.count))
            let path = tree.path("files/\(Self.contents[kind].kind)/\(name)")
            guard taken.insert(path).inserted else { continue }
            paths.append(path)
            kinds.append(kind)
        }
        for content in Self.contents { try tree.makeDirectory("files/" + content.kind) }
        for (path, kind) in zip(paths, kinds) {
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o644)
            guard descriptor >= 0 else { throw SetupError("cannot write \(path)") }
            let bytes = Self.contents[kind].bytes
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == bytes.count else { throw SetupError("cannot write \(path)") }
        }
        var counts: [String: Int] = [:]
        var failures: [String] = []
        for mode in [GIOContentType.Mode.name, .file] {
            let glib = try GIOContentType.guess(paths, mode: mode, environment: variables)
            let options = DetectionOptions(useContent: mode == .file, useAttribute: false, recordsTrace: false)
            var ours: [String] = []
            BulkDetector(detector: indexed, options: options).detect(paths) { _, result in
                ours.append((try? result.get().type) ?? "error")
            }
            for index in paths.indices {
                let path = paths[index]
                let name = TypeDetector.baseName(path)
                let data = mode == .file ? Self.contents[kinds[index]].bytes : nil
                let model = inPlace.gioGuess(name: name, data: data)
                if model.type != glib[index] {
                    failures.append(
                        "\(mode) \(name) (\(Self.contents[kinds[index]].kind)): the model says \(model.type), GLib \(glib[index])"
                    )
                }
                counts["\(mode) cases", default: 0] += 1
                if mode == .name && index % 20 == 0 {
                    // A sample of all names: the candidates are the specification's.
                    var candidates: [String] = []
                    for match in inPlace.detect(name: name).trace.globSurvivors where !candidates.contains(match.rule.mimeType) {
                        candidates.append(match.rule.mimeType)
                    }
                    let expected = Self.specificationCandidates(name, rules: database.globRules)
                    if candidates != expected {
                        failures.append("\(name): candidates \(candidates), the specification's \(expected)")
                    }
                }
                guard ours[index] != glib[index] else { continue }
                let detection =
                    mode == .file
                    ? try inPlace.detect(path: path, options: DetectionOptions(useAttribute: false))
                    : inPlace.detect(name: name)
                if detection.type != ours[index] {
                    failures.append("\(mode) \(name): bulk says \(ours[index]), one detection \(detection.type)")
                }
                var candidates: [String] = []
                for match in detection.trace.globSurvivors where !candidates.contains(match.rule.mimeType) {
                    candidates.append(match.rule.mimeType)
                }
                // The candidates must be the specification's, worked out here the plain way.
                let expected = Self.specificationCandidates(name, rules: database.globRules)
                if candidates != expected {
                    failures.append("\(mode) \(name): assoc's candidates \(candidates), the specification's \(expected)")
                }
                let reason: Reason?
                if detection.source == .xmlRoot {
                    reason = .xmlRoot
                } else if candidates != model.globs {
                    reason = .globStep
                } else if model.step == .highPriorityMagic {
                    reason = .highPriorityMagic
                } else {
                    reason = nil
                }
                guard let reason else {
                    failures.append(
                        "\(mode) \(name) (\(Self.contents[kinds[index]].kind)): assoc \(ours[index]) (\(detection.trace.reason)), "
                            + "GLib \(glib[index]) (\(model.reason)), no named reason")
                    continue
                }
                counts["\(mode) differences: \(reason.rawValue)", default: 0] += 1
                if ProcessInfo.processInfo.environment["ASSOC_GLOB_DIFF_SHOW"] != nil {
                    print(
                        "DIFF \(mode) \(reason) \(name) [\(Self.contents[kinds[index]].kind)]: assoc \(ours[index]) \(candidates) | GIO \(glib[index]) \(model.globs)"
                    )
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print(
            "GlobDifferentialTests: seed \(seed), \(paths.count) files, \(String(format: "%.1f", seconds)) s: "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: "; "))
        #expect(failures.isEmpty, "seed \(seed): \(failures.count) failures: \(failures.prefix(15).joined(separator: "\n"))")
    }
}

extension GlobDifferentialTests {
    /// The types of the glob candidates of `name` by the specification, from every rule in turn:
    /// the first kind of pattern that matches (literal, suffix, full); its matches of the highest
    /// weight, then of the longest pattern, in the database's order; then the lighter matches of
    /// one of their patterns, heaviest first.
    static func specificationCandidates(_ name: String, rules: [GlobRule]) -> [String] {
        let lowered = name.lowercased()
        let hits = rules.filter { rule in
            let subject = rule.caseSensitive ? name : lowered
            switch rule.kind {
            case .literal: return Array(rule.pattern.utf8) == Array(subject.utf8)
            case .simple: return subject.utf8.reversed().starts(with: rule.pattern.utf8.dropFirst().reversed())
            case .full: return fnmatch(rule.pattern, subject, 0) == 0
            }
        }
        guard let kind = [GlobRule.Kind.literal, .simple, .full].first(where: { kind in hits.contains { $0.kind == kind } })
        else { return [] }
        let tier = hits.filter { $0.kind == kind }
        let length: (GlobRule) -> Int = { $0.pattern.unicodeScalars.count }
        let weight = tier.map(\.weight).max()!
        let longest = tier.filter { $0.weight == weight }.map(length).max()!
        let survivors = tier.filter { $0.weight == weight && length($0) == longest }
        let patterns = Set(survivors.map(\.pattern))
        let alternatives = tier.enumerated().filter { $0.element.weight < weight && patterns.contains($0.element.pattern) }
            .sorted { $0.element.weight != $1.element.weight ? $0.element.weight > $1.element.weight : $0.offset < $1.offset }
            .map(\.element)
        var types: [String] = []
        for rule in survivors + alternatives where !types.contains(rule.mimeType) { types.append(rule.mimeType) }
        return types
    }
}

/// Names made of the globs of a database.
struct NameGenerator {
    /// What a suffix glob adds (`.tar.gz`), literals (`makefile`), full patterns (`readme*`).
    let suffixes: [String]
    let literals: [String]
    let fullPatterns: [String]
    /// Stems the database's literal and full patterns care about, and some they do not.
    static let stems = ["README", "readme", "Makefile", "core", "COPYING", "ChangeLog", "file", "x", "lib", "notes", "a b"]

    init(rules: [GlobRule]) {
        var suffixes: Set<String> = []
        var literals: Set<String> = []
        var full: Set<String> = []
        for rule in rules {
            // The spelling of the rule (a case-sensitive one keeps its case), without the marker.
            switch rule.kind {
            case .simple: suffixes.insert(String(rule.pattern.dropFirst()))
            case .literal: literals.insert(rule.pattern)
            case .full: full.insert(rule.pattern)
            }
        }
        self.suffixes = suffixes.sorted()
        self.literals = literals.sorted()
        fullPatterns = full.sorted()
    }

    /// A name drawn with `random`.
    func name(_ random: inout SplitMix) -> String {
        while true {
            var name: String
            switch random.next() % 8 {
            case 0: name = pick(Self.stems, &random) + pick(suffixes, &random)
            case 1: name = pick(Self.stems, &random) + pick(suffixes, &random) + pick(suffixes, &random)
            case 2: name = "f" + pick(suffixes, &random) + pick(suffixes, &random)
            case 3: name = pick(literals, &random)
            case 4: name = pick(literals, &random) + pick(suffixes, &random)
            case 5: name = concrete(pick(fullPatterns, &random), &random)
            case 6: name = concrete(pick(fullPatterns, &random), &random) + pick(suffixes, &random)
            default: name = pick(Self.stems, &random) + (random.next() % 2 == 0 ? "" : "-" + String(random.next() % 1000))
            }
            name = recased(name, &random)
            guard !name.isEmpty, name != ".", name != "..", name.utf8.count < 200,
                !name.contains(where: { $0 == "/" || $0 == "\t" || $0 == "\n" || $0 == "\0" })
            else { continue }
            return name
        }
    }

    private func pick(_ list: [String], _ random: inout SplitMix) -> String {
        list.isEmpty ? "" : list[Int(random.next() % UInt64(list.count))]
    }

    /// A name the full pattern matches: `*` becomes a short stem or nothing, `?` a letter, a
    /// bracket expression one of its characters.
    private func concrete(_ pattern: String, _ random: inout SplitMix) -> String {
        var result = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "*": result += ["", "x", "name", "2024", "README"][Int(random.next() % 5)]
            case "?": result += "q"
            case "[":
                let close = characters[(index + 1)...].firstIndex(of: "]") ?? characters.count
                var members: [Character] = []
                var inner = Array(characters[(index + 1)..<min(close, characters.count)])
                if inner.first == "!" || inner.first == "^" { inner = [] }
                var position = 0
                while position < inner.count {
                    if position + 2 < inner.count, inner[position + 1] == "-",
                        let low = inner[position].unicodeScalars.first?.value,
                        let high = inner[position + 2].unicodeScalars.first?.value, low <= high
                    {
                        members += (low...high).compactMap { Unicode.Scalar($0).map(Character.init) }
                        position += 3
                    } else {
                        members.append(inner[position])
                        position += 1
                    }
                }
                result.append(members.isEmpty ? "z" : members[Int(random.next() % UInt64(members.count))])
                index = close
            case "\\":
                index += 1
                if index < characters.count { result.append(characters[index]) }
            default: result.append(character)
            }
            index += 1
        }
        return result
    }

    /// The name as it is, in capitals, in lower case, with its first letter up, or mixed.
    private func recased(_ name: String, _ random: inout SplitMix) -> String {
        switch random.next() % 6 {
        case 0: return name.uppercased()
        case 1: return name.lowercased()
        case 2: return name.prefix(1).uppercased() + name.dropFirst()
        case 3: return name.map { random.next() % 2 == 0 ? $0.uppercased() : $0.lowercased() }.joined()
        default: return name
        }
    }
}
