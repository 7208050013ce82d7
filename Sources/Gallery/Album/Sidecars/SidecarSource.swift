/// Where a photo's or an album's words can come from, strongest first.
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
enum SidecarSource: Int, Sendable, CaseIterable, Comparable {
    /// Cascade's `album.json`.
    case albumConfig
    /// sigal's `index.md` (album) and `NAME.md` (photo).
    case sigal
    /// `picasa.ini` (`.picasa.ini`, `Picasa.ini`), as Picasa and thumbsup read it.
    case picasa
    /// `NAME.xmp` or `NAME.EXT.xmp` beside the photo (darktable, Lightroom, digiKam).
    case xmpSidecar
    /// XMP packet inside the image file.
    case embeddedXMP
    /// IPTC-IIM (APP13) inside the image file.
    case iptc
    /// EXIF `ImageDescription`, `XPTitle`, `XPComment`.
    case exif

    /// Stronger sources sort first.
    static func < (lhs: SidecarSource, rhs: SidecarSource) -> Bool { lhs.rawValue < rhs.rawValue }
}
