/// The options of a run, each optional so that two sources can be laid over
/// each other: `cascade.json` at the album root gives the defaults a folder
/// wants, the command line overrides them (flags win, field by field).
///
/// Paths are kept as written; the file's are relative to the album folder,
/// the command line's to the current folder (see ``BuildSettings/load(album:)``).
public struct BuildSettings: Sendable, Equatable {
    public var output: String?
    public var templates: String?
    public var strict: Bool?
    public var strictTemplates: Bool?
    /// JPEG quality, 1…100.
    public var quality: Int?
    /// Images decoded at once, 1…256.
    public var jobs: Int?
    /// Images larger than this many megapixels are skipped (above 0, at most 10,000).
    public var maxMegapixels: Double?
    public var linearLight: Bool?
    /// The formats renditions are published in (JPEG always; AVIF, WebP when listed).
    public var formats: [RenditionFormat]?
    public var originals: Bool?
    public var keepMetadata: Bool?
    /// Whether videos are published (`"video": false`, `--no-video`: left out
    /// without a warning). Unset means yes.
    public var video: Bool?
    public var quiet: Bool?
    public var verbose: Bool?
    public var json: Bool?
    /// `cascade serve`'s port, 0…65535 (0: any free port).
    public var port: Int?
    /// `cascade serve`'s address to listen on.
    public var host: String?
    /// Where the site will be published (``BaseURL``), as written.
    public var baseURL: String?
    /// The site's language (`fr`, `pt-BR`), as written; albums may set their own.
    public var language: String?
    /// How the album grids choose columns (``GridOrder``).
    public var order: GridOrder?
    /// At most this many photos on one album page (0: no limit).
    public var photosPerPage: Int?

    public init() {}

    public static let qualityRange = 1...100
    public static let jobsRange = 1...256
    public static let megapixelsLimit = 10_000.0
    public static let portRange = 0...65535
    public static let photosPerPageRange = 0...1_000_000

    /// These settings with every field `other` sets taken from `other`.
    /// `--quiet` and `--verbose` exclude each other, so setting one clears
    /// the other rather than leaving a contradiction from the file.
    public func overlaid(by other: BuildSettings) -> BuildSettings {
        var merged = self
        func take<Value>(_ field: WritableKeyPath<BuildSettings, Value?>) {
            if let value = other[keyPath: field] { merged[keyPath: field] = value }
        }
        take(\.output); take(\.templates); take(\.strict); take(\.strictTemplates); take(\.quality)
        take(\.jobs); take(\.maxMegapixels); take(\.linearLight); take(\.originals); take(\.keepMetadata)
        take(\.video); take(\.formats)
        take(\.quiet); take(\.verbose); take(\.json); take(\.port); take(\.host); take(\.baseURL)
        take(\.language)
        take(\.order)
        take(\.photosPerPage)
        if other.quiet == true && other.verbose == nil { merged.verbose = false }
        if other.verbose == true && other.quiet == nil { merged.quiet = false }
        return merged
    }
}
