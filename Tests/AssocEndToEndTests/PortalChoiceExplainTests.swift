import AssocTestSupport
import Foundation
import Testing

/// xdg-desktop-portal's permission store, the real one.
let permissionStoreProgram = "/usr/libexec/xdg-permission-store"

/// `assoc explain TYPE` and xdg-desktop-portal's memory of "Open with" choices, on a private
/// session bus with the real permission store.
@Suite(
    "assoc explain and the portal's permission store",
    .enabled(
        if: hasSystemDatabase && Corpus.program("dbus-daemon") != nil && Corpus.program("gdbus") != nil
            && FileManager.default.isExecutableFile(atPath: permissionStoreProgram),
        "dbus-daemon, gdbus or /usr/libexec/xdg-permission-store is absent"))
struct PortalChoiceExplainTests {
    /// Runs `body` (shell lines) on a private session bus whose permission store keeps its tables in the tree.
    ///
    /// The script starts the bus itself (`dbus-daemon --fork`) and the store, each without the
    /// descriptors the script inherited (Foundation's `Process` counts its child as running while
    /// any of them is open) and with its output on /dev/null; both are killed on every exit (they
    /// inherit a signal mask that blocks SIGTERM).
    func onPrivateBus(_ tree: TemporaryXDGTree, _ body: String) throws -> ProcessResult {
        let gdbus = try #require(Corpus.program("gdbus"))
        let daemon = try #require(Corpus.program("dbus-daemon"))
        let script = try tree.write(
            "bus.sh",
            """
            detached() {
                for descriptor in /proc/$BASHPID/fd/*; do
                    number=${descriptor##*/}
                    [ "$number" -gt 2 ] && eval "exec $number>&-"
                done
                exec "$@"
            }
            bus=$(detached \(daemon) --session --fork --print-address=1 --print-pid=1 </dev/null 2>/dev/null) || exit 96
            DBUS_SESSION_BUS_ADDRESS=$(echo "$bus" | sed -n 1p); export DBUS_SESSION_BUS_ADDRESS
            bus_pid=$(echo "$bus" | sed -n 2p)
            (detached \(permissionStoreProgram) --replace </dev/null >/dev/null 2>&1) & store=$!
            trap 'kill -KILL $store $bus_pid 2>/dev/null' EXIT
            \(gdbus) wait --session --timeout 10 org.freedesktop.impl.portal.PermissionStore || exit 97
            \(body)
            """)
        var environment = systemDatabaseEnvironment(tree)
        environment["PATH"] = "/usr/bin:/bin"
        return try ProcessRunner.run("/bin/bash", [script], environment: environment, timeout: 30)
    }

    func setPermission(_ type: String, _ requester: String, _ values: [String]) -> String {
        let list = "[" + values.map { "'\($0)'" }.joined(separator: ", ") + "]"
        return """
            gdbus call --session --dest org.freedesktop.impl.portal.PermissionStore \
            --object-path /org/freedesktop/impl/portal/PermissionStore \
            --method org.freedesktop.impl.portal.PermissionStore.SetPermission \
            desktop-used-apps true \(type) '\(requester)' "\(list)" >/dev/null || exit 98
            """
    }

    @Test("an entry set through the store's SetPermission is told: the application, the count, whether OpenURI still asks")
    func entryIsTold() throws {
        let tree = try TemporaryXDGTree()
        let assoc = ProcessRunner.assocExecutable
        let result = try onPrivateBus(
            tree,
            """
            \(setPermission("application/pdf", "", ["org.gnome.Evince", "3", "3"]))
            \(setPermission("application/pdf", "org.example.Mail", ["viewer", "1", "3"]))
            \(assoc) explain application/pdf
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let start = try #require(
            lines.firstIndex {
                $0
                    == "portal: xdg-desktop-portal's permission store remembers choices for application/pdf (table desktop-used-apps):"
            }, "\(result.standardOutput)")
        let told = Set(lines[(start + 1)...].prefix(2))
        #expect(
            told == [
                "  for applications outside a sandbox: org.gnome.Evince.desktop, chosen 3 times in a row; at 3 or more OpenURI opens it without asking",
                "  for org.example.Mail: viewer.desktop, chosen once; OpenURI asks until it is chosen 3 times in a row",
            ], "\(result.standardOutput)")
        // The store wrote its table in the test's own data directory, not the user's.
        #expect(FileManager.default.fileExists(atPath: tree.path("data/flatpak/db/desktop-used-apps")))
    }

    @Test("a type without an entry, and a run without a session bus, say nothing of the portal")
    func nothingToTell() throws {
        let tree = try TemporaryXDGTree()
        let result = try onPrivateBus(tree, "\(ProcessRunner.assocExecutable) explain text/plain")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("resolution of text/plain") && !result.standardOutput.contains("portal:"))
        let noBus = try ProcessRunner.assoc(["explain", "application/pdf"], environment: systemDatabaseEnvironment(tree))
        #expect(noBus.status == 0 && !noBus.standardOutput.contains("portal:"))
    }
}
