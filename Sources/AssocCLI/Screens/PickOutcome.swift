import DocumentProvider
import TerminalUI
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What `assoc pick` does with the picker's answer: prints the chosen paths, or first copies or
/// moves the documents with `DocumentProvider`'s transfer and prints where they went.
struct PickOutcome {
    let arguments: ParsedArguments
    let context: CommandContext

    func deliver(_ answer: PickerAnswer, mode: PickerMode) throws -> ExitStatus {
        switch answer {
        case .documents(let entries):
            let documents = entries.map { $0.document.isDirectory ? folder($0.document.path) : $0.document }
            guard mode == .import, let destination = arguments.value("--to") else {
                for document in documents { emit(document) }
                return .success
            }
            return place(documents.map(\.path), into: destination, mode: .copy, clashes: [:])
        case .destination(let directory, let clashes):
            return place(arguments.operands, into: directory, mode: mode == .move ? .move : .copy, clashes: clashes)
        case .markUp(let entries):
            var options = OpenCommand.Options()
            options.role = .markup
            return try OpenCommand.open(entries.map(\.document.path), options, context: context)
        case .save(let path, _):
            emit(
                Document(
                    path: path, type: context.detector.detect(name: path).type, isDirectory: false, size: nil,
                    modifiedSeconds: 0, location: DocumentLocation.of(path: DocumentTransfer.directoryName(path)) ?? .local,
                    available: true))
            return .success
        }
    }

    /// Transfers `sources` into `directory`: a clash answered "replace" replaces, "skip" leaves the
    /// document, anything else keeps both (a numbered name). Prints each placed document.
    private func place(
        _ sources: [String], into directory: String, mode: TransferSession.Mode,
        clashes: [String: ClashAnswer]
    ) -> ExitStatus {
        var keeping = TransferSession(DocumentTransfer(options: .init(replace: false)), mode: mode, into: directory)
        var replacing = TransferSession(DocumentTransfer(options: .init(replace: true)), mode: mode, into: directory)
        var status = ExitStatus.success
        for source in sources {
            let answer = clashes[source]
            if answer == .skip {
                context.output.warning("'\(source)' skipped: its name is taken in '\(directory)'")
                continue
            }
            do {
                let result = answer == .replace ? try replacing.transfer(source) : try keeping.transfer(source)
                emit(placed(result.destination))
            } catch {
                context.output.error(error.description)
                status = .failure
            }
        }
        return status
    }

    /// Prints one answer: its path, NUL-terminated with -0, or its JSON object.
    private func emit(_ document: Document) {
        if arguments.has("--json") {
            context.output.line(DocumentPrinter(output: context.output).json(document).rendered)
        } else {
            context.output.untrustedLine(document.path, terminator: arguments.has("--null") ? 0 : 0x0A)
        }
    }

    /// The document now at `path`, as the lister sees it.
    private func placed(_ path: String) -> Document {
        let lister = DocumentLister(
            detector: context.detector, filter: TypeFilter(takingEverything: context.database),
            thumbnails: ThumbnailLocator(environment: context.environment),
            workingDirectory: context.process.workingDirectory)
        return lister.list([path]).documents.first
            ?? Document(
                path: path, type: "application/octet-stream", isDirectory: false, size: nil, modifiedSeconds: 0,
                location: .local, available: true)
    }

    /// A chosen folder with its own time and location.
    private func folder(_ path: String) -> Document {
        var info = stat()
        let modified = stat(PathCoding.cString(path), &info) == 0 ? Int64(info.st_mtim.tv_sec) : 0
        return Document(
            path: path, type: "inode/directory", isDirectory: true, size: nil, modifiedSeconds: modified,
            location: DocumentLocation.of(path: path) ?? .local, available: true)
    }
}
