import AssocTestSupport
import Associations
import Foundation
import Testing

@Suite(
    "assoc --as xdg-open agrees with the real xdg-mime query default in random worlds",
    .enabled(if: Corpus.program("xdg-mime") != nil))
struct XDGOpenDifferentialTests {
    /// Mostly unset, so that xdg-mime falls to its generic path; sometimes X-Generic, which says so.
    static let desktops: [String?] = [nil, nil, nil, "X-Generic"]

    @Test("the default of every type, in every world")
    func randomWorlds() throws {
        let xdgMime = try #require(Corpus.program("xdg-mime"))
        // 40 in CI: XDGUtilsDifferentialTests asks xdg-mime the same question in 2,000 more worlds;
        // ASSOC_DIFF_WORLDS=120 runs the longer pass.
        let worlds = differentialWorldCount(ciWorlds: 40)
        let run = differentialRun(worlds: worlds, desktops: Self.desktops) { resolver, type, variables in
            let ours = resolver.resolve(type, mode: .xdgOpen).defaultApplication
            let output = try ProcessRunner.run(xdgMime, ["query", "default", type], environment: variables)
                .standardOutput
            // Bytes, not Characters: a carriage return before the line feed is part of the answer.
            let bytes = Array(output.utf8)
            let theirs = String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
            return ours == (theirs.isEmpty ? nil : theirs)
                ? [] : ["assoc \(ours.debugDescription), xdg-mime \(theirs.debugDescription)"]
        }
        #expect(run.queries == worlds * RandomWorld.types.count)
        #expect(
            run.differences.isEmpty,
            "\(run.differences.count) differences in \(run.queries) queries: \(run.differences.prefix(8))")
    }
}
