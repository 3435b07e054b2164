internal import CNcurses

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension ScreenRunner {
    /// Shows `screen` as `run` does, and also watches `descriptor` (a socket the screen listens
    /// to): when it has input, `whenReady` takes it and may change the screen or end it.
    ///
    /// The loop sleeps in `poll` on the terminal and `descriptor` together, so neither is missed
    /// and nothing spins; a signal (a resize) wakes it and the screen is drawn anew.
    ///
    /// - Returns: The answer, or nil when the person cancelled, the terminal hung up, or `whenReady`
    ///   ended the screen with `.cancel`.
    /// - Throws: `TerminalError` when the terminal cannot be used.
    public static func run<S: Screen>(
        _ screen: inout S, term: String, colors: Bool, watching descriptor: Int32,
        whenReady: (inout S) -> ScreenStep<S.Answer>
    ) throws(TerminalError) -> S.Answer? {
        let session = try TerminalSession(term: term, colors: colors)
        defer { session.close() }
        let graphics = session.start(&screen)
        var watched = descriptor
        while true {
            session.show(screen, graphics: graphics)
            var entries = [
                pollfd(fd: session.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watched, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, nfds_t(watched >= 0 ? 2 : 1), -1)
            if watched >= 0 && entries[1].revents != 0 {
                switch whenReady(&screen) {
                case .stay: break
                case .finish(let answer): return answer
                case .cancel: return nil
                }
                // A descriptor that stays ready after its input is taken (an end of file) is not watched again.
                if entries[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { watched = -1 }
            }
            // The terminal hung up (its window closed): nobody is left to answer.
            if ready > 0 && entries[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return nil }
            // Read a key only when one is there; after a signal, ask without waiting, for a resize.
            guard ready < 0 || entries[0].revents != 0, let key = readKey(session, waiting: ready > 0) else { continue }
            switch screen.handle(key) {
            case .stay: continue
            case .finish(let answer): return answer
            case .cancel: return nil
            }
        }
    }

    private static func readKey(_ session: TerminalSession, waiting: Bool) -> Key? {
        if waiting { return session.readKey() }
        wtimeout(cncurses_screen(), 0)
        defer { wtimeout(cncurses_screen(), -1) }
        return session.readKey()
    }
}
