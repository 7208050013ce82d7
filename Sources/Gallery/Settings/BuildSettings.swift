/// The options of a run, each optional so that two sources can be laid over
/// each other: `cascade.json` at the album root gives the defaults a folder
/// wants, the command line overrides them (flags win, option by option).
///
/// Holds a value for each ``BuildOption`` set, by its key; the named
/// properties below are shorthands (public for the few the executable reads).
/// Paths are kept as written; the file's are relative to the album folder,
/// the command line's to the current folder (see ``BuildSettings/load(album:)``).
public struct BuildSettings: Sendable, Equatable {
    /// The value of each option set, by ``BuildOption/key``, of the type its reader makes.
    var values: [String: any Sendable] = [:]
    /// `cascade serve`'s port, 0…65535 (0: any free port).
    public var port: Int?
    /// `cascade serve`'s address to listen on.
    public var host: String?
    /// `cascade.json`'s `"privateKey"` (``PrivateKey``): deliberately no
    /// command-line flag, so the key never shows in a process list or a
    /// shell's history; `CASCADE_PRIVATE_KEY` in the environment wins over it.
    var privateKey: PrivateKey?

    public init() {}

    static let portRange = 0...65535

    /// The value set for `key`, if it is of type `Value`.
    func value<Value>(_ key: String) -> Value? { values[key] as? Value }

    /// Sets (or, with nil, unsets) the value of `key`.
    mutating func set<Value: Sendable>(_ key: String, _ value: Value?) { values[key] = value }

    /// Whether `key` is set, to any value.
    func isSet(_ key: String) -> Bool { values[key] != nil }

    public var output: String? { get { value("output") } set { set("output", newValue) } }
    var templates: String? { get { value("templates") } set { set("templates", newValue) } }
    var strict: Bool? { get { value("strict") } set { set("strict", newValue) } }
    var strictTemplates: Bool? { get { value("strictTemplates") } set { set("strictTemplates", newValue) } }
    var quality: Int? { get { value("quality") } set { set("quality", newValue) } }
    var jobs: Int? { get { value("jobs") } set { set("jobs", newValue) } }
    var maxMegapixels: Double? { get { value("maxMegapixels") } set { set("maxMegapixels", newValue) } }
    var linearLight: Bool? { get { value("linearLight") } set { set("linearLight", newValue) } }
    var formats: [RenditionFormat]? { get { value("formats") } set { set("formats", newValue) } }
    var originals: Bool? { get { value("originals") } set { set("originals", newValue) } }
    var keepMetadata: Bool? { get { value("keepMetadata") } set { set("keepMetadata", newValue) } }
    var video: Bool? { get { value("video") } set { set("video", newValue) } }
    public var quiet: Bool? { get { value("quiet") } set { set("quiet", newValue) } }
    public var verbose: Bool? { get { value("verbose") } set { set("verbose", newValue) } }
    public var json: Bool? { get { value("json") } set { set("json", newValue) } }
    var baseURL: String? { get { value("baseURL") } set { set("baseURL", newValue) } }
    var language: String? { get { value("language") } set { set("language", newValue) } }
    var order: GridOrder? { get { value("order") } set { set("order", newValue) } }
    var photosPerPage: Int? { get { value("photosPerPage") } set { set("photosPerPage", newValue) } }

    /// These settings with every option `other` sets taken from `other`.
    /// Options that exclude each other (`quiet`, `verbose`): setting one
    /// clears the other rather than leaving a contradiction from the file.
    public func overlaid(by other: BuildSettings) -> BuildSettings {
        var merged = self
        merged.values.merge(other.values) { _, flag in flag }
        merged.port = other.port ?? port
        merged.host = other.host ?? host
        merged.privateKey = other.privateKey ?? privateKey
        for option in BuildOption.all {
            if let excluded = option.excludes, other.value(option.key) == true, !other.isSet(excluded) {
                merged.values[excluded] = false
            }
        }
        return merged
    }

    public static func == (a: BuildSettings, b: BuildSettings) -> Bool {
        guard a.port == b.port, a.host == b.host, a.privateKey == b.privateKey, Set(a.values.keys) == Set(b.values.keys) else { return false }
        return BuildOption.all.allSatisfy { option in
            switch (a.values[option.key], b.values[option.key]) {
            case (nil, nil): true
            case let (x?, y?): option.equal(x, y)
            default: false
            }
        }
    }
}
