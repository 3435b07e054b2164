/// An option a subcommand accepts.
struct OptionSpec: Sendable {
    /// The long name with dashes, such as `--json`.
    var long: String
    /// The short name with its dash, such as `-b`, if any.
    var short: String?
    /// Whether the option takes a value (`--type T` or `--type=T`).
    var takesValue: Bool = false
}

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

    /// Sorts `words` by `specs`; `--` ends the options and `-` alone is an operand.
    init(_ words: [String], specs: [OptionSpec], subcommand: String) throws(UsageError) {
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
                    throw UsageError("unknown option '\(name)'", subcommand: subcommand)
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

    /// Whether the flag with this long name was given.
    func has(_ long: String) -> Bool { flags.contains(long) }

    /// The last value of an option, if given.
    func value(_ long: String) -> String? { values[long]?.last }

    /// Every value of a repeatable option, in order.
    func all(_ long: String) -> [String] { values[long] ?? [] }

    private mutating func take(_ spec: OptionSpec, inline: String?, words: [String], index: inout Int,
                               subcommand: String) throws(UsageError) {
        guard spec.takesValue else {
            if inline != nil { throw UsageError("option '\(spec.long)' takes no value", subcommand: subcommand) }
            flags.insert(spec.long)
            return
        }
        if let inline {
            values[spec.long, default: []].append(inline)
        } else if index < words.count {
            values[spec.long, default: []].append(words[index])
            index += 1
        } else {
            throw UsageError("missing value for '\(spec.long)'", subcommand: subcommand)
        }
    }

    private static func split(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
