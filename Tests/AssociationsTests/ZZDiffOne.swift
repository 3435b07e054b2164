import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

@Test func zzDiffOne() throws {
    guard let spec = ProcessInfo.processInfo.environment["ASSOC_DIFF_ONE"] else { return }
    let parts = spec.split(separator: " ")
    let world = try RandomWorld(seed: UInt64(parts[0])!)
    let environment = XDGEnvironment(world.variables(desktop: ""))
    let resolver = AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment))
    let type = String(parts[1])
    for mode in [ResolutionMode.spec, .gio] {
        let r = resolver.resolve(type, mode: mode)
        print("MODE \(mode) default \(r.defaultApplication ?? "none")")
        for s in r.steps where !s.text.hasPrefix("read ") { print("  " + s.text.replacingOccurrences(of: world.tree.root, with: "")) }
    }
    for d in ["config", "etc1", "etc2", "data/applications", "sys1/applications", "sys2/applications"] {
        for f in ["mimeapps.list", "defaults.list", "mimeinfo.cache"] {
            if let t = try? String(contentsOfFile: world.tree.path(d + "/" + f), encoding: .utf8) { print("FILE \(d)/\(f): \(t.debugDescription)") }
        }
    }
}
