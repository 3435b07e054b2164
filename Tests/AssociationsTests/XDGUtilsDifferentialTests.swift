import AssocCLI
import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Synchronization
import Testing
import XDGSupport

/// assoc's xdg-mime and xdg-settings against xdg-utils' own in random worlds: identical answers
/// with `ASSOC_XDG_RESOLUTION=xdg-open`, and under the default (the specification's) resolution
/// every difference named and explained by `ResolutionDifference`.
///
/// Each world (`RandomWorld`, with x-scheme-handler/http among its types, for one of `desktops`)
/// asks one question of its configuration: `xdg-mime query default` for one of its types, or in
/// every eighth world `xdg-settings get default-web-browser`; every other world, until the files
/// run out, also asks `xdg-mime query filetype` for one file of shared-mime-info's detection
/// suite, on GNOME, where xdg-mime asks gio info (on other desktops it runs file --mime-type,
/// libmagic's database, which assoc does not reproduce: its page says so).
///
/// assoc's answers are those of the library calls its front end prints (`AssociationResolver`
/// by the resolution in use, `TypeDetector`); in every tenth world the front end itself, in this
/// process (`AssocCLI.runXDGUtility`) and started as the links, must print exactly those, by each
/// resolution. The real scripts are what costs: about 60 ms of shell, awk and grep for a question
/// about a world's lists, 15 ms for a file type, so 2,000 worlds (1,750 query default, 250 get
/// default-web-browser, 830 query filetype) spend about two and a half minutes of processor time,
/// a little over a minute on two idle cores (`ASSOC_DIFF_WORLDS` sets another count).
@Suite(
    "assoc's xdg-mime and xdg-settings answer as xdg-utils' in random worlds",
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-mime")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-settings")
            && FileManager.default.isExecutableFile(atPath: ProcessRunner.assocExecutable)))
struct XDGUtilsDifferentialTests {
    static let types = RandomWorld.types + ["x-scheme-handler/http"]
    /// Unset and X-Generic (xdg-utils' generic path), GNOME (its gnome-mimeapps.list, and gio info
    /// for file types), and two desktops at once.
    static let desktops: [String?] = [nil, "X-Generic", "GNOME", "X-Generic:GNOME"]

    /// What the run found: the questions asked, the differences that are explained under the
    /// specification's resolution (by kind), and anything unexplained.
    struct Findings {
        var worlds = 0
        var questions: [String: Int] = [:]
        var explained: [String: [String]] = [:]
        var unexplained: [String] = []
    }

    /// One question of a world: its name, the type it resolves, the tool and its arguments.
    struct Question {
        var name: String
        var type: String
        var tool: String
        var arguments: [String]
    }

    /// The standard output of a program, or a description of how it failed.
    static func output(_ program: String, _ arguments: [String], _ variables: [String: String]) -> String {
        guard let result = try? ProcessRunner.run(program, arguments, environment: variables, timeout: 60) else {
            return "(could not run \(program))"
        }
        return result.timedOut ? "(timed out)" : result.standardOutput
    }

    /// What assoc's front end prints when started as `tool`, run in this process.
    static func inProcess(_ tool: String, _ arguments: [String], _ variables: [String: String]) -> String {
        let (sink, captured) = OutputSink.capturing()
        _ = AssocCLI.runXDGUtility(invokedAs: tool, arguments: arguments, environment: variables, output: sink)
        return captured.standardOutput
    }

    /// The line `query default` or `get` prints for an answer.
    static func printed(_ id: String?) -> String { id.map { $0 + "\n" } ?? "" }

    /// The kind of a difference, for the summary: its case name.
    static func kind(_ difference: ResolutionDifference) -> String {
        String(String(describing: difference).prefix { $0 != "(" })
    }

