import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Synchronization
import XDGSupport

/// How many random worlds a differential test builds: `ASSOC_DIFF_WORLDS` when set (the longer
/// run: `ASSOC_DIFF_WORLDS=2000 swift test --filter Differential`), else `ciWorlds`.
func differentialWorldCount(ciWorlds: Int) -> Int {
    ProcessInfo.processInfo.environment["ASSOC_DIFF_WORLDS"].flatMap(Int.init) ?? ciWorlds
}

/// What a differential run found: the questions asked and every difference, each naming its
/// world's seed, desktop and type.
struct DifferentialRun {
    var queries: Int
    var differences: [String]
}

/// Builds `count` random worlds, four at a time (the child processes leave the cores idle in
/// between), each for the desktop its seed picks from `desktops`, and asks `compare` about every
/// type of `RandomWorld.types` there; `compare` returns what it found different. A world that
/// cannot be built counts as a difference.
func differentialRun(
    worlds count: Int, desktops: [String?],
    _ compare: @escaping @Sendable (AssociationResolver, String, [String: String]) throws -> [String]
) -> DifferentialRun {
    let found = Mutex(DifferentialRun(queries: 0, differences: []))
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 4
    for index in 0..<count {
        queue.addOperation {
            let seed = UInt64(index) &* 7919 &+ 17
            let desktop = desktops[Int(seed % UInt64(desktops.count))]
            var differences: [String] = []
            var queries = 0
            do {
                let world = try RandomWorld(seed: seed)
                let variables = world.variables(desktop: desktop)
                let environment = XDGEnvironment(variables)
                let resolver = AssociationResolver(
                    environment: environment, database: MIMEDatabase(environment: environment))
                for type in RandomWorld.types {
                    differences += try compare(resolver, type, variables).map {
                        "seed \(seed) desktop '\(desktop ?? "unset")' \(type): \($0)"
                    }
                    queries += 1
                }
            } catch {
                differences.append("seed \(seed): the world could not be built: \(error)")
            }
            found.withLock {
                $0.queries += queries
                $0.differences += differences
            }
        }
    }
    queue.waitUntilAllOperationsAreFinished()
    return found.withLock { $0 }
}
