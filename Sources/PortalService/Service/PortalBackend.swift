import Launching
import PortalDialogs
import XDGSupport

#if canImport(Glibc)
import Glibc
#endif

/// The backend of xdg-desktop-portal that assoc is: owns `org.freedesktop.impl.portal.desktop.assoc`
/// on the session bus, serves FileChooser and AppChooser at `/org/freedesktop/portal/desktop`, and
/// starts one dialog per request in a terminal, answering the method call when the dialog answers.
///
/// One thread, one `poll` loop: the bus, each request's answer socket and connection, and a pidfd per
/// started terminal. Nothing waits for a dialog, so any number of requests are open at once.
public final class PortalBackend {
    /// The bus name.
    public static let busName = "org.freedesktop.impl.portal.desktop.assoc"
    /// The object path the frontend calls.
    public static let objectPath = "/org/freedesktop/portal/desktop"

    /// What the backend needs from its caller.
    public struct Configuration: Sendable {
        /// The environment (XDG directories, `PATH`, `XDG_RUNTIME_DIR`, `TERMINAL`).
        public var environment: XDGEnvironment
        /// The `assoc` executable the dialogs run (`assoc pick`, `assoc choose`).
        public var assocExecutable: String
        /// Take the bus name from a running backend.
        public var replace: Bool
        /// Log each request and its end on standard error.
        public var verbose: Bool

        /// A configuration.
        public init(environment: XDGEnvironment, assocExecutable: String, replace: Bool, verbose: Bool) {
            self.environment = environment
            self.assocExecutable = assocExecutable
            self.replace = replace
            self.verbose = verbose
        }
    }

    let configuration: Configuration
    let bus: BusConnection
    let launcher: Launcher
    let folders: FolderMemory
    /// Tells the user when a dialog cannot be shown.
    let notifications: NotificationClient
    var sessions: [String: DialogSession] = [:]
    /// Started terminals not yet reaped, by their pidfd.
    var children: [Int32: (pid: pid_t, handle: String)] = [:]
    private var objects: [BusObjectSlot] = []
    /// Request objects of finished requests, released after the dispatch that finished them (a
    /// handler must not free its own slot while it runs).
    private var retiredObjects: [BusObjectSlot] = []
    /// Whether another backend took the name (`--replace`): the open requests are finished, then the loop ends.
    private var nameLost = false
    /// Whether a request ended or was refused since the heap was last trimmed.
    private var heapToTrim = false

    /// Connects to the session bus and owns the backend's name.
    public init(_ configuration: Configuration) throws(BusError) {
        self.configuration = configuration
        launcher = Launcher(environment: configuration.environment, applications: .init(environment: configuration.environment))
        folders = FolderMemory(environment: configuration.environment)
        bus = try BusConnection()
        notifications = NotificationClient(bus: bus)
        objects.append(try bus.addObject(Self.objectPath) { [unowned self] message in handleMainObject(message) })
        objects.append(
            try bus.addBusSignalHandler("NameLost") { [unowned self] message in
                guard (try? message.readNext())?.text == Self.busName else { return false }
                log("another backend took \(Self.busName); ending when the open requests end")
                nameLost = true
                return true
            })
        try bus.requestName(Self.busName, replace: configuration.replace)
        log("serving \(Self.busName) at \(Self.objectPath)")
        checkTerminal()
    }

    /// Runs until the bus connection fails, or until another backend has taken the name and the
    /// open requests have ended.
    public func run() throws(BusError) {
        while true {
            try bus.processPending()
            bus.flush()
            retiredObjects.removeAll()
            trimHeap()
            if nameLost && sessions.isEmpty { return }
            try waitForEvents()
        }
    }

