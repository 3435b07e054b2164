#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension XDGEnvironment {
    /// The running process's environment variables; values name directories (HOME,
    /// XDG_DATA_HOME), which need not be UTF-8, so they are read in `PathCoding`'s form.
    public static func processVariables() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = PathCoding.decode(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
