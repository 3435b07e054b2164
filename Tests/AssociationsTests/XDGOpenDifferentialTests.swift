import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Synchronization
import Testing
import XDGSupport

@Suite(
    "assoc --as xdg-open agrees with the real xdg-mime query default in random worlds",
    .enabled(if: Corpus.program("xdg-mime") != nil))
struct XDGOpenDifferentialTests {
    /// Mostly unset, so that xdg-mime falls to its generic path; sometimes X-Generic, which says so.
    static let desktops: [String?] = [nil, nil, nil, "X-Generic"]

    @Test("the default of every type, in every world")
    func randomWorlds() throws {
        let xdgMime = try #require(Corpus.program("xdg-mime"))
        let worlds = differentialWorldCount(ciWorlds: 120)
        let queries = Mutex(0)
        let differences = differences(inWorlds: worlds) { seed in
            let world = try RandomWorld(seed: seed)
            let desktop = Self.desktops[Int(seed % UInt64(Self.desktops.count))]
            let variables = world.variables(desktop: desktop)
            let environment = XDGEnvironment(variables)
            let resolver = AssociationResolver(
                environment: environment, database: MIMEDatabase(environment: environment))
            var differences: [String] = []
            for type in RandomWorld.types {
                let ours = resolver.resolve(type, mode: .xdgOpen).defaultApplication
                let output = try ProcessRunner.run(
                    xdgMime, ["query", "default", type], environment: variables
                ).standardOutput
                // Bytes, not Characters: a carriage return before the line feed is part of the answer.
                let bytes = Array(output.utf8)
                let theirs = String(
                    decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
                if ours != (theirs.isEmpty ? nil : theirs) {
                    differences.append(
                        "seed \(seed) desktop '\(desktop ?? "unset")' \(type): assoc \(ours.debugDescription), xdg-mime \(theirs.debugDescription)"
                    )
                }
            }
            queries.withLock { $0 += RandomWorld.types.count }
            return differences
        }
        let count = queries.withLock { $0 }
        #expect(count >= worlds * RandomWorld.types.count)
        #expect(
            differences.isEmpty,
            "\(differences.count) differences in \(count) queries: \(differences.prefix(8))")
    }
}
