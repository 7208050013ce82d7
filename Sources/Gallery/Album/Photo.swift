import ImageHeaders

/// One image of the album, as the scanner read it from its header, with what
/// EXIF and `album.json` say about it.
public struct Photo: Sendable, Equatable {
    /// The file's name inside its album's folder.
    public var fileName: String
    /// Its album's folder names from the album root (empty in the root).
    public var folder: [String]
    public var header: ImageHeader {
        get { described.header }
        set { described = Described(header: newValue, details: described.details) }
    }
    /// Caption, alt text, date, camera — each optional.
    public var details: PhotoDetails {
        get { described.details }
        set { described = Described(header: described.header, details: newValue) }
    }
    /// The header and details, held by reference and replaced whole when
    /// either changes: they are three quarters of a photo's 736 bytes, and
    /// a build of 100,000 photos holds several arrays of them at once (the
    /// scan's, the plans', the pages'), each of which copied them whole.
    private var described: Described
    /// The sized, upright, metadata-free images made from it, narrowest first
    /// (empty until the rendition step has run).
    public var renditions: [RenditionFile] = []
    /// The same renditions in AVIF and/or WebP (`--formats`), in the order a
    /// `<picture>` offers them; empty when only JPEG is made.
    var alternates: [AlternateRenditions] = []
    /// For a video: the published, metadata-free file a browser plays (its
    /// display size and path, `renditions/<hash>-video.mp4`); the renditions
    /// are then its poster frame's. Nil for a photo.
    public var video: RenditionFile?
    /// The camera RAW recorded with it (`IMG_1.CR2` beside `IMG_1.JPG`, ``RawPairing``), by file
    /// name in the same folder; set only in an album whose `album.json` says `"raw": "link"`.
    var rawCompanion: String?
    /// For a Live Photo: the name of its motion's source, the QuickTime movie
    /// beside it in the same folder (``LivePhotoPairing``); nil otherwise.
    public var liveVideo: String?
    /// For an animated GIF or APNG, or a Live Photo: the published motion
    /// clip, a muted H.264 MP4 (`renditions/<hash>-motion.mp4`) shown over
    /// the still, which stays its poster. Nil for a still, or when ffmpeg is
    /// missing or failed (the still is then published alone).
    public var motion: RenditionFile?
    /// The same clip in VP9 WebM (`-motion.webm`), offered beside the MP4
    /// when ffmpeg has libvpx; nil otherwise.
    public var motionWebM: RenditionFile?

    public init(fileName: String, folder: [String] = [], header: ImageHeader, details: PhotoDetails = PhotoDetails()) {
        self.fileName = fileName
        self.folder = folder
        described = Described(header: header, details: details)
    }

    /// Its path from the album root, `/`-separated: `Iceland/Day 1/IMG_1.jpg`.
    public var path: String { folder.isEmpty ? fileName : (folder + [fileName]).joined(separator: "/") }

    /// The file name without its extension.
    public var title: String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// The rendition a tile shows before `srcset` is considered: the narrowest
    /// at least 640 px wide (sharp in a typical column at 1x and 2x), else the widest.
    var tileRendition: RenditionFile? {
        renditions.first { $0.width >= 640 } ?? renditions.last
    }

    /// Width and height as the photo is shown (EXIF orientation applied).
    public var displayWidth: Int { header.displaySize.width }
    public var displayHeight: Int { header.displaySize.height }

    /// Whether it is a video (a tile with a poster, a page that plays it).
    var isVideo: Bool { header.format.isVideo }

    /// Whether it is a Live Photo: a still with a short clip shown on press or hover.
    var isLivePhoto: Bool { liveVideo != nil }
}

/// A photo's header and details (``Photo/header``, ``Photo/details``), never
/// changed once made: shared by every copy of the photo until one sets either.
private final class Described: Sendable, Equatable {
    let header: ImageHeader
    let details: PhotoDetails

    init(header: ImageHeader, details: PhotoDetails) {
        self.header = header
        self.details = details
    }

    static func == (lhs: Described, rhs: Described) -> Bool {
        lhs === rhs || (lhs.header == rhs.header && lhs.details == rhs.details)
    }
}
