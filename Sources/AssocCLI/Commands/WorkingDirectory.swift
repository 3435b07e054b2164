import XDGSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The process's working directory, which relative paths on the command line are relative to.
enum WorkingDirectory {
  /// The directory, as a string that carries bytes that are not UTF-8; `/` when it cannot be read.
  static func current() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return PathCoding.decode(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
  }
}
