import Foundation

/// One option a build takes, declared once in ``BuildOption/all``: its
/// `cascade.json` key, its flag, what a valid value is, its help, where its
/// value goes in ``BuildOptions`` and whether it can change a byte of the
/// site. The command line, the `cascade.json` reader, the help and usage
/// text, the merge of file and flags and the no-change-rebuild key all
/// iterate the table, so an option cannot be forgotten by one of them.
public struct BuildOption: Sendable {
    /// Whether an option can change what a build writes.
    enum Reach: Sendable, Equatable {
        /// Its value is part of the no-change-rebuild key (``BuildSnapshot``).
        case output
        /// It changes how the build runs or reports (`--jobs`, `--quiet`),
        /// never a byte of the site, so it is left out of that key.
        case runOnly
    }

    /// Which commands take it.
    enum Commands: Sendable, Equatable {
        case buildAndServe
        /// How `cascade build` reports (`--quiet`, `--json`): `serve` prints its own way.
        case buildOnly
    }

    /// What a value is: a switch is on or off; a folder is resolved against
    /// the current folder (the command line's) or the album (the file's).
    enum Kind: Sendable, Equatable {
        case toggle, folder, value
    }

    /// The `cascade.json` key, camelCase (`photosPerPage`).
    public let key: String
    /// The long flag (`--photos-per-page`).
    public let flag: String
    /// The one-letter flag (`-o`), if any.
    public let short: String?
    let kind: Kind
    /// What the help and usage call the value (`N`, `DIR`); nil for a switch.
    let valueName: String?
    /// What a valid value is, said once for the command line's messages
    /// ("needs …") and the file's ("must be …").
    let expected: String
    /// The help line's text.
    let help: String
    let reach: Reach
    let commands: Commands
    /// Whether `--no-X` exists to turn off what `cascade.json` turns on.
    let negatable: Bool
    /// A valid value other than the default, as typed after the flag
    /// (`true` or `false` for a switch): the help's example, and what the
    /// no-change-rebuild key's completeness test changes it to.
    let sample: String
    /// The key of a switch that must be on for this one to apply (`keepMetadata` needs `originals`).
    let requires: String?
    /// The key of a switch that cannot be on together with this one (`quiet`, `verbose`).
    let excludes: String?

    /// The value of `text` typed after the flag, or what is wrong with it.
    var fromText: @Sendable (String) -> Reading
    /// The value of a `cascade.json` value (already parsed JSON), or what is wrong with it.
    var fromJSON: @Sendable (Any) -> Reading
    /// Puts a value (of the type the readers make) into the build's options.
    let apply: @Sendable (any Sendable, inout BuildOptions) -> Void
    /// The value the build uses, as text: what the no-change-rebuild key holds and the help's default.
    let resolved: @Sendable (BuildOptions) -> String
    let equal: @Sendable (any Sendable, any Sendable) -> Bool

    /// A value read, or the end of the message saying what is wrong
    /// (after `--flag` on the command line, after `"key" must be` in the file).
    enum Reading {
        case value(any Sendable)
        case problem(String)
    }

    /// Every spelling the command line accepts for it.
    public var spellings: [String] {
        [flag] + (short.map { [$0] } ?? []) + (negatable ? [negation] : [])
    }

    /// `--no-strict`.
    var negation: String { "--no-" + flag.dropFirst(2) }

    /// The option of `cascade.json` key `key`.
    static func named(_ key: String) -> BuildOption? { all.first { $0.key == key } }

    /// The options `command` takes (`build` or `serve`), in help order.
    static func taken(by command: String) -> [BuildOption] {
        all.filter { $0.commands == .buildAndServe || command == "build" }
    }
}

