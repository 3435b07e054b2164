internal import CSystem

/// A directory held open only as the place later lookups start from (`O_PATH`), so that a
/// file in it is found by its last name instead of its whole path: opening one takes search
/// permission on the way, as a lookup through it does, and reads nothing.
package enum LookupDirectory {
    /// Opens the directory that the C string `path` names, relative to the open directory
    /// `directory` (`AT_FDCWD` for the working directory); its descriptor, or -1 (with `errno`)
    /// when there is no such directory or it cannot be reached. The caller closes it.
    package static func open(_ path: UnsafePointer<CChar>, in directory: Int32) -> Int32 {
        csystem_open_lookup_directory(directory, path)
    }
}
