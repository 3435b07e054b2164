import PortalDialogs
import TerminalUI

/// What `assoc pick --portal-request` and `assoc choose --portal-request` share: reading the
/// request, connecting to the service's answer socket before anything is drawn, running the
/// screen while listening to the service, and answering exactly once.
enum PortalDialog {
    /// The request in `path` and the connected channel, or nil after telling why (the exit status is then 2).
    static func open(
        _ path: String, kinds: Set<DialogRequest.Kind>, command: String, context: CommandContext
    ) -> (DialogRequest, DialogChannel)? {
        let request: DialogRequest
        do { request = try DialogRequest(contentsOf: path) } catch {
            context.output.error(error.description)
            return nil
        }
        let channel: DialogChannel
        do { channel = try DialogChannel.connect(to: request.answerSocket) } catch {
            context.output.error(error.description)
            return nil
        }
        guard kinds.contains(request.kind) else {
            context.output.error("\(path): a \(request.kind.rawValue) request is not for assoc \(command)")
            try? channel.send(DialogAnswer(response: .other))
            return nil
        }
        return (request, channel)
    }

    /// Runs `screen` until it answers, is cancelled, or the service closes the dialog; answers on
    /// `channel` (a cancel as response 1), except after a close, when the dialog ends without a word.
    /// `update` applies an `update_choices` line; `answering` turns the screen's answer into the
    /// dialog's (doing what it asks first, such as setting a default), or says why it cannot.
    static func run<S: Screen>(
        _ screen: inout S, channel: DialogChannel, context: CommandContext,
        update: (inout S, [String]) -> Void = { _, _ in },
        answering: (S.Answer) -> DialogAnswer?
    ) -> ExitStatus {
        var closed = false
        let chosen: S.Answer?
        do {
            chosen = try ScreenRunner.run(
                &screen, term: context.environment.variables["TERM"] ?? "", colors: ScreenColors.allowed(context.environment),
                watching: channel.fileDescriptor
            ) { screen in
                do {
                    for message in try channel.receive() {
                        switch message {
                        case .close:
                            closed = true
                            return .cancel
                        case .updateChoices(let applications): update(&screen, applications)
                        }
                    }
                } catch {
                    context.output.error(error)
                    closed = true
                    return .cancel
                }
                // The service is gone: there is no one to answer.
                if channel.serviceClosed {
                    closed = true
                    return .cancel
                }
                return .stay
            }
        } catch {
            context.output.error(error)
            try? channel.send(DialogAnswer(response: .other))
            return .failure
        }
        if closed { return .notFound }
        let answer = chosen.map(answering)
        do { try channel.send(answer.map { $0 ?? DialogAnswer(response: .other) } ?? .cancelled) } catch {
            context.output.error(error.description)
            return .failure
        }
        switch answer {
        case nil: return .notFound
        case .some(nil): return .failure
        case .some(.some): return .success
        }
    }
}
