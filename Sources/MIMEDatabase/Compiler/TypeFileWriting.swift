import Dispatch
import XDGSupport

/// Writes the per-type files `MEDIA/SUBTYPE.xml` on two threads when there are many and two
/// processors, each thread with the media directories of its own share; when each file is synced,
/// on eight threads, whatever the processors.
///
/// Why two, and split by media directory: most of a first compile's time is the kernel's, creating
/// some 850 files, and creations in one directory wait for each other (the directory is locked
/// while a name is added) while those in two directories do not; serialising the files is the
/// rest, and shares nothing. So each thread takes whole media directories, `application/` (more
/// than half of Debian's types) on one and the others on the second, and makes, serialises,
/// compares and replaces its files alone, with its own `GeneratedFileWriter`.
///
/// Synced, a file's time is mostly its `fdatasync`, a wait for the disk during which the thread
/// uses no processor: eight threads have eight files' syncs in flight at once, which the file
/// system's journal commits together, where one thread would wait for each in turn. The jobs are
/// then dealt out in turn (`deal`), so each thread has a share of `application/` too.
///
/// What stays as on one thread: every file is replaced atomically by its own rename; each thread
/// syncs the directories it renamed in before it ends, so every per-type file is durable before
/// the cache is renamed, as `GeneratedFileWriter` orders it; and the report lists the files in
/// the order one thread would have written them. The threads only read the parsed packages and
/// the model, which nothing changes meanwhile.
enum TypeFileWriting {
    /// One per-type file: its lower-case media directory, its name relative to the `mime/`
    /// directory, and the type whose document it holds.
    struct Job {
        var media: String
        var name: String
        var type: CompiledType
    }

    /// Below this many files one thread is as fast: the second's start costs more than it saves.
    static let smallestShared = 64
    /// The threads that write synced files.
    static let syncingThreads = 8

    /// Writes every job's file in `directory`; returns the names written and those left unchanged,
    /// each in job order.
    ///
    /// - Throws: the failure of the first job (in order) that could not be written.
    static func write(_ jobs: [Job], directory: String, synchronize: Bool, processors: Int) throws(DatabaseUpdate.Failure)
        -> (written: [String], unchanged: [String])
    {
        let shares: [[Int]]
        if jobs.count < smallestShared {
            shares = [Array(jobs.indices)]
        } else if synchronize {
            shares = deal(jobs.count, into: syncingThreads)
        } else {
            shares = processors > 1 ? split(jobs) : [Array(jobs.indices)]
        }
        let work = Work(jobs: jobs, shares: shares, directory: directory, synchronize: synchronize)
        // A queue of its own for each other share, each of which gets a thread of its own (the
        // processors' count limits `concurrentPerform`, which waiting threads would not use);
        // this thread writes the first share.
        let others = DispatchGroup()
        for share in shares.indices.dropFirst() {
            DispatchQueue(label: "assoc.type-files.\(share)").async(group: others) { work.run(share: share) }
        }
        work.run(share: 0)
        others.wait()
        return try work.outcome()
    }

    /// The jobs' indices in two shares of whole media directories, as even as the directories
    /// allow: the largest directories first, each to the share with fewer files so far.
    static func split(_ jobs: [Job]) -> [[Int]] {
        var byMedia: [String: [Int]] = [:]
        for (index, job) in jobs.enumerated() { byMedia[job.media, default: []].append(index) }
        let groups = byMedia.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        var shares: [[Int]] = [[], []]
        for (_, indices) in groups {
            let lighter = shares[0].count <= shares[1].count ? 0 : 1
            shares[lighter] += indices
        }
        return shares.filter { !$0.isEmpty }.map { $0.sorted() }
    }

    /// The indices `0..<count` dealt out in turn into `shares` shares, each in order.
    static func deal(_ count: Int, into shares: Int) -> [[Int]] {
        (0..<min(shares, count)).map { share in Array(stride(from: share, to: count, by: shares)) }
    }

    /// What the threads share: the jobs, read only, and one slot of results per job, each written
    /// by the one thread whose share holds the job and read after every thread has ended.
    private final class Work: @unchecked Sendable {
        let jobs: [Job]
        let shares: [[Int]]
        let directory: String
        let synchronize: Bool
        /// Per job: nil not reached, true written, false left unchanged. Buffers, not arrays: two
        /// threads write their own elements at once, which an array's copy-on-write check forbids.
        private let written: UnsafeMutableBufferPointer<Bool?>
        /// Per job: the failure that stopped its share there.
        private let failures: UnsafeMutableBufferPointer<DatabaseUpdate.Failure?>

        init(jobs: [Job], shares: [[Int]], directory: String, synchronize: Bool) {
            self.jobs = jobs
            self.shares = shares
            self.directory = directory
            self.synchronize = synchronize
            written = .allocate(capacity: jobs.count)
            written.initialize(repeating: nil)
            failures = .allocate(capacity: jobs.count)
            failures.initialize(repeating: nil)
        }

        deinit {
            written.deinitialize()
            written.deallocate()
            failures.deinitialize()
            failures.deallocate()
        }

        /// Writes the files of share `share` in order, stopping at the first failure, then syncs
        /// the directories it renamed in.
        func run(share: Int) {
            var writer = GeneratedFileWriter(directory: directory, synchronize: synchronize)
            defer { writer.synchronizeDirectories() }
            for index in shares[share] {
                let job = jobs[index]
                writer.makeMediaDirectory(job.media)
                do {
                    written[index] = try writer.write(job.name, job.type.document.serialized())
                } catch {
                    failures[index] = error
                    return
                }
            }
        }

        /// The names written and left, in job order, or the first failure.
        func outcome() throws(DatabaseUpdate.Failure) -> (written: [String], unchanged: [String]) {
            if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
            var result: (written: [String], unchanged: [String]) = ([], [])
            for (job, wasWritten) in zip(jobs, written) {
                if wasWritten == true { result.written.append(job.name) } else { result.unchanged.append(job.name) }
            }
            return result
        }
    }
}