/// The shapes of option the table is written in: each checks its values once,
/// for the command line and the file alike.
extension BuildOption {
    /// The general form: a value of type `Value` read by `parse` from the
    /// command line's text and by `json` from the file.
    static func make<Value: Sendable & Equatable>(
        _ key: String, flag: String, short: String? = nil, kind: Kind = .value, valueName: String?,
        expected: String, help: String, reach: Reach, commands: Commands = .buildAndServe, negatable: Bool = false,
        sample: String, requires: String? = nil, excludes: String? = nil,
        parse: @escaping @Sendable (String) -> Value?, json: @escaping @Sendable (Any) -> Value?,
        apply: @escaping @Sendable (Value, inout BuildOptions) -> Void,
        resolved: @escaping @Sendable (BuildOptions) -> String
    ) -> BuildOption {
        BuildOption(
            key: key, flag: flag, short: short, kind: kind, valueName: valueName, expected: expected, help: help,
            reach: reach, commands: commands, negatable: negatable, sample: sample, requires: requires, excludes: excludes,
            fromText: { text in parse(text).map { .value($0) } ?? .problem("needs \(expected), not '\(text)'") },
            fromJSON: { any in json(any).map { .value($0) } ?? .problem(expected) },
            apply: { value, options in if let value = value as? Value { apply(value, &options) } },
            resolved: resolved,
            equal: { ($0 as? Value) == ($1 as? Value) })
    }

    /// A switch: `--strict` turns it on; `--no-strict`, when `negatable`, off.
    static func toggle(
        _ key: String, flag: String, short: String? = nil, help: String, reach: Reach, commands: Commands = .buildAndServe,
        negatable: Bool = true, sample: Bool = true, requires: String? = nil, excludes: String? = nil,
        apply: @escaping @Sendable (Bool, inout BuildOptions) -> Void = { _, _ in },
        resolved: @escaping @Sendable (BuildOptions) -> String = { _ in "" }
    ) -> BuildOption {
        make(key, flag: flag, short: short, kind: .toggle, valueName: nil, expected: "true or false", help: help,
             reach: reach, commands: commands, negatable: negatable, sample: String(sample), requires: requires,
             excludes: excludes, parse: { Bool($0) }, json: { JSONValue($0).bool }, apply: apply, resolved: resolved)
    }

    /// A whole number in `range`; `note` explains a special value (`0: every photo on one page`).
    static func integer(
        _ key: String, flag: String, short: String? = nil, range: ClosedRange<Int>, note: String? = nil, help: String,
        reach: Reach, sample: Int, field: WritableKeyPath<BuildOptions, Int> & Sendable
    ) -> BuildOption {
        make(key, flag: flag, short: short, valueName: "N",
             expected: "a whole number from \(range.lowerBound) to \(range.upperBound)" + (note.map { " (\($0))" } ?? ""),
             help: help, reach: reach, sample: String(sample),
             parse: { Int($0).flatMap { range.contains($0) ? $0 : nil } }, json: { JSONValue($0).integer(in: range) },
             apply: { value, options in options[keyPath: field] = value },
             resolved: { String($0[keyPath: field]) })
    }

    /// A folder: resolved against the current folder, or the album's for the file's.
    static func folder(
        _ key: String, flag: String, short: String, help: String, sample: String,
        field: WritableKeyPath<BuildOptions, URL> & Sendable
    ) -> BuildOption {
        make(key, flag: flag, short: short, kind: .folder, valueName: "DIR", expected: "a folder path", help: help,
             reach: .output, sample: sample, parse: { $0.isEmpty ? nil : $0 }, json: { JSONValue($0).path },
             apply: { text, options in options[keyPath: field] = UserPath.url(text) },
             resolved: { $0[keyPath: field].standardizedFileURL.path })
    }

    /// Text that `check` accepts as it is, or as the form it returns (a URL written canonically).
    static func text(
        _ key: String, flag: String, valueName: String, expected: String, help: String, sample: String,
        check: @escaping @Sendable (String) -> String?, apply: @escaping @Sendable (String, inout BuildOptions) -> Void,
        resolved: @escaping @Sendable (BuildOptions) -> String
    ) -> BuildOption {
        make(key, flag: flag, valueName: valueName, expected: expected, help: help, reach: .output, sample: sample,
             parse: check, json: { ($0 as? String).flatMap(check) }, apply: apply, resolved: resolved)
    }
}
