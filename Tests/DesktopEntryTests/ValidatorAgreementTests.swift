import AssocTestSupport
import DesktopEntry
import Foundation
import Testing
import XDGSupport

let desktopFileValidate = Corpus.program("desktop-file-validate")

/// One `error:` line of `desktop-file-validate`, sorted into a class by its wording, with the
/// diagnostic texts of ours that report the same problem (any one of them is enough).
struct ValidatorError: CustomStringConvertible {
    var path: String
    var line: String
    var `class`: String
    /// Each alternative is a list of fragments that must all appear in one diagnostic.
    var expected: [[String]]

    var description: String { "\(path): \(line)" }

    /// The texts between double quotes, in order.
    static func quoted(_ line: String) -> [String] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Classifies the message after `error: `; nil for a class this table does not know.
    init?(path: String, message: String) {
        self.path = path
        line = message
        let q = Self.quoted(message)
        func has(_ phrase: String) -> Bool { message.contains(phrase) }
        if has("but keys extending the format should start with"), let key = q.first {
            // The validator knows the keys of spec 1.4: a later key is unknown to it, and ours
            // reports it as newer than the Version the file declares.
            `class` = "unknown key"
            expected = [["key '\(key)' is not in the specification"], ["key '\(key)' is from version"]]
        } else if has("contains an unregistered value"), q.count >= 4, q[1] == "Categories" {
            `class` = "unregistered category"
            expected = [["category '\(q[3])' is not registered"]]
        } else if has("while this key is only valid for type"), q.count >= 3 {
            `class` = "key valid only for Type=Application"
            expected = [["key '\(q[0])' is only valid for Type=Application, not Type=\(q[2])"]]
        } else if has("but groups extending the format should start with"), let group = q.first {
            `class` = "group not starting with X-"
            expected = [["group [\(group)] is not in the specification"]]
        } else if has("is an icon name with an extension"), let icon = q.first {
            `class` = "icon name with extension"
            expected = [["icon '\(icon)' is a name with an extension"]]
        } else if has("is not a registered type value"), let type = q.first {
            `class` = "unknown Type"
            expected = [["'Type=\(type)' is not Application, Link or Directory"]]
        } else if has("for boolean key"), q.count >= 2 {
            `class` = "invalid boolean"
            expected = [["'\(q[1])=\(q[0])' is not a boolean"]]
        } else if has("file contains multiple keys named"), q.count >= 2 {
            `class` = "repeated key"
            expected = [["key '\(q[0])' appears again in [\(q[1])]"]]
        } else if has("only one of"), q.count >= 2 {
            `class` = "both OnlyShowIn and NotShowIn"
            expected = [[q[0], q[1]]]
        } else {
            return nil
        }
    }

    /// Whether one of `diagnostics` reports this error.
    func isReported(by diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { diagnostic in
            expected.contains { fragments in fragments.allSatisfy { diagnostic.message.contains($0) } }
        }
    }
}

/// Runs `desktop-file-validate` on `paths` at once and returns its error lines, by file.
func validatorErrors(_ paths: [String]) throws -> [String: [String]] {
    let tool = try #require(desktopFileValidate)
    let result = try ProcessRunner.run(tool, paths, environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
    var errors: [String: [String]] = [:]
    for line in (result.standardOutput + "\n" + result.standardError).split(separator: "\n") {
        guard let marker = line.range(of: ": error: ") else { continue }
        errors[String(line[..<marker.lowerBound]), default: []].append(String(line[marker.upperBound...]))
    }
    return errors
}

/// Checks that every error of the validator for `path` is one of ours too, and that the entry
/// still loads. Returns the classes seen.
@discardableResult
func expectSameErrors(path: String, errors: [String]) -> Set<String> {
    var diagnostics: [Diagnostic] = []
    do {
        _ = try DesktopEntry.load(path: path, id: (path as NSString).lastPathComponent, diagnostics: &diagnostics)
    } catch {
        Issue.record("\(path) has only validator errors but does not load: \(error)")
        return []
    }
    var classes: Set<String> = []
    for message in errors {
        guard let error = ValidatorError(path: path, message: message) else {
            Issue.record("an error class of desktop-file-validate without a counterpart in the table: \(path): \(message)")
            continue
        }
        classes.insert(error.class)
        #expect(
            error.isReported(by: diagnostics),
            "\(error)\nours: \(diagnostics.map(\.message).joined(separator: "\n      "))")
    }
    return classes
}

