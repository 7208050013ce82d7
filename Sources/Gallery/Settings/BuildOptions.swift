import Foundation

/// What to build, from where, into where.
public struct BuildOptions: Sendable {
    public var album: URL
    public var output: URL
    public var templates: URL
    /// Fail the build when any file is skipped.
    public var strict: Bool
    /// Album title shown on the page; defaults to `album.json`'s, else the album folder's name.
    public var title: String?
    /// Fail when a template asks for a variable the data does not have.
    public var strictTemplates: Bool
    /// Widths, JPEG quality, parallelism and decoding limits of the renditions.
    public var renditions: RenditionSettings
    /// Whether the original files are published too, and how.
    public var originals: OriginalsPolicy
    /// `SOURCE_DATE_EPOCH` (seconds since 1970): the modification time of
    /// every file written; originals keep theirs unless it is later. Cascade
    /// writes no time into any file, so with it the whole folder, times
    /// included, is the same on every machine.
    public var sourceDateEpoch: Int64?
    /// Make only this shard's renditions and no pages (`--shard I/N`); a
    /// build without it then writes the pages with nothing left to encode.
    public var shard: Shard?
    /// Whether videos are published, and where ffmpeg is looked for.
    public var videos = VideoSettings()
    /// Where the site will be published: only with it are absolute URLs
    /// written (Open Graph URLs, canonical links, feeds, the sitemap).
    public var baseURL: BaseURL?
    /// The site's language (`--language`, `cascade.json` `"language"`): the
    /// pages' unless an `album.json` sets another for its album and those
    /// below it. Nil is English.
    public var language: String?
    /// How the album grids choose columns (`--order`, `"order"`).
    public var order = GridOrder.standard
    /// At most this many photos on one album page, 0 for no limit
    /// (`--photos-per-page`, `"photosPerPage"`; ``PageModel/photosPerPage``).
    public var photosPerPage = PageModel.defaultPhotosPerPage
    /// Names unlisted albums' folders (``PrivateKey``): `CASCADE_PRIVATE_KEY`,
    /// else `cascade.json`'s `"privateKey"`; needed only when an album is unlisted.
    public var privateKey: PrivateKey?
    /// Where password albums' passwords are read (``AlbumPasswords``): the
    /// process's environment and, at a terminal, a prompt.
    public var albumPasswords = AlbumPasswords.process
    /// Each album's download (`--zip`, `"zip"`), unless its `album.json`
    /// or an album above it sets another (``AlbumDownloads``).
    public var zip = AlbumZip.off
    /// Consulted between photos and files: a stop asked for here ends the build cleanly.
    public var cancellation = BuildCancellation()
    /// Whether the build's large working data (hundreds of thousands of
    /// paths, pages and verdicts at 100,000 photos) is freed when it returns.
    /// A process that exits right after (the `cascade build` command) sets it
    /// false and skips a fifth of a second of freeing; one that builds again
    /// (`cascade serve`, tests) keeps it true.
    public var freesWorkingData = true

    public init(album: URL, output: URL, templates: URL, strict: Bool = false, title: String? = nil,
                strictTemplates: Bool = false, renditions: RenditionSettings = RenditionSettings(),
                originals: OriginalsPolicy = .none, shard: Shard? = nil) {
        self.shard = shard
        self.renditions = renditions
        self.originals = originals
        self.album = album
        self.output = output
        self.templates = templates
        self.strict = strict
        self.title = title
        self.strictTemplates = strictTemplates
    }
}

/// What happens to the original files. Pages always show renditions; the
/// originals are published only when asked, and then without private metadata
/// (GPS, serial numbers, names) unless that is asked for too.
public enum OriginalsPolicy: Sendable, Equatable {
    /// Not published (the default).
    case none
    /// Published with metadata removed losslessly: pixels untouched, EXIF
    /// orientation kept so they still display upright.
    case stripped
    /// Published byte for byte, metadata and all.
    case asIs
}

/// What a successful build did.
public struct BuildReport: Sendable {
    /// The album page, `index.html` in the output folder; for a shard
    /// (`--shard`), which writes no page, its record `.cascade-shard-I-of-N`.
    public var page: URL
    /// Every published photo, album by album; empty when the build found
    /// nothing changed since the last and stopped early (``publishedPhotos`` still counts them).
    public var photos: [Photo]
    /// How many photos the site publishes.
    public var publishedPhotos: Int { replayedPhotoCount ?? photos.count }
    /// The count the last build recorded, when this one stopped early.
    var replayedPhotoCount: Int?
    /// Album pages written, the home page included.
    public var albums: Int
    /// Files skipped (what `--strict` fails on).
    public var warnings: [BuildWarning]
    /// Stale `album.json` entries (a photo or cover the album does not have):
    /// reported, never counted as skipped.
    public var notices: [BuildWarning] = []
    /// How many rendition files this build made (the rest were kept from an
    /// earlier build): 0 for a rebuild with nothing changed.
    public var renditionsMade: Int
    /// Published files this build wrote that carry GPS, serial numbers, owner
    /// names or location fields (what `cascade audit` would list): empty
    /// unless `--keep-metadata` published originals as they are.
    public var privacyFindings: [AuditFinding] = []
    /// HTML pages written (album pages and photo pages).
    public var pages = 0
    /// Of those, the pages rendered this time: the others belong to albums
    /// whose pages the last build left exactly as this one would make them.
    public var pagesRendered = 0
    /// Albums taken as the last build left them, unread (``AlbumPatch``): each
    /// with every album below it.
    public var albumsCarried = 0
    /// Rendition files the pages use that an earlier build had made.
    public var renditionsKept = 0
    /// Files an earlier build made that this one removed (a deleted photo's pages and renditions).
    public var filesRemoved = 0
    /// Seconds per stage, in order.
    public var stages: [BuildStage] = []
    /// Videos published (each with its poster and its file).
    public var videosPublished = 0
    /// Videos left out: no ffmpeg, `--no-video`, or ffmpeg failed on them.
    public var videosSkipped = 0
    /// The unlisted albums and where their pages are: for the user alone
    /// (printed once, and in `--json`), never written to a file.
    public var unlisted: [UnlistedAlbum] = []
    /// How many times this build ran ffmpeg: 0 for a rebuild with nothing changed.
    public var videoToolRuns = 0
    /// Album downloads (`--zip`) this build wrote, and those an earlier build
    /// made from the same inputs that it kept (a carried album's are not counted).
    public var zipsMade = 0
    public var zipsKept = 0
}
