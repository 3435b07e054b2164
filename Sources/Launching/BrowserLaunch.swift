import XDGSupport

extension BrowserVariable {
    /// The name plans from `$BROWSER` carry in place of a desktop file ID.
    public static let planName = "$BROWSER"

    /// One launch plan per alternative for `url`, in the order to try them: each argument vector
    /// executed directly, never through a shell.
    public func launchPlans(for url: String) -> [LaunchPlan] {
        commands(for: url).map { argv in
            LaunchPlan(app: Self.planName, argv: argv, targets: [.url(url)], workingDirectory: nil, terminal: false)
        }
    }
}
