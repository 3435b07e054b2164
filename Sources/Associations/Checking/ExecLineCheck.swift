import DesktopEntry

/// The field-code rules of an `Exec` line (SPECS rules 74–77), each broken rule a finding.
///
/// The launcher refuses a line at its first broken rule; a check reports all of them.
enum ExecLineCheck {
    /// One broken rule.
    struct Finding: Equatable {
        var kind: ProblemKind
        var severity: ConfigurationProblem.Severity
        var message: String
    }

    static let fileCodes = ExecFieldCode.fileCodes
    static let otherCodes = ExecFieldCode.otherCodes
    static let deprecatedCodes = ExecFieldCode.deprecatedCodes
    static let standaloneCodes = ExecFieldCode.standaloneCodes

    /// What is wrong with `exec` (the value with the key-file escapes undone); `label` names the
    /// line in messages (`Exec`, or the Exec of an action).
    static func findings(_ exec: String, label: String = "Exec") -> [Finding] {
        let tokens: [ExecTokenizer.Token]
        do { tokens = try ExecTokenizer.tokenize(exec) } catch {
            return [Finding(kind: .execSyntax, severity: .error, message: "\(error.description); no tool can run it")]
        }
        var findings: [Finding] = []
        if let problem = ExecProgram.problem(tokens) {
            findings.append(Finding(kind: .execFieldCode, severity: .error, message: "\(label): \(problem)"))
        }
        var fileCodesSeen: [String] = []
        for token in tokens {
            var scalars = token.text.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "%" else { continue }
                guard let code = scalars.next() else {
                    findings.append(
                        Finding(
                            kind: .execFieldCode, severity: .error,
                            message: "a lone '%' ends an argument of \(label); write '%%' for a percent sign"))
                    break
                }
                if code == "%" { continue }
                if deprecatedCodes.contains(code) {
                    findings.append(
                        Finding(
                            kind: .execFieldCode, severity: .note,
                            message: "'%\(code)' in \(label) is deprecated; launchers drop it"))
                    continue
                }
                guard fileCodes.contains(code) || otherCodes.contains(code) else {
                    findings.append(
                        Finding(
                            kind: .execFieldCode, severity: .error,
                            message: "'%\(code)' in \(label) is not a field code of the specification, so the line must "
                                + "not be run; write '%%' for a percent sign"))
                    continue
                }
                if fileCodes.contains(code) { fileCodesSeen.append("%\(code)") }
                if standaloneCodes.contains(code) && token.text != "%\(code)" {
                    findings.append(
                        Finding(
                            kind: .execFieldCode, severity: .error,
                            message: "'%\(code)' in \(label) must be an argument on its own, not part of '\(token.text)'"))
                } else if token.quoted {
                    findings.append(
                        Finding(
                            kind: .execFieldCode, severity: .warning,
                            message:
                                "'%\(code)' in \(label) is inside quotes, where the specification leaves its meaning undefined"))
                }
            }
        }
        if fileCodesSeen.count > 1 {
            findings.append(
                Finding(
                    kind: .execFileCodes, severity: .error,
                    message: "\(label) has \(fileCodesSeen.joined(separator: ", ")): at most one of %f, %F, %u, %U is allowed"))
        }
        return findings
    }
}
