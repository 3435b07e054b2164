import Dispatch
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Types many paths at once on every core, and hands the answers back in the order of the input.
///
/// The paths are cut into batches; the workers of a batch claim runs of consecutive paths in
/// turn (`ClaimedRuns`), so each path is typed exactly once and by one thread, paths of one
/// directory mostly by the same thread, and the batch's answers are delivered in input order
/// while the workers type the next batch. Output therefore streams while later batches are
/// still being read, and it is the same, byte for byte, whatever the number of workers.
public struct BulkDetector: Sendable {
    /// The detector every worker shares (it is immutable).
    public let detector: TypeDetector
    /// Which evidence to use for each path.
    public let options: DetectionOptions
    /// How many threads type at once.
    public let workers: Int
    /// How many paths are typed before their answers are delivered.
    public let batchSize: Int

    /// Creates a bulk detector; `workers` defaults to the number of online processors.
    public init(
        detector: TypeDetector, options: DetectionOptions = DetectionOptions(),
        workers: Int? = nil, batchSize: Int = 2048
    ) {
        self.detector = detector
        self.options = options
        self.workers = max(1, workers ?? Self.processorCount)
        self.batchSize = max(1, batchSize)
    }

    /// The number of processors this process may run on.
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Types `paths` and calls `deliver` once per path, in input order, on the calling thread.
    ///
    /// While the calling thread delivers one batch, the workers already type the next, so that
    /// printing never holds the typing up; each batch is still delivered whole and in order.
    public func detect(_ paths: [String], deliver: (_ index: Int, _ result: Result<Detection, DetectionError>) -> Void) {
        detect(PathList(paths), deliver: deliver)
    }

    /// Types the paths of `paths` and calls `deliver` once per path, in input order, on the
    /// calling thread; each worker types its paths from their bytes (`TypeDetector.detect(path:options:scratch:)`).
    public func detect(_ paths: PathList, deliver: (_ index: Int, _ result: Result<Detection, DetectionError>) -> Void) {
        if paths.count == 0 { return }
        let scratches = WorkerScratches(count: min(workers, paths.count), for: detector)
        if paths.count <= batchSize {
            // One batch: nothing to overlap, so no thread is started for it.
            typeBatch(0..<paths.count, of: paths, in: scratches).deliver(from: 0, to: deliver)
            return
        }
        // The batches run one after the other, in order, on a queue of their own, and two are
        // queued at any time: the one being typed and the next, so that a worker goes on to the
        // next batch at once (on the same thread, whose caches hold the tables) while this
        // thread delivers the one before.
        let queue = DispatchQueue(label: "bulk typing")
        var unstarted = 0
        func startNext() -> PendingBatch? {
            guard unstarted < paths.count else { return nil }
            let range = unstarted..<min(unstarted + batchSize, paths.count)
            unstarted = range.upperBound
            return startBatch(range, of: paths, in: scratches, on: queue)
        }
        var queued = [startNext(), startNext()].compactMap { $0 }
        while !queued.isEmpty {
            let current = queued.removeFirst()
            let answers = current.wait()
            if let batch = startNext() { queued.append(batch) }
            answers.deliver(from: current.range.lowerBound, to: deliver)
        }
    }

    /// Queues the typing of `paths[range]` on `queue` and returns what will hold the answers.
    private func startBatch(
        _ range: Range<Int>, of paths: PathList, in scratches: WorkerScratches, on queue: DispatchQueue
    ) -> PendingBatch {
        let batch = PendingBatch(range: range)
        queue.async { batch.finish(typeBatch(range, of: paths, in: scratches)) }
        return batch
    }

    /// Types `paths[batch]` on `workers` threads, worker `i` in scratch `i`; slot `i` of the answer
    /// belongs to path `batch.lowerBound + i`.
    private func typeBatch(_ batch: Range<Int>, of paths: PathList, in scratches: WorkerScratches) -> BatchAnswers {
        let count = batch.count
        let slots = UnsafeMutableBufferPointer<Result<Detection, DetectionError>>.allocate(capacity: count)
        let threads = min(workers, count)
        let work = SlotWriter(slots: slots)
        let detector = self.detector
        let options = self.options
        let first = batch.lowerBound
        let runs = ClaimedRuns(count: count, workers: threads)
        let body: @Sendable (Int) -> Void = { worker in
            let scratch = scratches[worker]
            while let run = runs.claim() {
                for index in run {
                    work.store(
                        paths.withPath(at: first + index) { detector.detect(path: $0, options: options, scratch: scratch) },
                        at: index)
                }
            }
        }
        if threads == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: body) }
        return BatchAnswers(slots)
    }
}

