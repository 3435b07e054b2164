import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Copying a file into a hidden temporary file of a directory, complete or not at all.
///
/// The copy gets the source's bytes, permission bits, `user.*` extended attributes but assoc's own
/// (`user.assoc.*`), and access and modification times; it is fsynced and its size checked against
/// the source's. On any failure the temporary file is removed before the error is thrown, so
/// nothing is left behind.
enum FileCopier {
    /// A finished copy under a temporary name.
    struct Copy {
        /// The temporary file's path.
        var path: String
        /// Attributes the destination's file system refused (it does not support them).
        var droppedAttributes: [String]
        /// The temporary's registration for removal on a signal; ended once it is placed or gone.
        var registration: TemporaryFiles.Registration
    }

    static let bufferSize = 1 << 18

    /// Copies the open file `source` (at `sourcePath`, described by `info`) into `directory`.
    ///
    /// - Throws: `TransferError` naming the source and the directory.
    static func copy(_ source: Int32, sourcePath: String, info: stat, into directory: String) throws(TransferError) -> Copy {
        var template = PathCoding.cString(FilePlacement.join(directory, TemporaryFiles.copyPrefix + "XXXXXX"))
        let (descriptor, registration) = TemporaryFiles.create(&template)
        guard descriptor >= 0 else {
            throw .cannotWrite(source: sourcePath, directory: directory, reason: FileBytes.Failure.fromErrno().reason)
        }
        let temporary = PathCoding.decode(template.dropLast().map { UInt8(bitPattern: $0) })
        var open = true
        do throws(TransferError) {
            let dropped = try fill(descriptor, from: source, sourcePath: sourcePath, info: info, directory: directory)
            open = false
            guard close(descriptor) == 0 else {
                throw .cannotWrite(source: sourcePath, directory: directory, reason: FileBytes.Failure.fromErrno().reason)
            }
            return Copy(path: temporary, droppedAttributes: dropped, registration: registration)
        } catch {
            if open { close(descriptor) }
            unlink(PathCoding.cString(temporary))
            registration.end()
            throw error
        }
    }

    private static func fill(
        _ descriptor: Int32, from source: Int32, sourcePath: String, info: stat,
        directory: String
    ) throws(TransferError) -> [String] {
        func writeFailure() -> TransferError {
            .cannotWrite(source: sourcePath, directory: directory, reason: FileBytes.Failure.fromErrno().reason)
        }
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        var total: Int64 = 0
        while true {
            let count: Int
            do {
                count = try DescriptorIO.readSome(source, into: &buffer)
            } catch {
                throw .unreadableSource(path: sourcePath, reason: error.description)
            }
            if count == 0 { break }
            do {
                try DescriptorIO.writeAll(descriptor, buffer[..<count])
            } catch {
                throw .cannotWrite(source: sourcePath, directory: directory, reason: error.description)
            }
            total += Int64(count)
        }
        var after = stat()
        guard fstat(source, &after) == 0, total == Int64(info.st_size), Int64(after.st_size) == total,
            after.st_mtim.tv_sec == info.st_mtim.tv_sec, after.st_mtim.tv_nsec == info.st_mtim.tv_nsec
        else {
            throw .sourceChanged(path: sourcePath)
        }
        // Attributes first: a user may not set them once the copy is as read-only as its source.
        let dropped = try copyAttributes(from: source, to: descriptor, sourcePath: sourcePath, directory: directory)
        guard fchmod(descriptor, info.st_mode & 0o777) == 0 else { throw writeFailure() }
        var times = [info.st_atim, info.st_mtim]
        guard futimens(descriptor, &times) == 0 else { throw writeFailure() }
        guard fsync(descriptor) == 0 else { throw writeFailure() }
        var copied = stat()
        guard fstat(descriptor, &copied) == 0 else { throw writeFailure() }
        guard Int64(copied.st_size) == total else {
            throw .sizeMismatch(source: sourcePath, expected: total, found: Int64(copied.st_size))
        }
        return dropped
    }

    /// Copies every `user.*` attribute but assoc's own; returns those the destination does not
    /// support.
    private static func copyAttributes(
        from source: Int32, to destination: Int32, sourcePath: String,
        directory: String
    ) throws(TransferError) -> [String] {
        var dropped: [String] = []
        for name in ExtendedAttributes.names(ofDescriptor: source)
        where name.hasPrefix("user.") && !ExtendedAttributes.isAssocOwn(name) {
            guard let value = ExtendedAttributes.value(name, ofDescriptor: source) else { continue }
            do {
                try SystemCalls.setAttribute(name, to: value, descriptor: destination)
            } catch  where [.notSupported, .notPermitted].contains(error) {
                dropped.append(name)
            } catch {
                throw .cannotWrite(source: sourcePath, directory: directory, reason: "attribute \(name): \(error)")
            }
        }
        return dropped
    }
}
