/// Why an album's watermark cannot be drawn, naming the font or file at fault.
public enum WatermarkProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// No installed font has the family; fontconfig offered `matched` instead.
    case fontNotFound(family: String, matched: String?)
    /// FreeType cannot draw the text with the font file.
    case fontUnusable(family: String, file: String, reason: String)
    /// The image file is not there, not a regular file, or cannot be read.
    case imageUnreadable(path: String, reason: String)
    /// The image's path leads outside the album's folder (a link on the way).
    case imageOutsideAlbum(path: String)
    /// The image cannot be decoded.
    case imageNotDecoded(path: String, reason: String)

    public var description: String {
        switch self {
        case .fontNotFound(let family, let matched):
            "watermark font \"\(family)\" is not installed" + (matched.map { " (fontconfig offers \"\($0)\" instead)" } ?? "")
                + ": install it (fc-list lists the fonts there are) or name another in \"font\""
        case .fontUnusable(let family, let file, let reason):
            "watermark font \"\(family)\" (\(file)) cannot be used: \(reason)"
        case .imageUnreadable(let path, let reason): "watermark image '\(path)' cannot be read: \(reason)"
        case .imageOutsideAlbum(let path):
            "watermark image '\(path)' leads outside the album's folder (through a link); it must be a file inside it"
        case .imageNotDecoded(let path, let reason): "watermark image '\(path)' is not an image Cascade can decode: \(reason)"
        }
    }
}
