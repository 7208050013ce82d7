/// A video file that ends before its container does: a download or a copy
/// that stopped early. Its header reads and its first frames decode (ffmpeg
/// makes a poster and publishes what is there without a complaint), so only
/// the container's own account of its length tells.
///
/// Found by ``find(fileAt:format:)``; the text shown to people is made in
/// one place, ``description``.
public struct VideoCutShort: Sendable, Equatable, CustomStringConvertible {
    /// How long the file is, in bytes.
    public var fileLength: Int
    /// What says the file should be longer.
    public var reason: Reason

    public init(fileLength: Int, reason: Reason) {
        self.fileLength = fileLength
        self.reason = reason
    }

    /// What says the file should be longer.
    public enum Reason: Sendable, Equatable {
        /// `part` (a Matroska `Segment`, an MP4 `'mdat' box`, an AVI
        /// `'RIFF' chunk`, an `Ogg page`), starting at byte `start`, declares
        /// that it runs to byte `declaredEnd`, past the end of the file.
        case runsPastEnd(part: String, start: Int, declaredEnd: Int)
        /// The file ends with a whole Ogg page, at byte `lastPage`, that ends
        /// no stream (no end-of-stream flag): the pages after it are missing.
        case noEndOfStream(lastPage: Int)
    }

    /// One line for people, e.g. `cut short: its Matroska Segment at byte 40
    /// runs to byte 15460, but the file ends at byte 7730`.
    public var description: String {
        switch reason {
        case .runsPastEnd(let part, let start, let declaredEnd):
            "cut short: its \(part) at byte \(start) runs to byte \(declaredEnd), but the file ends at byte \(fileLength)"
        case .noEndOfStream(let lastPage):
            "cut short: the file ends at byte \(fileLength) with an Ogg page (at byte \(lastPage)) that ends no stream"
        }
    }
}
