import Foundation
import ImageHeaders

/// What is known about a photo beyond its pixels: title, caption, alt
/// text, keywords, date, camera. Every field is optional; the theme shows
/// what there is.
///
/// Details come from several sources (``MetadataSource``, in precedence
/// order): `album.json`, sidecar files, then the file's own XMP, IPTC and
/// EXIF. The first source that has a field wins it, field by field.
public struct PhotoDetails: Sendable, Equatable {
    /// A short name for the photo (the photo page's heading when set).
    public var title: String?
    /// Text shown with the photo (a `<figcaption>`); plain text, never markup
    /// (a Markdown caption's HTML is ``captionHTML``).
    public var caption: String?
    /// ``caption`` as safe HTML when it is the Markdown of sigal's `NAME.md`
    /// (``MarkdownHTML``); nil for every other source, whose text is plain.
    /// It travels with the caption: a stronger source's caption replaces both.
    public var captionHTML: String?
    /// Alternative text for screen readers when it should differ from the caption.
    public var alt: String?
    /// Keywords (tags), in the order the source gives them, without duplicates.
    var keywords: [String]
    /// When it was taken.
    var date: PhotoDate?
    /// Which source gave ``date``.
    var dateSource: MetadataSource?
    /// `Fujifilm X-T4`: make and model, the make not repeated.
    public var camera: String?
    /// Exposure and lens (Exif first, XMP where Exif lacks a field), lens
    /// names cleaned; nil when nothing is known or the album hides camera
    /// details (`"details": false`).
    public var exposure: CameraExposure?

    public init(title: String? = nil, caption: String? = nil, captionHTML: String? = nil, alt: String? = nil,
                keywords: [String] = [], date: PhotoDate? = nil, dateSource: MetadataSource? = nil, camera: String? = nil,
                exposure: CameraExposure? = nil) {
        self.title = title
        self.caption = caption
        self.captionHTML = caption == nil ? nil : captionHTML
        self.alt = alt
        self.keywords = keywords
        self.date = date
        self.dateSource = date == nil ? nil : dateSource
        self.camera = camera
        self.exposure = exposure
    }

    /// `self` with every field `other` has replaced (`other` is the stronger source).
    func overridden(by other: PhotoDetails) -> PhotoDetails {
        let date = other.date ?? date
        return PhotoDetails(title: other.title ?? title, caption: other.caption ?? caption,
                            captionHTML: other.caption != nil ? other.captionHTML : captionHTML, alt: other.alt ?? alt,
                            keywords: other.keywords.isEmpty ? keywords : other.keywords,
                            date: date, dateSource: other.date != nil ? other.dateSource : dateSource,
                            camera: other.camera ?? camera, exposure: other.exposure ?? exposure)
    }

    /// Keywords cleaned, empty ones dropped, duplicates (ignoring case) removed.
    static func keywords(_ raw: [String]) -> [String] {
        var seen: Set<String> = []
        return raw.compactMap(cleaned).filter { seen.insert($0.lowercased()).inserted }
    }

    /// Text from files and tags, made fit to show: controls and format
    /// characters (U+202E, …) removed, whitespace runs collapsed, trimmed,
    /// NFC; nil when nothing is left.
    static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        var result = ""
        var pendingSpace = false
        for scalar in text.nfc.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator:
                continue
            default:
                if pendingSpace { result += " " }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result.isEmpty ? nil : result
    }
}