    @Test("query default, get default-web-browser and query filetype, world after world")
    func randomWorlds() throws {
        let worlds = differentialWorldCount(ciWorlds: 2000)
        var master = SplitMix.forTest("XDGUtilsDifferentialTests", seed: 0x7864_6775_7469_6C73)
        let seeds = (0..<worlds).map { _ in master.next() }
        let files =
            try Corpus.path("shared-mime-info/tests/mime-detection").map { directory in
                try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != "list" }.sorted()
                    .map { directory + "/" + $0 }
            } ?? []
        let links = try TemporaryXDGTree()
        defer { withExtendedLifetime(links) {} }
        for name in ["xdg-mime", "xdg-settings"] {
            try FileManager.default.createSymbolicLink(
                atPath: links.path(name), withDestinationPath: ProcessRunner.assocExecutable)
        }
        let started = Date()
        let found = Mutex(Findings())
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 4
        for (index, seed) in seeds.enumerated() {
            queue.addOperation {
                let file = index % 2 == 0 && index / 2 < files.count ? files[index / 2] : nil
                let findings = Self.world(index: index, seed: seed, file: file, links: links)
                found.withLock { total in
                    total.worlds += 1
                    total.questions.merge(findings.questions, uniquingKeysWith: +)
                    total.explained.merge(findings.explained, uniquingKeysWith: +)
                    total.unexplained += findings.unexplained
                }
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        let findings = found.withLock { $0 }
        let seconds = Int(Date().timeIntervalSince(started).rounded())
        print(
            "XDGUtilsDifferentialTests: \(findings.worlds) worlds in \(seconds) s, questions: "
                + findings.questions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print("  differences under the spec resolution, all explained:")
        for (kind, cases) in findings.explained.sorted(by: { $0.key < $1.key }) {
            print("    \(kind): \(cases.count), e.g. \(cases[0])")
        }
        #expect(findings.worlds == worlds)
        #expect(findings.questions["get default-web-browser"] == (worlds + 7) / 8)
        #expect(findings.questions["query default", default: 0] == worlds - (worlds + 7) / 8)
        #expect(findings.questions["query filetype", default: 0] == min((worlds + 1) / 2, files.count))
        #expect(
            findings.unexplained.isEmpty,
            "\(findings.unexplained.count) unexplained: \(findings.unexplained.prefix(8).joined(separator: "\n"))")
    }

    /// One world's questions.
    static func world(index: Int, seed: UInt64, file: String?, links: TemporaryXDGTree) -> Findings {
        var findings = Findings()
        let desktop = desktops[index % desktops.count]
        let label = "world \(index) (seed \(seed), desktop '\(desktop ?? "unset")')"
        let world: RandomWorld
        do {
            world = try RandomWorld(seed: seed, types: types)
        } catch {
            findings.unexplained.append("\(label): the world could not be built: \(error)")
            return findings
        }
        let variables = world.variables(desktop: desktop)
        var asXDGOpen = variables
        asXDGOpen["ASSOC_XDG_RESOLUTION"] = "xdg-open"
        let environment = XDGEnvironment(variables)
        let resolver = AssociationResolver(
            environment: environment, database: MIMEDatabase(environment: environment, checking: .perRead))
        let type = types[Int(seed % UInt64(types.count))]
        let sampled = index % 10 == 0
        // One question about the world's configuration: every eighth world xdg-settings', the
        // others xdg-mime's.
        let question =
            index % 8 == 0
            ? Question(
                name: "get default-web-browser", type: "x-scheme-handler/http", tool: "xdg-settings",
                arguments: ["get", "default-web-browser"])
            : Question(name: "query default", type: type, tool: "xdg-mime", arguments: ["query", "default", type])
        findings.questions[question.name, default: 0] += 1
        let what = "\(label) \(question.tool) \(question.arguments.joined(separator: " "))"
        let theirs = output("/usr/bin/" + question.tool, question.arguments, variables)
        let spec = resolver.resolve(question.type)
        let xdg = resolver.resolve(question.type, mode: .xdgOpen)
        // What the front end prints: its resolution's answer (no world sets $BROWSER).
        let ours = printed(xdg.defaultApplication)
        let oursBySpec = printed(spec.defaultApplication)
        if ours != theirs {
            findings.unexplained.append(
                "\(what): with ASSOC_XDG_RESOLUTION=xdg-open assoc \(ours.debugDescription), "
                    + "xdg-utils \(theirs.debugDescription)")
        }
        // One world in ten checks that the front end, in this process and started as a link,
        // prints exactly that, by each resolution.
        if sampled {
            for (environment, expected) in [(asXDGOpen, ours), (variables, oursBySpec)] {
                for printedByAssoc in [
                    inProcess(question.tool, question.arguments, environment),
                    output(links.path(question.tool), question.arguments, environment),
                ] where printedByAssoc != expected {
                    findings.unexplained.append(
                        "\(what): assoc's \(question.tool) prints \(printedByAssoc.debugDescription), its resolution "
                            + expected.debugDescription)
                }
            }
        }
        // Under the specification's resolution, every difference is explained.
        if oursBySpec != theirs {
            let difference = ResolutionDifference(spec: spec, gio: xdg)
            if ours != theirs || difference == .none {
                findings.unexplained.append(
                    "\(what): spec \(spec.defaultApplication ?? "nothing"), xdg-utils \(theirs.debugDescription), unexplained")
            } else {
                findings.explained[kind(difference), default: []].append(
                    "\(what): spec \(spec.defaultApplication ?? "nothing"), xdg-utils \(xdg.defaultApplication ?? "nothing"): "
                        + difference.text)
            }
        }
        if let file {
            fileType(
                file, sampled: sampled, label: label, variables: variables, detector: TypeDetector(database: resolver.database),
                links: links, into: &findings)
        }
        return findings
    }

    /// `query filetype` of one file of the suite, on GNOME: xdg-utils asks gio info, which agrees
    /// with assoc but for an empty file, which gio info calls text/plain.
    static func fileType(
        _ file: String, sampled: Bool, label: String, variables: [String: String], detector: TypeDetector,
        links: TemporaryXDGTree, into findings: inout Findings
    ) {
        findings.questions["query filetype", default: 0] += 1
        var onGNOME = variables
        onGNOME["XDG_CURRENT_DESKTOP"] = "GNOME"
        let theirs = output("/usr/bin/xdg-mime", ["query", "filetype", file], onGNOME)
        onGNOME["ASSOC_XDG_RESOLUTION"] = "xdg-open"
        let ours = ((try? detector.detect(path: file))?.type).map { $0 + "\n" } ?? "(not typed)"
        if sampled {
            for printedByAssoc in [
                inProcess("xdg-mime", ["query", "filetype", file], onGNOME),
                output(links.path("xdg-mime"), ["query", "filetype", file], onGNOME),
            ] where printedByAssoc != ours {
                findings.unexplained.append(
                    "\(label) query filetype \(file): assoc's xdg-mime prints \(printedByAssoc.debugDescription)")
            }
        }
        guard ours != theirs else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
        guard size == 0 && theirs == "text/plain\n" else {
            findings.unexplained.append(
                "\(label) query filetype \(file): assoc \(ours.debugDescription), gio info \(theirs.debugDescription)")
            return
        }
        findings.explained["emptyFile", default: []].append(
            "\(file): assoc \(ours.debugDescription), gio info \(theirs.debugDescription): gio info calls every empty "
                + "file text/plain; assoc types it by its name, else application/x-zerosize")
    }
}
