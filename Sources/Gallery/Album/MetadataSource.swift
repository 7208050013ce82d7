/// Where a photo's caption, title or date came from, strongest first: the
/// first source that has a field wins it. Templates receive the raw value
/// (`date.source`), so a theme can say "date from EXIF".
///
/// Decision: peers' sidecar files (sigal's `index.md` / `NAME.md`, Picasa's
/// and thumbsup's `picasa.ini`) are READ at build time whenever they are
/// present, not converted once by an `init --from` step. Someone moving from
/// sigal or thumbsup keeps one source of truth and can run both generators on
/// the same folder while they switch; a converted `album.json` would drift from
/// the file the other tool still edits. `album.json` stays the strongest source
/// because it is Cascade's own and the only one written for it on purpose; the
/// peers' files sit above XMP and the image's embedded tags because a person
/// wrote them for a gallery, where camera and catalogue tags often hold
/// boilerplate.
///
/// The order is field by field: a source that has no caption leaves the
/// caption to the next one. `Tests/Fixtures/Library/EXPECTED.md` is the
/// contract written against this order.
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
