import AssocTestSupport
import Foundation
import Testing

/// Fuzz/build.sh takes the module graph from Package.swift, through `swift package dump-package`
/// read by Fuzz/module-graph.awk; this reads a manifest's JSON in the form SwiftPM prints it.
@Suite("The fuzz build's module graph")
struct FuzzBuildTests {
    /// Part of a `swift package dump-package` answer, as SwiftPM prints it: one value a line.
    static let manifest = """
        {
          "name" : "example",
          "products" : [
            {
              "name" : "Lib",
              "targets" : [
                "Lib"
              ],
              "type" : {
                "library" : [
                  "automatic"
                ]
              }
            }
          ],
          "targets" : [
            {
              "dependencies" : [

              ],
              "exclude" : [

              ],
              "name" : "CXML",
              "path" : null,
              "pkgConfig" : "libxml-2.0",
              "providers" : [
                {
                  "apt" : [
                    [
                      "libxml2-dev"
                    ]
                  ]
                }
              ],
              "settings" : [

              ],
              "type" : "system"
            },
            {
              "dependencies" : [
                {
                  "byName" : [
                    "CXML",
                    null
                  ]
                },
                {
                  "target" : [
                    "Base",
                    {
                      "platformNames" : [
                        "linux"
                      ]
                    }
                  ]
                },
                {
                  "product" : [
                    "Other",
                    "other-package",
                    null,
                    null
                  ]
                }
              ],
              "exclude" : [

              ],
              "name" : "Lib",
              "path" : "Sources/Library",
              "settings" : [

              ],
              "type" : "regular"
            },
            {
              "dependencies" : [

              ],
              "exclude" : [
                "Old.swift"
              ],
              "name" : "Base",
              "settings" : [
                {
                  "kind" : {
                    "define" : {
                      "_0" : "DEBUG"
                    }
                  },
                  "tool" : "swift"
                }
              ],
              "type" : "regular"
            }
          ]
        }

        """

    @Test("each target's type, path, pkg-config name and the targets it depends on", .enabled(if: Corpus.program("awk") != nil))
    func graph() throws {
        let awk = try #require(Corpus.program("awk"))
        let result = try ProcessRunner.run(
            awk, ["-f", Corpus.packageRoot + "/Fuzz/module-graph.awk"], environment: [:], input: Array(Self.manifest.utf8),
            timeout: 30)
        #expect(result.status == 0, "\(result.standardError)")
        // A product of another package is not a target of this one; exclusions and settings are
        // what the fuzz build does not follow, so they are flagged.
        #expect(
            result.standardOutput
                == "CXML system - libxml-2.0 plain\nLib regular Sources/Library - plain CXML Base\nBase regular - - custom\n")
    }

    @Test("what is not a manifest is refused", .enabled(if: Corpus.program("awk") != nil))
    func notAManifest() throws {
        let awk = try #require(Corpus.program("awk"))
        let result = try ProcessRunner.run(
            awk, ["-f", Corpus.packageRoot + "/Fuzz/module-graph.awk"], environment: [:],
            input: Array("error: no manifest\n".utf8),
            timeout: 30)
        #expect(result.status != 0 && result.standardError.contains("no targets read"))
    }
}
