import Foundation
import Synchronization

/// How many random worlds a differential test builds: `ASSOC_DIFF_WORLDS` when set (the longer
/// run: `ASSOC_DIFF_WORLDS=2000 swift test --filter Differential`), else `ciWorlds`.
func differentialWorldCount(ciWorlds: Int) -> Int {
    ProcessInfo.processInfo.environment["ASSOC_DIFF_WORLDS"].flatMap(Int.init) ?? ciWorlds
}

/// Runs `body` for the seed of each world, four worlds at a time (the child processes leave the
/// cores idle in between), and collects the differences it returns; a world that cannot be built
/// counts as a difference.
func differences(inWorlds count: Int, _ body: @escaping @Sendable (UInt64) throws -> [String]) -> [String] {
    let found = Mutex<[String]>([])
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 4
    for index in 0..<count {
        queue.addOperation {
            let seed = UInt64(index) &* 7919 &+ 17
            let result: [String]
            do {
                result = try body(seed)
            } catch {
                result = ["seed \(seed): the world could not be built: \(error)"]
            }
            found.withLock { $0 += result }
        }
    }
    queue.waitUntilAllOperationsAreFinished()
    return found.withLock { $0 }
}