    /// One `poll` over every descriptor, then the work it found.
    private func waitForEvents() throws(BusError) {
        var descriptors = [pollfd(fd: bus.descriptor, events: bus.events, revents: 0)]
        for session in sessions.values {
            if session.directory.listener >= 0 {
                descriptors.append(pollfd(fd: session.directory.listener, events: Int16(POLLIN), revents: 0))
            }
            if session.directory.connection >= 0 {
                descriptors.append(pollfd(fd: session.directory.connection, events: Int16(POLLIN), revents: 0))
            }
        }
        for pidfd in children.keys { descriptors.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
        let now = MonotonicClock.seconds
        var timeout = bus.timeoutMilliseconds
        if let next = sessions.values.compactMap(\.deadline).min() {
            let milliseconds = Int32(clamping: Int(max(0, (next - now) * 1000).rounded(.up)))
            timeout = timeout < 0 ? milliseconds : min(timeout, milliseconds)
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        guard ready >= 0 || errno == EINTR else { throw BusError("wait for events", result: -errno) }
        let active = Set(descriptors.dropFirst().filter { $0.revents != 0 }.map(\.fd))
        for (pidfd, child) in children where active.contains(pidfd) { reap(pidfd: pidfd, child) }
        for session in Array(sessions.values) {
            if session.directory.listener >= 0, active.contains(session.directory.listener) { accept(session) }
            if session.directory.connection >= 0, active.contains(session.directory.connection) { read(session) }
        }
        expireDeadlines()
    }

    /// Says on standard error what is wrong with the terminal setting, when the service starts:
    /// the dialogs would fail on it (and each failure is reported again).
    private func checkTerminal() {
        let problems = TerminalSettingCheck.problems(
            configuration.environment, applications: launcher.applications,
            isKnownTerminal: { Launcher.knownTerminal($0) != nil },
            defaultTerminal: { [launcher] in launcher.terminalPrefix() })
        for problem in problems { printError("assoc portal: warning: \(problem.what); \(problem.fix)") }
    }

    // MARK: - Dispatch

    private func handleMainObject(_ message: BusMessage) -> Bool {
        guard message.isMethodCall else { return false }
        switch (message.interface, message.member) {
        case ("org.freedesktop.impl.portal.FileChooser", "OpenFile"): startFileChooser(.openFile, message)
        case ("org.freedesktop.impl.portal.FileChooser", "SaveFile"): startFileChooser(.saveFile, message)
        case ("org.freedesktop.impl.portal.FileChooser", "SaveFiles"): startFileChooser(.saveFiles, message)
        case ("org.freedesktop.impl.portal.AppChooser", "ChooseApplication"): startAppChooser(message)
        case ("org.freedesktop.impl.portal.AppChooser", "UpdateChoices"): updateChoices(message)
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            try? bus.reply(to: message, [.string(PortalIntrospection.xml)])
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            try? bus.reply(to: message, [.vardict([])])
        default:
            return false
        }
        return true
    }

    private func startFileChooser(_ kind: DialogRequest.Kind, _ call: BusMessage) {
        guard call.bodySignature == "osssa{sv}" else { return replyInvalidArguments(call, "(osssa{sv})") }
        guard let arguments = readArguments(call) else { return }
        guard arguments.count == 5, let handle = arguments[0].text, let appID = arguments[1].text,
            let title = arguments[3].text, let options = arguments[4].vardictEntries
        else { return replyInvalidArguments(call, "(osssa{sv})") }
        do {
            let request = try PortalOptions.fileChooserRequest(
                kind: kind, appID: appID, title: title, options: options, answerSocket: "",
                rememberedFolder: folders.folder(for: appID), home: configuration.environment.home)
            start(handle: handle, call: call, request: request, dialogCommand: "pick")
        } catch {
            refuse(call, error)
        }
    }

    private func startAppChooser(_ call: BusMessage) {
        guard call.bodySignature == "ossasa{sv}" else { return replyInvalidArguments(call, "(ossasa{sv})") }
        guard let arguments = readArguments(call) else { return }
        guard arguments.count == 5, let handle = arguments[0].text, let appID = arguments[1].text,
            let choices = arguments[3].elements, let options = arguments[4].vardictEntries
        else { return replyInvalidArguments(call, "(ossasa{sv})") }
        do {
            let request = try PortalOptions.appChooserRequest(
                appID: appID, choices: choices.compactMap(\.text), options: options, answerSocket: "")
            start(handle: handle, call: call, request: request, dialogCommand: "choose")
        } catch {
            refuse(call, error)
        }
    }

    private func updateChoices(_ call: BusMessage) {
        guard call.bodySignature == "oas" else { return replyInvalidArguments(call, "(oas)") }
        guard let arguments = readArguments(call) else { return }
        guard arguments.count == 2, let handle = arguments[0].text, let choices = arguments[1].elements else {
            return replyInvalidArguments(call, "(oas)")
        }
        do {
            try PortalLimits.check(choices.count, "applications", limit: RequestLimits.applications)
        } catch {
            return refuse(call, error)
        }
        if let session = sessions[handle], !session.replied {
            session.directory.send(ServiceMessage.updateChoices(choices.compactMap(\.text)).line)
        }
        try? bus.reply(to: call, [])
    }

    /// The call's arguments, read within `PortalLimits.readBudget()`; nil after refusing a call
    /// that passes it or cannot be read.
    private func readArguments(_ call: BusMessage) -> [BusValue]? {
        do {
            return try call.readAll(budget: PortalLimits.readBudget())
        } catch {
            refuse(call, PortalRefusal(error.isTooLarge ? .limitsExceeded : .invalidArguments, "\(error)"))
        }
        return nil
    }

    private func replyInvalidArguments(_ call: BusMessage, _ signature: String) {
        try? bus.replyError(
            to: call, name: "org.freedesktop.DBus.Error.InvalidArgs",
            "\(call.member) takes \(signature), not (\(call.bodySignature))")
    }

    /// Answers `call` with the refusal's D-Bus error (the application sees response 2; the
    /// frontend logs the text), the reason also on standard error.
    private func refuse(_ call: BusMessage, _ refusal: PortalRefusal) {
        printError("assoc portal: \(call.member) refused: \(refusal.reason)")
        try? bus.replyError(to: call, name: refusal.kind.rawValue, "\(call.member): \(refusal.reason)")
        heapToTrim = true
    }

    // MARK: - Requests

    /// Starts the dialog for `request`: its directory, request file, terminal and Request object.
    /// Whatever fails answers the call with response 2 at once, a request file larger than a
    /// dialog reads included.
    private func start(handle: String, call: BusMessage, request: DialogRequest, dialogCommand: String) {
        guard sessions[handle] == nil else {
            try? bus.replyError(to: call, name: "org.freedesktop.DBus.Error.InvalidArgs", "the request \(handle) is already open")
            return
        }
        guard let runtime = configuration.environment.variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            return answerAtOnce(
                call, handle,
                DialogFailure(kind: request.kind, reason: "XDG_RUNTIME_DIR is not set; the dialog's answer socket needs it"))
        }
        let directory: RequestDirectory
        do {
            directory = try RequestDirectory(runtimeDirectory: runtime)
        } catch {
            return answerAtOnce(call, handle, DialogFailure(kind: request.kind, reason: error.description))
        }
        var request = request
        request.answerSocket = directory.socketPath
        let session = DialogSession(handle: handle, call: call, request: request, directory: directory)
        do {
            try directory.writeRequest(request.json.rendered + "\n")
        } catch {
            return answerAtOnce(call, handle, DialogFailure(kind: request.kind, reason: error.description))
        }
        let dialog = [configuration.assocExecutable, dialogCommand, "--portal-request", directory.requestFile]
        let settingsFile = PortalSettings.path(in: configuration.environment)
        let settings: PortalSettings
        do {
            settings = try PortalSettings.load(from: configuration.environment)
        } catch {
            return answerAtOnce(call, handle, .terminal(request.kind, error.description, settingsFile: settingsFile))
        }
        guard let argv = TerminalChoice.argv(for: dialog, settings: settings, launcher: launcher) else {
            return answerAtOnce(
                call, handle,
                .terminal(
                    request.kind, "no terminal was found ($TERMINAL, xdg-terminal-exec and the known terminals are missing)",
                    settingsFile: settingsFile))
        }
        let pid: pid_t
        do {
            pid = try launcher.start(
                LaunchPlan(app: "assoc-portal", argv: argv, targets: [], workingDirectory: nil, terminal: false))
        } catch {
            let reason: String
            if case .spawnFailed(_, let program, let why) = error {
                reason = "the terminal '\(program)' could not be started: \(why)"
            } else {
                reason = error.description
            }
            return answerAtOnce(call, handle, .terminal(request.kind, reason, settingsFile: settingsFile))
        }
        session.terminal = argv.prefix(argv.count - dialog.count).joined(separator: " ")
        if let pidfd = try? SystemCalls.processDescriptor(pid) { children[pidfd] = (pid, handle) }
        session.requestObject = try? bus.addObject(handle) { [unowned self] message in handleRequestObject(message) }
        sessions[handle] = session
        log("\(handle): \(request.kind.rawValue) for '\(request.appID)' in \(directory.path), terminal \(argv[0]) (pid \(pid))")
    }

    /// Answers a request that could not start: response 2, then the failure reported.
    private func answerAtOnce(_ call: BusMessage, _ handle: String, _ failure: DialogFailure) {
        try? bus.reply(to: call, [.uint32(2), .vardict([])])
        report(failure, handle)
        heapToTrim = true
    }

    /// Tells the user why the dialog of `handle` could not be shown: on standard error, and as a
    /// desktop notification (when no notification service answers, standard error says that too).
    private func report(_ failure: DialogFailure, _ handle: String) {
        printError("assoc portal: \(handle): \(failure.reason); response 2")
        do {
            try notifications.notify(failure.notification)
            log("\(handle): notified: \(failure.summary)")
        } catch {
            printError("assoc portal: cannot notify through \(NotificationClient.service): \(error)")
        }
    }

    private func handleRequestObject(_ message: BusMessage) -> Bool {
        guard message.isMethodCall, message.interface == "org.freedesktop.impl.portal.Request", message.member == "Close"
        else { return false }
        if let session = sessions[message.path] { close(session) }
        try? bus.reply(to: message, [])
        return true
    }

    /// `Request.Close`: tells the dialog to go, answers 2, and sends SIGTERM if it is still there after a second.
    private func close(_ session: DialogSession) {
        log("\(session.handle): closed by the frontend")
        session.directory.send(ServiceMessage.close.line)
        finish(session, DialogAnswer(response: .other))
        if session.directory.connection >= 0 {
            session.terminateAt = MonotonicClock.seconds + DialogSession.closeGrace
        } else {
            end(session)
        }
    }

    // MARK: - Events

    private func accept(_ session: DialogSession) {
        if session.directory.acceptConnection() {
            log("\(session.handle): dialog connected (pid \(session.directory.peerProcess))")
        }
    }

    private func read(_ session: DialogSession) {
        switch session.directory.readLine() {
        case .pending:
            return
        case .ended:
            if !session.replied { log("\(session.handle): the dialog ended without answering") }
            finish(session, DialogAnswer(response: .other))
            end(session)
        case .line(let bytes):
            guard !session.replied else { return }
            do {
                let answer = try DialogAnswer(json: bytes)
                if let problem = PortalOptions.saveProblem(answer, to: session.request) {
                    printError("assoc portal: \(session.handle): \(problem); response 2")
                    finish(session, DialogAnswer(response: .other))
                } else {
                    finish(session, answer)
                }
            } catch {
                printError("assoc portal: \(session.handle): \(error)")
                finish(session, DialogAnswer(response: .other))
            }
            end(session)
        }
    }

    private func reap(pidfd: Int32, _ child: (pid: pid_t, handle: String)) {
        var status: Int32 = 0
        guard waitpid(child.pid, &status, WNOHANG) == child.pid else { return }
        Glibc.close(pidfd)
        children[pidfd] = nil
        let failed = !(status & 0x7f == 0 && (status >> 8) & 0xff == 0)
        guard failed, let session = sessions[child.handle], !session.replied, session.directory.connection < 0 else { return }
        let how = status & 0x7f == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
        finish(session, DialogAnswer(response: .other))
        report(
            .terminal(
                session.request.kind,
                "the terminal '\(session.terminal)' (pid \(child.pid)) ended with \(how) before the dialog started",
                settingsFile: PortalSettings.path(in: configuration.environment)), child.handle)
        end(session)
    }

    private func expireDeadlines() {
        let now = MonotonicClock.seconds
        for session in Array(sessions.values) {
            guard let deadline = session.deadline, deadline <= now else { continue }
            if session.terminateAt != nil {
                let peer = session.directory.peerProcess
                if peer > 0, session.directory.connection >= 0 {
                    log("\(session.handle): the dialog (pid \(peer)) did not close; SIGTERM")
                    kill(peer, SIGTERM)
                }
            } else {
                finish(session, DialogAnswer(response: .other))
                report(
                    .terminal(
                        session.request.kind,
                        "the dialog did not start within \(Int(DialogSession.connectTimeout)) s in the terminal "
                            + "'\(session.terminal)' (does it run the command it is given?)",
                        settingsFile: PortalSettings.path(in: configuration.environment)), session.handle)
            }
            end(session)
        }
    }

    /// Answers the method call with `answer` (once), remembers the folder, removes the Request object.
    private func finish(_ session: DialogSession, _ answer: DialogAnswer) {
        guard !session.replied else { return }
        session.replied = true
        if let object = session.requestObject { retiredObjects.append(object) }
        session.requestObject = nil
        let results = PortalOptions.results(for: answer, to: session.request)
        do {
            try bus.reply(to: session.call, [.uint32(UInt32(answer.response.rawValue)), .vardict(results)])
        } catch {
            printError("assoc portal: \(session.handle): \(error)")
        }
        log("\(session.handle): response \(answer.response.rawValue)")
        if let folder = PortalOptions.chosenFolder(of: answer, to: session.request) {
            do {
                try folders.remember(folder, for: session.request.appID)
            } catch {
                printError("assoc portal: \(error)")
            }
        }
    }

    /// Forgets a finished session and removes its directory (closing the dialog's connection).
    private func end(_ session: DialogSession) {
        session.directory.remove()
        sessions[session.handle] = nil
        heapToTrim = true
    }

    /// Gives the memory a request needed back to the system once it has ended: glibc's `free`
    /// keeps what lies below the top of the heap, so a service that once read a large request
    /// would otherwise stay that large (`malloc_trim(3)`).
    private func trimHeap() {
        guard heapToTrim else { return }
        heapToTrim = false
        SystemCalls.returnFreeMemory()
    }

    private func log(_ text: String) {
        if configuration.verbose { printError("assoc portal: " + text) }
    }
}

/// Writes `text` and a newline to standard error, escaped as one line (`Terminal.sanitized`):
/// an application ID, a title or a path from a request cannot print a line of its own or reach
/// the terminal with its control characters.
func printError(_ text: String) {
    var line = Array((Terminal.sanitized(text) + "\n").utf8)
    _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
