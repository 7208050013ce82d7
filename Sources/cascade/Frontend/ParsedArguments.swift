import Gallery

/// One option a subcommand accepts.
struct OptionSpec: Sendable {
    /// Every spelling, long first: `["--output", "-o"]`. The first is the key.
    var names: [String]
    /// What the value is called in messages (`folder`, `number`), or nil for a flag.
    var valueName: String?

    static func flag(_ names: String...) -> OptionSpec { OptionSpec(names: names, valueName: nil) }
    static func value(_ names: String..., called valueName: String) -> OptionSpec {
        OptionSpec(names: names, valueName: valueName)
    }
}

/// A subcommand's arguments split into options and positionals. Pure: no I/O.
///
/// Accepts `--name value`, `--name=value`, `-n value`, and `--` to end options.
/// A value option given twice, a flag given a value, or an unknown option is a
/// `UsageError` naming it (an unknown one with the option it is closest to).
struct ParsedArguments: Equatable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    init(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = equals.map { String(argument[..<$0]) } ?? argument
            let inline = equals.map { String(argument[argument.index(after: $0)...]) }
            guard let spec = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names) + ["--help", "-h"]
                throw UsageError(message: "unknown option '\(name)' for \(command)",
                                 suggestion: Suggestion.closest(to: name, among: known))
            }
            let key = spec.names[0]
            guard let valueName = spec.valueName else {
                guard inline == nil else { throw UsageError(message: "\(key) takes no value") }
                flags.insert(key)
                continue
            }
            guard values[key] == nil else { throw UsageError(message: "\(key) given twice") }
            let value: String
            if let inline {
                value = inline
            } else if index < arguments.count, Self.canBeValue(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "\(key) needs a \(valueName)")
            }
            guard !value.isEmpty else { throw UsageError(message: "\(key) needs a \(valueName)") }
            values[key] = value
        }
    }

    /// Whether `argument` can be the value of the option before it: anything
    /// not shaped like an option, `-` (standard input or output), and a
    /// negative number, so `--jobs -3` is told the range it missed rather
    /// than that it has no value (no option name starts with a digit).
    private static func canBeValue(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return true }
        let rest = argument.utf8.dropFirst()
        return rest.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false
    }
}
