import Foundation

/// What is known about a photo beyond its pixels: caption, alt text, date,
/// camera. Every field is optional; the theme shows what there is.
///
/// Details come from the image's EXIF (``PhotoDetails/init(exifOf:)``) and
/// from the album's `album.json`, which wins field by field.
public struct PhotoDetails: Sendable, Equatable {
    /// Text shown with the photo (a `<figcaption>`); plain text, never markup.
    public var caption: String?
    /// Alternative text for screen readers when it should differ from the caption.
    public var alt: String?
    /// When it was taken.
    public var date: PhotoDate?
    /// `Fujifilm X-T4`: make and model, the make not repeated.
    public var camera: String?

    public init(caption: String? = nil, alt: String? = nil, date: PhotoDate? = nil, camera: String? = nil) {
        self.caption = caption
        self.alt = alt
        self.date = date
        self.camera = camera
    }

    /// `self` with every field `other` has replaced.
    public func overridden(by other: PhotoDetails) -> PhotoDetails {
        PhotoDetails(caption: other.caption ?? caption, alt: other.alt ?? alt,
                     date: other.date ?? date, camera: other.camera ?? camera)
    }

    /// Text from files and tags, made fit to show: controls and format
    /// characters (U+202E, …) removed, whitespace runs collapsed, trimmed,
    /// NFC; nil when nothing is left.
    public static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        var result = ""
        var pendingSpace = false
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
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
