/// Where a photo's caption, title or date came from, in precedence order:
/// the first source that has a field wins it. Templates receive the raw
/// value (`date.source`), so a theme can say "date from EXIF".
public enum MetadataSource: String, Sendable, Equatable, Comparable, CaseIterable {
    case albumJSON = "album.json"
    /// sigal's `NAME.md` / `index.md`.
    case sigal
    /// thumbsup's and Picasa's `picasa.ini`.
    case picasa
    /// `NAME.xmp` or `NAME.EXT.xmp` beside the photo.
    case xmpSidecar = "xmp-sidecar"
    /// The XMP packet inside the file.
    case xmp
    /// IPTC-IIM (JPEG APP13).
    case iptc
    case exif

    public static func < (lhs: MetadataSource, rhs: MetadataSource) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
