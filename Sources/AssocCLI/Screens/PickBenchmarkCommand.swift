import DocumentProvider
import TerminalUI
import XDGSupport

/// `assoc __pick-benchmark [--type T]... [--keys N] [--press KEYS] DIR` (hidden): the picker's
/// work without a terminal, timed: the listing and the first screen of DIR, then N key presses (↓,
/// and a search typed and cleared), each handled and drawn as lines, then each character of KEYS
/// once (the keys that touch many entries: sort, hide unavailable, flat view). Used by
/// Benchmarks/pick.sh. The rows are printed as `N+` when unavailable documents are hidden and
/// not every entry has been checked yet.
enum PickBenchmarkCommand {
    static let definition = CommandDefinition(
        name: "__pick-benchmark", summary: "time the picker's first screen and its key presses on DIR",
        forms: ["[--type T]... [--keys N] [--press KEYS] DIR"],
        description: "Prints the milliseconds of the first screen and the median and largest of the key presses.",
        options: [
            .value("--type", "T", completion: .typePattern, repeatable: true, "a filter, as for assoc pick"),
            .value("--keys", "N", "how many key presses to time (default 200)"),
            .value("--press", "KEYS", "characters pressed once each after those, each timed (s sorts, a hides, f flattens)"),
        ],
        operands: [OperandDefinition(name: "DIR", completion: .directory)],
        hidden: true)

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.count == 1 else { throw UsageError("expected one DIR", subcommand: "__pick-benchmark") }
        let count = arguments.value("--keys").flatMap(Int.init) ?? 200
        let started = MonotonicClock.seconds
        let filters = try arguments.all("--type").map { try ListCommand.typeFilter([$0], context: context, subcommand: "pick") }
        let source = PickerWorld.source(filters: filters, context: context)
        var model: PickerModel
        do {
            model = try PickerModel(
                configuration: PickerConfiguration(filterNames: arguments.all("--type")), source: source,
                directory: FileURI.absolute(arguments.operands[0], in: context.process.workingDirectory))
        } catch {
            context.output.error(error.description)
            return .failure
        }
        _ = model.handle(.resize(lines: 30, columns: 100))
        var drawn = model.render(lines: 30, columns: 100)
        let first = MonotonicClock.seconds - started
        let keys: [Key] = [.down, .down, .character("/"), .character("4"), .character("2"), .escape, .pageDown, .tab]
        var times: [Double] = []
        for index in 0..<count {
            let start = MonotonicClock.seconds
            _ = model.handle(keys[index % keys.count])
            drawn = model.render(lines: 30, columns: 100)
            times.append(MonotonicClock.seconds - start)
        }
        var pressed: [String] = []
        for character in arguments.value("--press") ?? "" {
            let start = MonotonicClock.seconds
            _ = model.handle(.character(character))
            drawn = model.render(lines: 30, columns: 100)
            pressed.append("\(character) \(milliseconds(MonotonicClock.seconds - start)) ms")
        }
        times.sort()
        let median = times.isEmpty ? 0 : times[times.count / 2]
        context.output.line(
            "rows \(model.rowCount)\(model.rowsAreComplete ? "" : "+")  examined \(model.examinedCount)  first screen \(milliseconds(first)) ms  key median \(milliseconds(median)) ms  "
                + "key max \(milliseconds(times.last ?? 0)) ms  (\(count) keys, \(drawn.count) lines)"
                + (pressed.isEmpty ? "" : "  then " + pressed.joined(separator: ", ")))
        return .success
    }

    private static func milliseconds(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
