import AssocTestSupport
import DocumentProvider
import Foundation
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The only copy of a document survives every transfer, whatever names lead to it.
@Suite("transfers never replace a file with itself")
struct TransferSafetyTests {
    let precious = Array("PRECIOUS\n".utf8)

    /// `d/r.txt` holding the only copy, and the tree around it.
    func world() throws -> (tree: TemporaryXDGTree, file: String) {
        let tree = try TemporaryXDGTree()
        let file = try tree.write("d/r.txt", bytes: precious)
        try tree.makeDirectory("s")
        return (tree, file)
    }

    @Test(
        "a move through a symbolic link to the file in the destination is refused, with and without --replace",
        arguments: [true, false])
    func moveThroughLink(replace: Bool) throws {
        let (tree, file) = try world()
        defer { withExtendedLifetime(tree) {} }
        let link = tree.path("s/r.txt")
        #expect(symlink("../d/r.txt", link) == 0)
        #expect(throws: TransferError.sameFile(source: link, destination: file)) {
            try DocumentTransfer(options: .init(replace: replace)).move(link, into: tree.path("d"))
        }
        #expect(contents(file) == precious)
        #expect(FileBytes.isSymbolicLink(link) && contents(link) == precious)
        #expect(entries(tree.path("d")) == ["r.txt"])
    }

    @Test("a move of a hard link into the directory of its other name is refused; both names stay")
    func moveHardLink() throws {
        let (tree, file) = try world()
        defer { withExtendedLifetime(tree) {} }
        let second = tree.path("s/r.txt")
        #expect(link(file, second) == 0)
        #expect(throws: TransferError.sameFile(source: second, destination: file)) {
            try DocumentTransfer(options: .init(replace: true)).move(second, into: tree.path("d"))
        }
        #expect(contents(file) == precious && contents(second) == precious)
    }

    @Test("a copy over itself is refused when the destination is the source's folder reached through a link")
    func copyIntoLinkedFolder() throws {
        let (tree, file) = try world()
        defer { withExtendedLifetime(tree) {} }
        #expect(symlink(tree.path("d"), tree.path("linked")) == 0)
        #expect(throws: TransferError.sameFile(source: file, destination: tree.path("linked/r.txt"))) {
            try DocumentTransfer(options: .init(replace: true)).copy(file, into: tree.path("linked"))
        }
        let moved = try DocumentTransfer(options: .init(replace: true)).move(file, into: tree.path("linked"))
        #expect(moved.method == .none)
        #expect(contents(file) == precious && entries(tree.path("d")) == ["r.txt"])
    }

    @Test("two operands that name one file: the second is refused, not copied again", arguments: [true, false])
    func operandNamedTwice(replace: Bool) throws {
        let (tree, file) = try world()
        defer { withExtendedLifetime(tree) {} }
        #expect(symlink(tree.path("d"), tree.path("linked")) == 0)
        let out = try tree.makeDirectory("out")
        var session = TransferSession(DocumentTransfer(options: .init(replace: replace)), mode: .copy, into: out)
        #expect(try session.transfer(file).destination == out + "/r.txt")
        #expect(throws: TransferError.namedTwice(path: tree.path("linked/r.txt"), earlier: file)) {
            try session.transfer(tree.path("linked/r.txt"))
        }
        #expect(entries(out) == ["r.txt"])
    }

    @Test(
        "with --replace, a document never replaces the one an earlier operand has just become",
        arguments: [
            TransferSession.Mode.move, .copy,
        ])
    func laterOperandKeepsEarlier(mode: TransferSession.Mode) throws {
        let (tree, file) = try world()
        defer { withExtendedLifetime(tree) {} }
        let other = try tree.write("s/r.txt", "other\n")
        let out = try tree.makeDirectory("out")
        try tree.write("out/r.txt", "old\n")
        var session = TransferSession(DocumentTransfer(options: .init(replace: true)), mode: mode, into: out)
        #expect(try session.transfer(file).replaced)
        #expect(throws: TransferError.wouldReplaceTransferred(source: other, destination: out + "/r.txt", earlier: file)) {
            try session.transfer(other)
        }
        #expect(contents(out + "/r.txt") == precious)
        #expect(contents(other) == Array("other\n".utf8))
    }

    @Test("assoc's own user.assoc.* attributes stay behind; other user.* attributes go", arguments: [false, true])
    func assocAttributesStay(move: Bool) throws {
        try #require(Corpus.temporaryDirectoryHasAttributes, "the temporary directory keeps no user.* attributes")
        let (tree, file) = try world()
        defer { withExtendedLifetime(tree) {} }
        try ExtendedAttributes.set("user.assoc.open-with", to: "evil.desktop", on: file)
        try ExtendedAttributes.set("user.assoc.other", to: "x", on: file)
        try ExtendedAttributes.set("user.xdg.origin.url", to: "https://example.org/r.txt", on: file)
        let out = try tree.makeDirectory("out")
        let transfer = DocumentTransfer()
        let result = move ? try transfer.move(file, into: out) : try transfer.copy(file, into: out)
        #expect(result.method == (move ? .rename : .copy))
        #expect(ExtendedAttributes.value("user.xdg.origin.url", of: result.destination) == "https://example.org/r.txt")
        #expect(ExtendedAttributes.names(path: result.destination).filter { $0.hasPrefix("user.assoc.") }.isEmpty)
        #expect(result.retainedAttributes.isEmpty && result.droppedAttributes.isEmpty)
        if !move { #expect(ExtendedAttributes.value("user.assoc.open-with", of: file) == "evil.desktop") }
    }
}
