import Dispatch

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Types many paths at once on every core, and hands the answers back in the order of the input.
///
/// The paths are cut into batches; the workers of a batch take every `workers`-th path, so each
/// path is typed exactly once and by one thread, and the batch's answers are delivered in input
/// order before the next batch starts. Output therefore streams while later batches are still
/// being read, and it is the same, byte for byte, whatever the number of workers.
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
    public func detect(_ paths: [String], deliver: (_ index: Int, _ result: Result<Detection, DetectionError>) -> Void) {
        var start = 0
        while start < paths.count {
            let end = min(start + batchSize, paths.count)
            let results = typeBatch(paths[start..<end])
            for (offset, result) in results.enumerated() { deliver(start + offset, result) }
            start = end
        }
    }

    /// Types one batch on `workers` threads; slot `i` of the answer belongs to `batch[i]`.
    private func typeBatch(_ batch: ArraySlice<String>) -> [Result<Detection, DetectionError>] {
        let count = batch.count
        let slots = UnsafeMutableBufferPointer<Result<Detection, DetectionError>>.allocate(capacity: count)
        defer { slots.deallocate() }
        let threads = min(workers, count)
        let work = SlotWriter(slots: slots)
        let detector = self.detector
        let options = self.options
        let paths = Array(batch)
        let body: @Sendable (Int) -> Void = { worker in
            var index = worker
            while index < count {
                work.store(
                    Result { () throws(DetectionError) in try detector.detect(path: paths[index], options: options) },
                    at: index)
                index += threads
            }
        }
        if threads == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: body) }
        let results = Array(slots)
        slots.baseAddress!.deinitialize(count: count)
        return results
    }
}

/// Initialises distinct slots of a buffer from several threads: each slot is written by exactly one
/// thread, and the buffer is read only after every writer has finished.
private struct SlotWriter: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<Result<Detection, DetectionError>>

    func store(_ result: Result<Detection, DetectionError>, at index: Int) {
        (slots.baseAddress! + index).initialize(to: result)
    }
}
