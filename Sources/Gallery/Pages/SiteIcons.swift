import Thumbnails

/// The site's icons, made once per site from the home page's cover: a
/// 32 px PNG favicon and a 180 px `apple-touch-icon`, centre-cropped squares
/// (``SquareIcon``). A cold visit then fetches a 1–3 KB favicon instead of a
/// 320 px photo rendition, and a phone's home screen gets an icon of the
/// size it asks for.
///
/// Each icon is named after the rendition it is made from, whose name holds
/// the cover's content hash, width and quality: the same cover gives the
/// same names, so a rebuild reuses the icons it finds (``make(in:)``), and a
/// new cover gives new names, so no browser keeps showing a stale icon.
/// They sit in the output folder's root, which every rebuild renders (a
/// carried album never holds them), and go through the manifest and the
/// confined writer like every other file.
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
        let name = source.path.split(separator: "/").last.map(String.init) ?? source.path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        self.source = source
        let faviconSide = min(Self.faviconSize, side), touchSide = min(Self.touchIconSize, side)
        favicon = RenditionFile(width: faviconSide, height: faviconSide, path: "icon-\(stem)-\(Self.faviconSize).png")
        touchIcon = RenditionFile(width: touchSide, height: touchSide,
                                  path: "icon-\(stem)-\(Self.touchIconSize).\(Self.sourceIsPNG(source) ? "png" : "jpg")")
    }

    /// A PNG rendition may be transparent: its touch icon stays PNG, so its
    /// name is known before its pixels are (a JPEG rendition's is JPEG).
    private static func sourceIsPNG(_ source: RenditionFile) -> Bool { source.path.lowercased().hasSuffix(".png") }

    /// The icons' paths in the output folder.
    var paths: [String] { [favicon.path, touchIcon.path] }

    /// Writes the icons the output folder does not hold yet (an icon's name
    /// says what it was made from, so one already there is this one), from
    /// the source rendition as the output folder holds it. Call after the
    /// renditions are made and the icons' paths are in the manifest.
    func make(in output: OutputFolder) throws(BuildError) {
        let missing = [favicon, touchIcon].filter { !output.holds($0.path) }
        guard !missing.isEmpty else { return }
        guard let bytes = output.read(source.path) else {
            throw .iconNotMade(path: output.display(missing[0].path), reason: "its source \(source.path) could not be read")
        }
        for icon in missing {
            let png = icon.path.hasSuffix(".png")
            let made: [Rendition]
            do throws(ThumbnailError) {
                made = try SquareIcon.make(sizes: [icon.width], pngUpTo: png ? .max : 0, from: bytes)
            } catch {
                throw .iconNotMade(path: output.display(icon.path), reason: "\(error)")
            }
            try output.write(made[0].data, to: icon.path)
        }
    }
}
