extension HistoryRecord {
    /// The change in words, after `since` (`Since 14:02`): what the type opens in now, what it
    /// opened in before, and the cause, with `home` shown as `~`.
    ///
    /// `Since 14:02, application/pdf opens in code.desktop instead of org.gnome.Evince.desktop:
    /// ~/.config/mimeapps.list line 12 was added by another program`
    public func sentence(since: String, home: String) -> String {
        let (view, answer) = headline
        let seen = view == DefaultsView(.spec) ? "" : " (as \(view) sees it)"
        let change: String
        switch (answer.before, answer.after) {
        case (let before?, let after?): change = "\(type) opens in \(after) instead of \(before)\(seen)"
        case (nil, let after?): change = "\(type) opens in \(after)\(seen); it had no default"
        case (let before?, nil): change = "\(type) has no default\(seen); it opened in \(before)"
        case (nil, nil): change = "\(type) is unchanged\(seen)"
        }
        return "\(since), \(change): \(causeWords(home: home))"
    }

    /// The cause in words, with `home` shown as `~`.
    public func causeWords(home: String) -> String {
        func short(_ path: String?) -> String {
            guard let path else { return "" }
            guard !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
            return "~" + path.dropFirst(home.count)
        }
        func lines(_ numbered: [NumberedLine]) -> String {
            (numbered.count == 1 ? "line " : "lines ") + numbered.map { String($0.line) }.joined(separator: ", ")
        }
        switch cause {
        case .assoc(let command, let file, let added, let removed):
            let place = file.map { " in " + short($0) } ?? ""
            let what = added.isEmpty ? (removed.isEmpty ? "" : " (\(lines(removed)) removed)") : " (\(lines(added)))"
            return "'\(command)' wrote it\(place)\(what)"
        case .listEdit(let file, let added, let removed):
            if !added.isEmpty {
                let verb = added.count == 1 ? "was" : "were"
                let also = removed.isEmpty ? "" : " and \(lines(removed)) removed"
                return "\(short(file)) \(lines(added)) \(verb) added\(also) by another program"
            }
            return "\(short(file)) \(lines(removed)) \(removed.count == 1 ? "was" : "were") removed by another program"
        case .lastUsed(let file, let application, let line):
            return "\(application) was moved to the front of [Added Associations] (\(short(file)) line \(line.line)), "
                + "as GIO does for the application last chosen in an Open-with dialog"
        case .applicationInstalled(let application, let file):
            let place = file.map { " (\(short($0)))" } ?? ""
            return "\(application) was installed\(place) and is now the first application that declares the type"
        case .applicationRemoved(let application, let file):
            let place = file.map { " (\(short($0)))" } ?? ""
            return "\(application) was removed or can no longer be used\(place)"
        case .typeDatabase(let detail, let files):
            let place = files.isEmpty ? "" : " (" + files.map(short).joined(separator: ", ") + ")"
            return "the type database changed: \(detail)\(place)"
        case .unexplained:
            return "nothing in the lists, entries or type database explains it"
        }
    }
}
