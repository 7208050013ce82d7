/// The fields Cascade uses, by the schemas that define them. Language
/// alternatives give `x-default`, else the first.
extension XMPPacket {
    private typealias N = XMPNamespace

    /// `dc:title`.
    public var title: String? { self[N.dc, "title"]?.text }
    /// `dc:description`: the caption.
    public var descriptionText: String? { self[N.dc, "description"]?.text }
    /// `dc:subject`: keywords, in order.
    public var keywords: [String] { self[N.dc, "subject"]?.items ?? [] }
    /// `photoshop:Headline`: a title fallback.
    public var headline: String? { self[N.photoshop, "Headline"]?.text }
    /// `Iptc4xmpCore:AltTextAccessibility`: alt text for the image.
    public var altText: String? { self[N.iptcCore, "AltTextAccessibility"]?.text }
    /// `Iptc4xmpCore:ExtDescrAccessibility`: a longer description for accessibility.
    public var extendedDescription: String? { self[N.iptcCore, "ExtDescrAccessibility"]?.text }
    /// `dc:creator`, in order.
    public var creators: [String] { self[N.dc, "creator"]?.items ?? [] }
    /// `dc:rights`.
    public var rights: String? { self[N.dc, "rights"]?.text }
    /// `xmp:Rating` (−1 rejected, 0 unrated, 1…5), when it is a number.
    public var rating: Double? { self[N.xmp, "Rating"]?.text.flatMap(Double.init) }
    /// `exif:DateTimeOriginal` as written, e.g. `2024-05-01T14:03:59+02:00`.
    public var dateTimeOriginal: String? { self[N.exif, "DateTimeOriginal"]?.text }
    /// `photoshop:DateCreated` as written.
    public var dateCreated: String? { self[N.photoshop, "DateCreated"]?.text }
    /// `xmp:CreateDate` as written.
    public var createDate: String? { self[N.xmp, "CreateDate"]?.text }
}
