/// The words of a command line sorted into options and operands, without any I/O.
///
/// Stage one of two (ripgrep's low and high arguments): this only checks spelling against the
/// subcommand's options; each command then validates the values and builds what it runs.
struct ParsedArguments: Sendable {
    /// Flags that were given, by long name.
    private(set) var flags: Set<String> = []
    /// Values of options, by long name, in the order given.
    private(set) var values: [String: [String]] = [:]
    /// Everything that is not an option, in order.
    private(set) var operands: [String] = []
    /// The long names of the options the command defines: a lookup of any other name is a
    /// programming error (a misspelt name would quietly answer false), and stops the program.
    private let defined: Set<String>

    /// Sorts `words` by the command's options; `--` ends the options (everything after it is an
    /// operand, `--help` too) and `-` alone is an operand. A value outside an option's choices
    /// is refused here.
    init(_ words: [String], options specs: [OptionDefinition], subcommand: String?) throws(UsageError) {
        defined = Set(specs.map(\.long))
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                operands.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word.hasPrefix("--") {
                let (name, inline) = Self.split(word)
                guard let spec = specs.first(where: { $0.long == name }) else {
                    throw UsageError(
                        "unknown option '\(name)'" + Suggestions.didYouMean(name, in: specs.map(\.long)),
                        subcommand: subcommand)
                }
                try take(spec, inline: inline, words: words, index: &index, subcommand: subcommand)
                continue
            }
            // One or more short options: -b, -br, -t VALUE.
            var letters = Array(word.dropFirst())
            while !letters.isEmpty {
                let short = "-" + String(letters.removeFirst())
                guard let spec = specs.first(where: { $0.short == short }) else {
                    throw UsageError("unknown option '\(short)'", subcommand: subcommand)
                }
                if spec.takesValue {
                    let inline = letters.isEmpty ? nil : String(letters)
                    letters = []
                    try take(spec, inline: inline, words: words, index: &index, subcommand: subcommand)
                } else {
                    flags.insert(spec.long)
                }
            }
        }
    }

    /// Whether the flag with this long name was given; the name must be one the command defines.
    func has(_ long: String) -> Bool { flags.contains(checked(long)) }

    /// The last value of an option, if given; the name must be one the command defines.
    func value(_ long: String) -> String? { values[checked(long)]?.last }

    /// Every value of a repeatable option, in order; the name must be one the command defines.
    /// An option of two words (`--root-xml NS LOCAL`) gives both words of each use, in order.
    func all(_ long: String) -> [String] { values[checked(long)] ?? [] }

    /// Every value of the option, in order, looked up by its definition.
    func all(_ option: OptionDefinition) -> [String] { values[option.long] ?? [] }

    /// `long`, when the command defines it; otherwise the program stops, naming it.
    private func checked(_ long: String) -> String {
        precondition(defined.contains(long), "'\(long)' is looked up but not defined for this command")
        return long
    }

    /// Whether the flag was given: looked up by its definition, so a misspelt name cannot
    /// quietly answer false.
    func has(_ option: OptionDefinition) -> Bool { flags.contains(option.long) }

    /// The last value of the option, if given, looked up by its definition.
    func value(_ option: OptionDefinition) -> String? { values[option.long]?.last }

    private mutating func take(
        _ spec: OptionDefinition, inline: String?, words: [String], index: inout Int,
        subcommand: String?
    ) throws(UsageError) {
        guard spec.takesValue else {
            if inline != nil { throw UsageError("option '\(spec.long)' takes no value", subcommand: subcommand) }
            flags.insert(spec.long)
            return
        }
        let value: String
        if let inline {
            value = inline
        } else if index < words.count {
            value = words[index]
            index += 1
        } else {
            throw UsageError("missing value for '\(spec.long)'", subcommand: subcommand)
        }
        if !spec.choices.isEmpty && !spec.choices.contains(value) {
            throw UsageError(
                "'\(spec.long)' takes \(Self.list(spec.choices)), not '\(value)'"
                    + Suggestions.didYouMean(value, in: spec.choices), subcommand: subcommand)
        }
        values[spec.long, default: []].append(value)
        for _ in 1..<max(spec.arity, 1) {
            guard index < words.count else {
                throw UsageError("'\(spec.long)' takes \(spec.valueName ?? "values"): a word is missing", subcommand: subcommand)
            }
            values[spec.long, default: []].append(words[index])
            index += 1
        }
    }

    /// "a, b or c".
    static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    private static func split(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
