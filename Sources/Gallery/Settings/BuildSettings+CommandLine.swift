/// A command line's build options that Cascade cannot act on: one line saying
/// what is wrong, with the option probably meant for an unknown one.
public struct OptionProblem: Error, Equatable, Sendable {
    public var message: String
    public var suggestion: String?

    public init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }
}

extension BuildSettings {
    /// The build options of `command` (`build` or `serve`) read from
    /// `arguments`, and the words that are not options (the album).
    ///
    /// Accepts `--name value`, `--name=value`, `-n value`, `--no-name` and
    /// `--` to end options. A value given twice, a switch given a value, a
    /// switch and its `--no-` form together, or an unknown option is an
    /// ``OptionProblem`` naming it (an unknown one with the nearest of the
    /// table's spellings and `otherNames`, the command's own options).
    public static func parse(commandLine arguments: [String], command: String,
                             otherNames: [String] = []) throws(OptionProblem) -> (settings: BuildSettings, words: [String]) {
        let options = BuildOption.taken(by: command)
        var settings = BuildSettings(), words: [String] = [], given: Set<String> = []
        var index = 0, optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                words.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = equals.map { String(argument[..<$0]) } ?? argument
            let inline = equals.map { String(argument[argument.index(after: $0)...]) }
            guard let option = options.first(where: { $0.spellings.contains(name) }) else {
                let known = options.flatMap(\.spellings) + otherNames + ["--help", "-h"]
                throw OptionProblem("unknown option '\(name)' for \(command)", suggestion: Suggestion.closest(to: name, among: known))
            }
            if option.kind == .toggle {
                guard inline == nil else { throw OptionProblem("\(name) takes no value") }
                let on = name != option.negation
                if settings.value(option.key) == !on {
                    throw OptionProblem("\(option.flag) and \(option.negation) contradict each other; choose one")
                }
                settings.values[option.key] = on
                continue
            }
            guard given.insert(option.key).inserted else { throw OptionProblem("\(option.flag) given twice") }
            let text: String
            if name == option.negation {
                // `--no-zip`: a value's off spelling, for what cascade.json turns on.
                guard inline == nil else { throw OptionProblem("\(name) takes no value") }
                text = "false"
            } else if let inline {
                text = inline
            } else if index < arguments.count, canBeValue(arguments[index]) {
                text = arguments[index]
                index += 1
            } else {
                throw OptionProblem("\(option.flag) needs \(option.expected)")
            }
            guard !text.isEmpty else { throw OptionProblem("\(option.flag) needs \(option.expected)") }
            switch option.fromText(text) {
            case .value(let value): settings.values[option.key] = value
            case .problem(let problem): throw OptionProblem("\(option.flag) \(problem)")
            }
        }
        for option in options {
            if let excluded = option.excludes, excluded > option.key, settings.value(option.key) == true,
               settings.value(excluded) == true, let other = BuildOption.named(excluded) {
                throw OptionProblem("\(option.flag) and \(other.flag) contradict each other; choose one")
            }
        }
        return (settings, words)
    }

    /// `serve --port`'s value, 0…65535 (0: any free port).
    public static func port(_ text: String) throws(OptionProblem) -> Int {
        guard let number = Int(text), portRange.contains(number) else {
            throw OptionProblem("--port needs a number from 0 to 65535, not '\(text)'")
        }
        return number
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
