import Thumbnails

/// The site's icons, made once per site from the home page's cover: a
/// 32 px PNG favicon and a 180 px `apple-touch-icon`, centre-cropped squares
/// (``SquareIcon``). A cold visit then fetches a 1–3 KB favicon instead of a
/// 320 px photo rendition, and a phone's home screen gets an icon of the
/// size it asks for.
///
/// Their names are fixed, `favicon.png` and `apple-touch-icon.png` in the
/// output folder's root: every page links them, and a rebuild that carries
/// albums keeps those albums' pages as they are, so a name that followed the
/// cover would leave them linking an icon that is gone. The touch icon is a
/// PNG for the same reason (a transparent cover's could not be a JPEG); only
/// a home-screen or bookmark action fetches it, never a page view. They go
/// through the manifest and the confined writer like every other file, and
/// are rewritten only when the cover changed (``make(in:)``).
struct SiteIcons: Sendable, Hashable {
    /// The cover's rendition the icons are made from.
    var source: RenditionFile
    var favicon: RenditionFile
    var touchIcon: RenditionFile

    static let faviconSize = 32
    /// What iOS asks for on a home screen (and Android accepts).
    static let touchIconSize = 180

    /// The icons of a site whose home page shows `cover`: none when it has
    /// no renditions. Made from its smallest rendition whose shorter side
    /// covers the touch icon (decoding little, upscaling nothing), else
    /// from the largest it has.
    init?(cover: Photo?) {
        guard let renditions = cover?.renditions, !renditions.isEmpty else { return nil }
        let shortSide = { (file: RenditionFile) in min(file.width, file.height) }
        let source = renditions.first { shortSide($0) >= Self.touchIconSize }
            ?? renditions.max { shortSide($0) < shortSide($1) }!
        let side = max(1, shortSide(source))
        self.source = source
        let faviconSide = min(Self.faviconSize, side), touchSide = min(Self.touchIconSize, side)
        favicon = RenditionFile(width: faviconSide, height: faviconSide, path: Self.faviconName)
        touchIcon = RenditionFile(width: touchSide, height: touchSide, path: Self.touchIconName)
    }

    static let faviconName = "favicon.png", touchIconName = "apple-touch-icon.png"

    /// The icons' paths in the output folder.
    var paths: [String] { [favicon.path, touchIcon.path] }

    /// Writes the icons from the source rendition as the output folder holds
    /// it. Made on every build that renders the home page (a few
    /// milliseconds: one small rendition decoded), so an icon a stopped
    /// build left is never taken for this one; an icon whose bytes are
    /// already there is left as it is, its time too. Call after the
    /// renditions are made and the icons' paths are in the manifest.
    func make(in output: OutputFolder) throws(BuildError) {
        guard let bytes = output.read(source.path) else {
            throw .iconNotMade(path: output.display(favicon.path), reason: "its source \(source.path) could not be read")
        }
        for icon in [favicon, touchIcon] {
            let made: [Rendition]
            do throws(ThumbnailError) {
                made = try SquareIcon.make(sizes: [icon.width], pngUpTo: .max, from: bytes)
            } catch {
                throw .iconNotMade(path: output.display(icon.path), reason: "\(error)")
            }
            try output.write(made[0].data, to: icon.path)
        }
    }
}
