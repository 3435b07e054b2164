import AssocTestSupport
import Associations
import MIMEDatabase
import Testing
import XDGSupport

/// `resolveDefault` walks the associations only as far as the default and scans the lists in
/// place: its answer must be exactly `resolve`'s, in every world and by every rule.
@Suite("the default alone is the full resolution's default", .enabled(if: hasSystemMIME))
struct DefaultOnlyTests {
    @Test("random worlds: every type, every mode, each resolver fresh so that nothing is read ahead")
    func randomWorlds() throws {
        var master = SplitMix.forTest("DefaultOnlyTests", seed: 0x6465_6661_756C_74)
        var compared = 0
        for index in 0..<60 {
            let seed = master.next()
            let world = try RandomWorld(seed: seed)
            let desktop = [nil, "GNOME", "KDE:GNOME"][index % 3]
            let environment = XDGEnvironment(world.variables(desktop: desktop))
            let database = MIMEDatabase(environment: environment, checking: .perRead)
            for type in RandomWorld.types {
                for mode in ResolutionMode.allCases {
                    let full = AssociationResolver(environment: environment, database: database).resolve(type, mode: mode)
                    let alone = AssociationResolver(environment: environment, database: database).resolveDefault(type, mode: mode)
                    #expect(
                        alone.application == full.defaultApplication && alone.type == full.type,
                        "seed \(seed), desktop \(desktop ?? "unset"), \(mode.rawValue) \(type): alone \(alone), full \(full.defaultApplication ?? "none")"
                    )
                    compared += 1
                }
            }
        }
        #expect(compared == 60 * RandomWorld.types.count * ResolutionMode.allCases.count)
    }
}
