import XDGSupport

extension ConfigurationChecker {
    /// The changes of effective defaults that another program made since `assoc history` was
    /// last read (the latest of each type), and the pins nothing defends because `assoc watch`
    /// is not running. Reads the journal only: catching up with changes not recorded yet is the
    /// caller's choice (`assoc check` does it when the watcher is not running).
    func historyProblems() -> [ConfigurationProblem] {
        let history = DefaultsHistory(environment: environment)
        var found: [ConfigurationProblem] = []
        var seen = Set<String>()
        for record in history.journal.unreadRecords().reversed() where seen.insert(record.type).inserted {
            if case .assoc = record.cause { continue }
            let line: Int? =
                switch record.cause {
                case .listEdit(_, let added, let removed): (added.first ?? removed.first)?.line
                case .lastUsed(_, _, let line): line.line
                default: nil
                }
            let before = record.headline.answer.before
            found.append(
                problem(
                    .defaultChanged, .warning, path: record.cause.file ?? history.journal.path, line: line,
                    record.sentence(since: "Since " + JournalTime.format(record.time), home: environment.home)
                        + " (change \(record.id))",
                    fix: ConfigurationFix(
                        before.map {
                            "'assoc undo \(record.id)' puts \($0) back; 'assoc pin \(record.type)' keeps what is there now"
                        }
                            ?? "'assoc history' shows it; 'assoc pin \(record.type)' keeps what is there now")))
        }
        if WatcherStatus.runningPID(environment) == nil {
            for pin in history.pins.pins().pins {
                found.append(
                    problem(
                        .pinUndefended, .warning, path: history.pins.path,
                        "\(pin.target) is pinned to \(pin.app), but assoc watch is not running: nothing restores it when "
                            + "another program changes it",
                        fix: ConfigurationFix("start 'assoc watch' (its user service), or 'assoc unpin \(pin.target)'")))
            }
        }
        return found
    }
}