@Suite("agreement with desktop-file-validate", .enabled(if: desktopFileValidate != nil))
struct ValidatorAgreementTests {
    @Test(
        "a file with a validator error in each class still loads and has a diagnostic of that class",
        arguments: [
            ("unknown key", "Type=Application\nName=A\nExec=a\nFooBar=1\n", "case.desktop"),
            (
                "key from a newer spec version than declared",
                "Version=1.0\nType=Application\nName=A\nExec=a\nSingleMainWindow=true\n", "case.desktop"
            ),
            ("unregistered category", "Type=Application\nName=A\nExec=a\nCategories=Utility;Bogus;\n", "case.desktop"),
            (
                "key valid only for Type=Application",
                "Type=Link\nName=A\nURL=https://example.org/\nExec=a\nMimeType=text/plain;\n", "case.desktop"
            ),
            // The validator wants Type=Directory in a .directory file; that is a class of its own.
            ("key valid only for Type=Application", "Type=Directory\nName=A\nCategories=Utility;\n", "case.directory"),
            ("group not starting with X-", "Type=Application\nName=A\nExec=a\n[Shortcut Group]\nk=v\n", "case.desktop"),
            ("icon name with extension", "Type=Application\nName=A\nExec=a\nIcon=foo.png\n", "case.desktop"),
            ("icon name with extension", "Type=Application\nName=A\nExec=a\nIcon=foo.svg\n", "case.desktop"),
            ("unknown Type", "Type=Service\nName=A\nExec=a\n", "case.desktop"),
            ("invalid boolean", "Type=Application\nName=A\nExec=a\nTerminal=yes\n", "case.desktop"),
            ("repeated key", "Type=Application\nName=A\nExec=a\nName=B\n", "case.desktop"),
            (
                "both OnlyShowIn and NotShowIn", "Type=Application\nName=A\nExec=a\nOnlyShowIn=GNOME;\nNotShowIn=KDE;\n",
                "case.desktop"
            ),
        ] as [(String, String, String)])
    func syntheticClasses(name: String, body: String, file: String) throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.write(file, "[Desktop Entry]\n" + body)
        let errors = try validatorErrors([path])[path] ?? []
        #expect(!errors.isEmpty, "desktop-file-validate finds nothing wrong with the \(name) case")
        expectSameErrors(path: path, errors: errors)
    }

    @Test(
        "every validator error on a corpus file has a diagnostic of the same class, and the file loads",
        .enabled(if: CorpusEntries.isPresent))
    func corpus() throws {
        let files = CorpusEntries.all().map(\.path)
        #expect(files.count >= 370)
        let errors = try validatorErrors(files)
        #expect(!errors.isEmpty, "desktop-file-validate reports no error in the whole corpus")
        #expect(Set(errors.keys).isSubset(of: Set(files)), "validator output not parsed by file")
        var classes: Set<String> = []
        for (path, messages) in errors.sorted(by: { $0.key < $1.key }) {
            classes.formUnion(expectSameErrors(path: path, errors: messages))
        }
        // The corpus exercises these classes; if it stops doing so the table above is untested.
        #expect(
            classes.isSuperset(of: [
                "unknown key", "unregistered category", "key valid only for Type=Application",
                "group not starting with X-", "icon name with extension", "unknown Type",
            ]))
    }
}
