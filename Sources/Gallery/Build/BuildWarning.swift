import ImageHeaders
import Thumbnails

/// Something Cascade skipped but could build without: a file that is not an
/// image, or an image it could not read. Fatal under `--strict`.
///
/// A few reasons are only notices (``isNotice``): an `album.json` entry that
/// names a photo or cover the album does not have is an edit in progress, not
/// a broken input, so it is reported but skips nothing and never fails `--strict`.
///
/// The reason stays typed until ``description``, the one place it becomes
/// text, so a caller can tell a corrupt photo from a stale `album.json` entry.
public struct BuildWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user named it (album path joined with the file name).
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// Why the file was passed over.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// Its header could not be read: not an image, truncated, corrupt.
        case unreadableHeader(FileHeaderError.Reason)
        /// An image the rendition step cannot decode.
        case unsupportedFormat(ImageFormat)
        /// Its pixels could not be decoded, or a rendition not made.
        case notRendered(ThumbnailError)
        /// Its bytes could not be read for the content hash.
        case unreadable(SystemCallError)
        /// A symbolic link that leads nowhere.
        case symbolicLink
        /// A symbolic link to a folder: sub-albums are real folders only.
        case linkToFolder
        /// A symbolic link that leads out of the album root.
        case linkOutsideAlbum
        /// A FIFO, socket or device.
        case notRegularFile
        /// `lstat` failed on it.
        case cannotExamine
        /// A folder nested deeper than the walk goes.
        case tooDeep(limit: Int)
        /// An XMP sidecar that cannot be read or parsed (the photo is still published).
        case unreadableSidecar(String)
        /// `keywordAlbums` is on but the album root has its own `keywords`.
        case keywordFolderTaken
        /// `album.json`'s `cover` names neither a photo nor a sub-album.
        case unknownCover(name: String)
        /// `album.json` describes a photo the album does not have.
        case unknownPhoto(name: String)
        /// ffmpeg could not make a video's poster or published file: the
        /// video is left out.
        case videoNotPublished(VideoError.Reason)
        /// ffmpeg is not on `PATH`: the album's `count` videos are left out
        /// (one warning for them all, on the album folder, which is not itself
        /// skipped: its text names no path).
        case videosNeedFFmpeg(count: Int)
        /// ffmpeg could not make the motion clip of an animation or a Live
        /// Photo: its still is published alone.
        case motionNotPublished(VideoError.Reason)
        /// ffmpeg is not on `PATH`: the album's `count` animations and Live
        /// Photos are published as stills (one warning for them all, on the
        /// album folder).
        case motionNeedsFFmpeg(count: Int)
        /// With `--originals`, an original Cascade cannot remove metadata
        /// from: published as renditions only, with no download link.
        case originalWithheld(ImageFormat)
        /// A caption's or description's Markdown links to no page or file of
        /// the site (``CaptionLinks``): the link is shown as its text.
        case linkToNothing(href: String)

        /// Whether this is only a notice: nothing was skipped, `--strict` does not fail.
        public var isNotice: Bool {
            switch self {
            case .unknownCover, .unknownPhoto, .originalWithheld, .linkToNothing: true
            default: false
            }
        }

        public var description: String {
            switch self {
            case .unreadableHeader(let reason): reason.description
            case .unsupportedFormat(let format) where format.isVideo:
                "a video (\(format)) that cannot be published"
            case .videoNotPublished(let reason): "a video that cannot be published: \(reason)"
            case .videosNeedFFmpeg(let count):
                "\(count) video\(count == 1 ? "" : "s") left out: ffmpeg was not found on PATH "
                    + "(install ffmpeg, or pass --no-video to leave videos out without a warning)"
            case .motionNotPublished(let reason): "published as a still: its motion clip cannot be made: \(reason)"
            case .motionNeedsFFmpeg(let count):
                "\(count) animated image\(count == 1 ? "" : "s") or Live Photo\(count == 1 ? "" : "s") published as "
                    + "still\(count == 1 ? "" : "s"): ffmpeg was not found on PATH (install ffmpeg to publish their motion, "
                    + "or pass --no-video to publish them as stills without a warning)"
            case .unsupportedFormat(let format):
                "a \(format.rawValue.uppercased()) image; renditions are made from \(PhotoScan.renderableFormatNames) only"
            case .notRendered(let error): error.reason.description
            case .unreadable(let error): "cannot be read (\(error.call): \(error))"
            case .symbolicLink: "a symbolic link that leads nowhere"
            case .linkToFolder: "a symbolic link to a folder; links to folders are not followed"
            case .linkOutsideAlbum: "a symbolic link out of the album; links are followed only inside it"
            case .notRegularFile: "not a regular file"
            case .cannotExamine: "cannot be examined"
            case .tooDeep(let limit): "a folder more than \(limit) levels below the album root"
            case .unreadableSidecar(let reason): "an XMP sidecar that cannot be used: \(reason)"
            case .keywordFolderTaken: "the album has its own 'keywords', so no keyword albums were made"
            case .unknownCover(let name): "\"cover\" \"\(name)\" names no photo or sub-album of the album"
            case .unknownPhoto(let name): "photos[\"\(name)\"] names no image of the album"
            case .linkToNothing(let href):
                "its text links to '\(href)', which is no page or file of the site; the link is shown as its text"
            case .originalWithheld(let format):
                "original not published: Cascade removes metadata from JPEG, PNG, GIF and WebP originals only, not \(format); "
                    + "--keep-metadata publishes originals as they are"
            }
        }
    }

    /// Whether this is only a notice (a stale `album.json` entry), not a skipped file.
    public var isNotice: Bool { reason.isNotice }

    /// How many files this warning stands for that the build passed over:
    /// the videos it counts when ffmpeg is missing, none for a notice, else
    /// the one it names.
    public var skippedFiles: Int {
        switch reason {
        case .videosNeedFFmpeg(let count): count
        // The still is published: nothing was passed over.
        case .motionNotPublished, .motionNeedsFFmpeg: 0
        default: isNotice ? 0 : 1
        }
    }

    /// `skipped 'a/b.jpg': reason`; a notice without "skipped"; the videos
    /// left out for want of ffmpeg by their count alone, for the album folder
    /// their warning is filed under was not skipped.
    public var description: String {
        if case .videosNeedFFmpeg = reason { return reason.description }
        if case .motionNeedsFFmpeg = reason { return reason.description }
        if case .motionNotPublished = reason { return "'\(path)': \(reason)" }
        return isNotice ? "'\(path)': \(reason)" : "skipped '\(path)': \(reason)"
    }
}
