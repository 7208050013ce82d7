import Foundation

extension BuildOptions {
    /// The build `settings` (the file's laid under the command line's) ask
    /// for, of the album folder `album`: each option set is put in its place
    /// by its own declaration (``BuildOption/all``); every other field keeps
    /// its default. A switch set without the one it needs (`--keep-metadata`
    /// without `--originals`) is an ``OptionProblem``.
    public init(album: String, settings: BuildSettings) throws(OptionProblem) {
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
    }

    /// The options of a build that sets nothing: what the help shows as defaults.
    static var standard: BuildOptions {
        BuildOptions(album: URL(fileURLWithPath: "."), output: UserPath.url("_site"), templates: URL(fileURLWithPath: "Templates"))
    }
}
