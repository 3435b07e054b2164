/// The rule that keeps a target from becoming the program (DESIGN.md decision 11): the first
/// argument of `Exec` names the program, and a field code in it (`%f`, `%u`, `%F`, `%k`, …)
/// would make a document, a URL or the entry itself the program run.
public enum ExecProgram {
    /// Why the program argument of a split `Exec` is unsafe, or nil when it has no field code.
    public static func problem(_ tokens: [ExecTokenizer.Token]) -> String? {
        guard let program = tokens.first?.text else { return nil }
        var scalars = program.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%", let code = scalars.next() else { continue }
            if code == "%" { continue }
            return "the program of Exec, '\(program)', holds the field code '%\(code)', "
                + "which would run a target or the entry itself as the program"
        }
        return nil
    }
}