/// The answers of one batch, in the slots its workers initialised, until they are delivered:
/// each is moved out to the one who prints it, so that no answer is copied on the way (a copy
/// retains its type's name, which the workers share).
private final class BatchAnswers: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<Detection, DetectionError>>
    private var delivered = false

    /// Takes over `slots`, every one initialised.
    init(_ slots: UnsafeMutableBufferPointer<Result<Detection, DetectionError>>) {
        self.slots = slots
    }

    /// Calls `deliver` with each answer in order, slot `i` as that of path `first + i`; once.
    func deliver(from first: Int, to deliver: (_ index: Int, _ result: Result<Detection, DetectionError>) -> Void) {
        precondition(!delivered, "a batch's answers are delivered once")
        delivered = true
        for offset in slots.indices { deliver(first + offset, (slots.baseAddress! + offset).move()) }
    }

    deinit {
        if !delivered { slots.baseAddress!.deinitialize(count: slots.count) }
        slots.deallocate()
    }
}

/// Hands the indices `0..<count` out to workers as runs of consecutive indices, each run to one
/// worker: long runs while much is left, shorter ones towards the end, so that the workers of a
/// batch finish at about the same time and wait little for each other.
private final class ClaimedRuns: Sendable {
    private let next = Atomic<Int>(0)
    private let count: Int
    private let workers: Int

    /// The shortest and longest run handed out.
    private static let shortest = 16
    private static let longest = 256

    init(count: Int, workers: Int) {
        self.count = count
        self.workers = workers
    }

    /// The next run nobody has claimed, or nil when every index is claimed.
    func claim() -> Range<Int>? {
        var start = next.load(ordering: .relaxed)
        while start < count {
            let length = min(Self.longest, max(Self.shortest, (count - start) / (4 * workers)))
            let end = min(count, start + length)
            let (exchanged, found) = next.compareExchange(expected: start, desired: end, ordering: .relaxed)
            if exchanged { return start..<end }
            start = found
        }
        return nil
    }
}

/// The storage of each worker, kept from one batch to the next: what a worker has learnt of the
/// types its paths' names give, and the directories it holds open, serve the next batch too.
/// Worker `i` of a batch uses scratch `i`, and a batch starts only once the one before has
/// finished (their queue is serial), so no scratch is ever used by two threads at once.
///
/// The workers together hold at most half of the descriptors this process may open, so that many
/// workers (one per core of a large machine) never leave too few for the files they open.
private final class WorkerScratches: @unchecked Sendable {
    private let scratches: [DetectionScratch]

    /// A scratch for each of `count` workers typing with `detector`.
    init(count: Int, for detector: TypeDetector) {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        let descriptors = getrlimit(resource, &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
        let held = min(HeldDirectories.capacity, descriptors / 2 / max(1, count))
        scratches = (0..<count).map { _ in DetectionScratch(for: detector, heldDirectories: held) }
    }

    /// The scratch of worker `worker`.
    subscript(worker: Int) -> DetectionScratch { scratches[worker] }
}

/// Initialises distinct slots of a buffer from several threads: each slot is written by exactly one
/// thread, and the buffer is read only after every writer has finished.
private struct SlotWriter: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<Result<Detection, DetectionError>>

    func store(_ result: Result<Detection, DetectionError>, at index: Int) {
        (slots.baseAddress! + index).initialize(to: result)
    }
}

/// The answers of one batch being typed on another thread: written once, then read by the
/// thread that waits for them; the semaphore orders the write before the read.
private final class PendingBatch: @unchecked Sendable {
    /// The indices of the paths of the batch.
    let range: Range<Int>
    private var answers: BatchAnswers?
    private let done = DispatchSemaphore(value: 0)

    init(range: Range<Int>) {
        self.range = range
    }

    /// Stores the answers and wakes the waiting thread.
    func finish(_ answers: BatchAnswers) {
        self.answers = answers
        done.signal()
    }

    /// The answers, once every one of them is stored.
    func wait() -> BatchAnswers {
        done.wait()
        return answers!
    }
}
