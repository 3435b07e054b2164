import DesktopEntry
import MIMEDatabase
import XDGSupport

/// Makes the machine match profiles: one more caller of `DefaultsEditor`, as `set` is.
///
/// For each entry, the first installed and usable candidate is chosen; `[Enforce]`, `[Edit]` and
/// `[Markup]` entries are written every time, `[Suggest]` entries once per profile version
/// (`SuggestionMemory`). All entries go to each list in one atomic write (`mimeapps.list` for the
/// view, `assoc/roles.list` for the edit and markup roles), so a second apply writes nothing.
/// Afterwards every entry is verified, a view entry with the specification's, GIO's and
/// xdg-open's resolution on each desktop, a role entry with assoc's role resolution (GIO and
/// xdg-open know no roles), and an entry a more important list overrides is reported with the
/// file and line that wins. An apply that writes a list GIO reads is recorded in the history
/// once, as `assoc set` is, when the history has started.
public struct ProfileApplier: Sendable {
    /// What applying is asked to do.
    public struct Options: Sendable, Equatable {
        /// The user's lists or the system's (the first directory of `$XDG_CONFIG_DIRS`).
        public var level: EditRequest.Level
        /// Write `NAME-mimeapps.list` (and `NAME-xdg-terminals.list`) instead.
        public var desktop: String?
        /// Compute what would be written and whether the machine complies; write nothing.
        public var checkOnly: Bool
        /// The command the history names as the cause; nil: `assoc profile apply` with the
        /// level, the desktop and the profiles' paths.
        public var command: String?

        /// Options.
        public init(
            level: EditRequest.Level = .user, desktop: String? = nil, checkOnly: Bool = false, command: String? = nil
        ) {
            self.level = level
            self.desktop = desktop
            self.checkOnly = checkOnly
            self.command = command
        }

        /// `command`, or the words of `assoc profile apply` that these options and `profiles` make.
        func commandText(_ profiles: [Profile]) -> String {
            if let command { return command }
            var words = ["assoc", "profile", "apply"]
            if level == .system { words.append("--system") }
            if let desktop { words += ["--desktop", desktop] }
            return (words + profiles.map(\.path)).joined(separator: " ")
        }
    }

    /// The editor whose environment, database and resolver are applied to.
    public let editor: DefaultsEditor

    /// An applier over `editor`.
    public init(editor: DefaultsEditor) {
        self.editor = editor
    }

    /// Applies (or checks) `profiles`; a later profile's entry replaces an earlier one's of the
    /// same target.
    ///
    /// - Throws: `ProfileError` when a list or the memory cannot be written.
    public func apply(_ profiles: [Profile], options: Options) throws(ProfileError) -> ProfileOutcome {
        if let desktop = options.desktop, !ListLocation.isValidDesktopName(desktop) {
            throw .refused(EditRefusal.invalidDesktopName(desktop).description)
        }
        let memory = SuggestionMemory(environment: editor.environment)
        var merged: [(profile: Profile, entry: ProfileEntry)] = []
        for profile in profiles {
            let replaced = Set(profile.entries.map(\.slot))
            merged = merged.filter { !replaced.contains($0.entry.slot) } + profile.entries.map { (profile, $0) }
        }
        let suggestionsDue = Dictionary(
            profiles.map { profile in
                let remembered = memory.version(of: profile.name, level: options.level, desktop: options.desktop)
                return (profile.name, remembered.map { $0 < profile.version } ?? true)
            }, uniquingKeysWith: { $0 || $1 })
        var outcomes: [ProfileEntryOutcome] = []
        var warnings: [ProfileWarning] = []
        var terminal: String?
        for (profile, entry) in merged {
            var outcome = ProfileEntryOutcome(
                entry: entry, profile: profile.name, types: [], chosen: nil, status: .skipped, before: [:], after: [:],
                verification: [])
            switch choose(entry, options: options) {
            case .failure(let warning):
                warnings.append(warning)
            case .success(let choice):
                outcome.chosen = choice.id
                outcome.types = choice.types
                let due = entry.group.policy == .always || suggestionsDue[profile.name] == true
                outcome.status = due ? .applied : .kept
                if due, entry.role?.usesTerminalList == true { terminal = choice.id }
            }
            outcomes.append(outcome)
        }
        // Two keys can name one type of one role (an alias and its type, a wildcard and a type
        // under it): the later entry wins, as a later line does, and the earlier one keeps its
        // other types.
        var owner: [ProfileEntry.Slot: Int] = [:]
        for (index, outcome) in outcomes.enumerated() where outcome.status == .applied {
            for type in outcome.types { owner[ProfileEntry.Slot(role: outcome.entry.group.role, target: type)] = index }
        }
        let roles = RoleResolver(resolver: editor.resolver)
        let command = options.commandText(profiles)
        var planned: [PlannedEdit] = []
        for index in outcomes.indices {
            let role = outcomes[index].entry.group.role
            if outcomes[index].status == .applied, !outcomes[index].types.isEmpty {
                outcomes[index].types.removeAll { owner[ProfileEntry.Slot(role: role, target: $0)] != index }
                if outcomes[index].types.isEmpty { outcomes[index].status = .replaced }
            }
            for type in outcomes[index].types {
                let answer =
                    role == .view ? editor.resolver.resolve(type).defaultApplication : roles.resolve(type, role: role).application
                if let answer { outcomes[index].before[type] = answer }
            }
            guard outcomes[index].status == .applied, let chosen = outcomes[index].chosen, !outcomes[index].types.isEmpty
            else { continue }
            var edit = request(outcomes[index].entry, chosen, options)
            edit.command = command
            planned.append(PlannedEdit(request: edit, types: outcomes[index].types))
        }
        var writes: [ListWrite]
        do {
            writes = try editor.apply(batch: planned, dryRun: options.checkOnly)
        } catch {
            throw .refused(error.description)
        }
        if !options.checkOnly { record(writes, command: command, options: options) }
        if let terminal { writes.append(try preferTerminal(terminal, options: options)) }
        if !options.checkOnly {
            // A version is remembered once every suggestion of it found a candidate: one whose
            // application is installed later is still applied by a later run of the same version.
            let suggestions = outcomes.filter { $0.entry.group.policy == .oncePerVersion }
            for profile in profiles
            where suggestionsDue[profile.name] == true && suggestions.contains(where: { $0.profile == profile.name })
                && !suggestions.contains(where: { $0.profile == profile.name && $0.status == .skipped })
            {
                try memory.remember(profile.version, of: profile.name, level: options.level, desktop: options.desktop)
            }
        }
        let verifier = ProfileVerifier(editor: editor, desktop: options.desktop)
        // When checking, a list still to be written answers as it was: its entries are not
        // shadowed, only not written yet.
        let pending = options.checkOnly && ProfileOutcome(entries: [], writes: writes, warnings: []).changed
        for index in outcomes.indices where outcomes[index].chosen != nil {
            verifier.verify(&outcomes[index])
            guard !pending, outcomes[index].status == .applied, let chosen = outcomes[index].chosen else { continue }
            for check in outcomes[index].verification where !check.matches {
                warnings.append(.shadowed(outcomes[index].entry, check: check, chosen: chosen))
            }
        }
        return ProfileOutcome(entries: outcomes, writes: writes, warnings: warnings)
    }

