import Thumbnails

/// The site's icons, made once per site from the home page's cover: a
/// 32 px PNG favicon and a 180 px `apple-touch-icon`, centre-cropped squares
/// (``SquareIcon``). A cold visit then fetches a 1–3 KB favicon instead of a
/// 320 px photo rendition, and a phone's home screen gets an icon of the
/// size it asks for.
///
/// Their names are fixed, `favicon.png` and `apple-touch-icon.jpg` in the
/// output folder's root: every page links them, and a rebuild that carries
/// albums keeps those albums' pages as they are, so a name that followed the
/// cover would leave them linking an icon that is gone. The touch icon is
/// always a JPEG (a quarter of a 180 px PNG photo's bytes; Safari fetches it
/// on ordinary visits), a transparent cover's laid on white, so its name
/// never depends on the cover. They go through the manifest and the
/// confined writer like every other file, and are rewritten only when the
/// cover changed (``make(in:)``).
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

    static let faviconName = "favicon.png", touchIconName = "apple-touch-icon.jpg"

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
        let small: [UInt8], large: [UInt8]
        do throws(ThumbnailError) {
            small = try SquareIcon.make(sizes: [favicon.width], pngUpTo: .max, from: bytes)[0].data
            let made = try SquareIcon.make(sizes: [touchIcon.width], pngUpTo: 0, from: bytes)[0]
            // A transparent picture SquareIcon keeps PNG: laid on white for the JPEG name.
            large = made.format == .jpeg ? made.data
                : try ImageEncoder.jpeg(ImageDecoder.decode(made.data).pixels.onWhite(), quality: RenditionRequest.defaultQuality)
        } catch {
            throw .iconNotMade(path: output.display(favicon.path), reason: "\(error)")
        }
        try output.write(small, to: favicon.path)
        try output.write(large, to: touchIcon.path)
    }
}

extension PixelBuffer {
    /// The picture laid on white: its alpha gone, a transparent pixel white
    /// (a JPEG has no transparency; a home screen shows the icon on its own
    /// background, never through it).
    func onWhite() throws(ThumbnailError) -> PixelBuffer {
        guard channels == 4 || channels == 2 else { return self }
        let colours = channels - 1
        var out = [UInt8]()
        out.reserveCapacity(width * height * colours)
        for start in stride(from: 0, to: samples.count, by: channels) {
            let alpha = Int(samples[start + colours])
            for channel in 0..<colours {
                out.append(UInt8((Int(samples[start + channel]) * alpha + 255 * (255 - alpha) + 127) / 255))
            }
        }
        return try PixelBuffer(width: width, height: height, channels: colours, samples: out)
    }
}
