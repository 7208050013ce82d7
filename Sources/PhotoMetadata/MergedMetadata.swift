import ImageHeaders
import XMP

/// A photo's own descriptive metadata, merged field by field from its
/// sources in the order of precedence the gallery uses:
/// sidecar XMP > embedded XMP > IPTC-IIM > Exif. (`album.json` outranks all
/// of them; the build applies it on top.)
///
/// | field | sources, in order |
/// |---|---|
/// | ``title`` | `dc:title`; IPTC 2:05 Object Name; Exif `XPTitle`; then, only when none, `photoshop:Headline`, IPTC 2:105 Headline |
/// | ``caption`` | `dc:description`; IPTC 2:120 Caption/Abstract; Exif `ImageDescription`, `XPComment` |
/// | ``keywords`` | `dc:subject`; IPTC 2:25 Keywords; Exif `XPKeywords` (the first non-empty list, not a union) |
/// | ``alt`` | `Iptc4xmpCore:AltTextAccessibility` (XMP only) |
/// | ``date`` | `exif:DateTimeOriginal`, `photoshop:DateCreated`, `xmp:CreateDate`; Exif `DateTimeOriginal` |
///
/// XMP language alternatives give `x-default`, else the first. Text is
/// single-line and free of control characters, but not HTML-escaped.
///
/// ```swift
/// let header = try ImageHeader.read(fileAt: path)
/// let sidecar = XMPPacket.sidecarPaths(forPhotoAt: path)
///     .first { FileManager.default.fileExists(atPath: $0) }
///     .flatMap { try? XMPPacket.parse(fileAt: $0) }
/// let merged = MergedMetadata(header: header.metadata, sidecar: sidecar)
/// page.title = album.title ?? merged.title
/// ```
public struct MergedMetadata: Sendable, Equatable {
    /// The photo's title.
    public var title: String?
    /// The caption (description).
    public var caption: String?
    /// Keywords, in the order written, from one source.
    public var keywords: [String]
    /// Alt text for the image (`Iptc4xmpCore:AltTextAccessibility`).
    public var alt: String?
    /// When the photo was taken, as written: ISO 8601 from XMP
    /// (`2024-05-01T14:03:59+02:00`, possibly date only), `2024:05:01 14:03:59` from Exif.
    public var date: String?
    /// Where each field came from; a field without a value has no entry.
    public var sources: [Field: Source]
    /// Exposure and lens: Exif first, XMP for the fields Exif lacks
    /// (``exposure(exif:packets:)``); not in ``sources``, being several fields.
    public var exposure: CameraExposure? = nil
    /// Why the embedded XMP packet was ignored, when it was there but unreadable.
    public var embeddedXMPError: XMPError?

    /// The merged fields, as keys of ``sources``.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case title, caption, keywords, alt, date
    }

    /// Where ``date`` came from.
    public var dateSource: Source? { sources[.date] }

    /// Creates a value directly (tests, callers that merge themselves).
    public init(title: String? = nil, caption: String? = nil, keywords: [String] = [], alt: String? = nil,
                date: String? = nil, sources: [Field: Source] = [:], embeddedXMPError: XMPError? = nil) {
        self.title = title
        self.caption = caption
        self.keywords = keywords
        self.alt = alt
        self.date = date
        self.sources = sources
        self.embeddedXMPError = embeddedXMPError
    }
}
