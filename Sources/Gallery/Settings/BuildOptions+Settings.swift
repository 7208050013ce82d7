import Foundation

extension BuildOptions {
    /// The build `settings` (the file's laid under the command line's) ask
    /// for, of the album folder `album`: each option set is put in its place
    /// by its own declaration (``BuildOption/all``); every other field keeps
    /// its default. A switch set without the one it needs (`--keep-metadata`
    /// without `--originals`) is an ``OptionProblem``, and so is a
    /// `SOURCE_DATE_EPOCH` in `environment` that is not a time.
    public init(album: String, settings: BuildSettings, environment: [String: String] = [:]) throws(OptionProblem) {
        for option in BuildOption.all where settings.value(option.key) == true {
            if let required = option.requires, settings.value(required) != true, let needed = BuildOption.named(required) {
                throw OptionProblem("\(option.flag) only applies with \(needed.flag)")
            }
        }
        let albumURL = UserPath.url(album)
        self.init(album: albumURL, output: UserPath.url("_site"), templates: ThemeLocation.preferred(album: albumURL))
        for option in BuildOption.all {
            if let value = settings.values[option.key] { option.apply(value, &self) }
        }
        sourceDateEpoch = try Self.sourceDateEpoch(environment["SOURCE_DATE_EPOCH"])
        privateKey = try Self.privateKey(environment[Self.privateKeyVariable]) ?? settings.privateKey
    }

    /// The environment variable that gives the private key (``PrivateKey``).
    public static let privateKeyVariable = "CASCADE_PRIVATE_KEY"

    /// The environment's private key: unset or empty means none; anything
    /// else must be a key, and the message never quotes it.
    static func privateKey(_ text: String?) throws(OptionProblem) -> PrivateKey? {
        guard let text, !text.isEmpty else { return nil }
        guard let key = PrivateKey(text) else {
            throw OptionProblem("\(privateKeyVariable) must be \(PrivateKey.expected)")
        }
        return key
    }

    /// The reproducible-builds convention: unset or empty means none; anything
    /// but a whole number of seconds from 0 to 9999-12-31 is a mistake to say.
    static func sourceDateEpoch(_ text: String?) throws(OptionProblem) -> Int64? {
        guard let text, !text.isEmpty else { return nil }
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seconds = Int64(text), seconds <= 253_402_300_799 else {
            throw OptionProblem("SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC, not '\(text)'")
        }
        return seconds
    }

    /// The options of a build that sets nothing: what the help shows as defaults.
    static var standard: BuildOptions {
        BuildOptions(album: URL(fileURLWithPath: "."), output: UserPath.url("_site"), templates: URL(fileURLWithPath: "Templates"))
    }
}