    /// Records the apply's change of effective defaults in the history (DESIGN decision 18), once
    /// for the whole apply: the one comparison attributes every list it wrote to `command`, since
    /// the batch announced each write under it. Role lists are not followed by the history.
    private func record(_ writes: [ListWrite], command: String, options: Options) {
        let desktop = options.desktop?.lowercased()
        let viewList = options.level == .user ? try? editor.userList(desktop: desktop) : editor.systemList(desktop: desktop)
        guard let write = writes.first(where: { $0.file == viewList }) else { return }
        _ = editor.recordInHistory(write.change, of: write.file, command: command)
    }

    /// The request that writes `id` for `entry`, in the default of the entry's group's role.
    private func request(_ entry: ProfileEntry, _ id: String, _ options: Options) -> EditRequest {
        EditRequest(
            .set, subject(entry), application: id, desktop: options.desktop, level: options.level, role: entry.group.role)
    }

    /// The subject of an entry: its role's types, or its target.
    private func subject(_ entry: ProfileEntry) -> EditRequest.Subject {
        entry.role.map { .targets($0.types) } ?? .target(entry.target)
    }

    /// The chosen candidate and its types.
    private struct Choice {
        var id: String
        var types: [String]
    }

    /// The first installed, usable candidate that the target can be written for, or why none is.
    private func choose(_ entry: ProfileEntry, options: Options) -> Result<Choice, ProfileWarning> {
        if entry.role?.usesTerminalList == true, entry.group.role != .view {
            let reason = "the terminal names no MIME type, so it has no \(entry.group.role.rawValue) default"
            return .failure(.unknownTarget(entry, reason: reason))
        }
        var reasons: [String] = []
        for candidate in entry.candidates {
            let id = candidate.hasSuffix(".desktop") ? candidate : candidate + ".desktop"
            guard let application = editor.resolver.applications.application(id) else {
                reasons.append("\(id) is not installed")
                continue
            }
            guard application.status.isUsable else {
                reasons.append("\(id) cannot be used: \(application.status.description)")
                continue
            }
            if entry.role?.usesTerminalList == true { return .success(Choice(id: id, types: [])) }
            do throws(EditRefusal) {
                return .success(Choice(id: id, types: try editor.types(of: request(entry, id, options)).types))
            } catch {
                guard case .target(.appDeclaresNone(let app, let target, let matching)) = error else {
                    return .failure(.unknownTarget(entry, reason: error.description))
                }
                reasons.append("\(app) declares none of the \(matching) types \(target) matches")
            }
        }
        return .failure(.noCandidate(entry, reasons: reasons))
    }

    /// Puts `id` first in the terminal list of the level.
    private func preferTerminal(_ id: String, options: Options) throws(ProfileError) -> ListWrite {
        let list = TerminalPreferenceList(environment: editor.environment)
        do {
            let path = try list.path(level: options.level, desktop: options.desktop)
            return ListWrite(file: path, change: try TerminalPreferenceList.prefer(id, at: path, dryRun: options.checkOnly))
        } catch {
            throw .refused("\(error)")
        }
    }
}
