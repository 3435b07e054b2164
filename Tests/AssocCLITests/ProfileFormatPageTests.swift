import AssocTestSupport
import Associations
import Foundation
import Testing

@testable import AssocCLI

/// assoc-profile(5): generated beside the command pages, from the tables the reader uses.
@Suite("the profile format's man page")
struct ProfileFormatPageTests {
    @Test("--generate-manual writes assoc-profile.5, and the checked-in page is it")
    func generated() throws {
        let files = Generation.files(.manual)
        let page = try #require(files.first { $0.name == "assoc-profile.5" })
        #expect(page.text.contains(".TH ASSOC\\-PROFILE 5 "))
        let checkedIn = try String(contentsOfFile: Corpus.packageRoot + "/man/assoc-profile.5", encoding: .utf8)
        #expect(checkedIn == page.text)
    }

    @Test("it lists every group and role of the tables")
    func tables() throws {
        let text = ManPageRenderer.page(for: ProfileFormatPage.page)
        for group in ProfileGroup.all { #expect(text.contains(".B [\(group.name)]"), "\(group.name)") }
        for role in ProfileRole.allCases {
            #expect(text.contains(".B \(ManPageRenderer.escape(role.rawValue))\n"), "\(role.rawValue)")
        }
    }

    @Test("man renders it without a warning", .enabled(if: Corpus.program("man") != nil))
    func renders() throws {
        let result = try ProcessRunner.run(
            try #require(Corpus.program("man")),
            ["--warnings", "-E", "UTF-8", "-l", Corpus.packageRoot + "/man/assoc-profile.5"],
            environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "LC_ALL": "C.UTF-8"])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.standardOutput.contains("GROUPS OF ENTRIES"))
    }
}
