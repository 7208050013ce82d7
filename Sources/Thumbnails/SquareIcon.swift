/// Square icons of an image (a site's favicon and touch icon): the largest
/// centred square of the upright picture, resampled to each size. Small
/// icons are PNG (a 32 px photo is 1-3 KB); larger ones JPEG unless they
/// have transparency (a 180 px photo is ~39 KB as PNG, a quarter of that
/// as JPEG). Pure: bytes in, bytes out, the same bytes every time.
public enum SquareIcon {
    /// Icons of `source` at each of `sizes` (pixels a side), in the order
    /// given: PNG up to `pngUpTo` px, JPEG at `quality` above it (PNG when
    /// transparent). `orientation` is the EXIF orientation the header scan
    /// read (ignored for formats whose decoders orient the pixels).
    public static func make(sizes: [Int], orientation: Int = 1, pngUpTo: Int = 64,
                            quality: Int = RenditionRequest.defaultQuality, from source: [UInt8],
                            limits: DecodeLimits = .default) throws(ThumbnailError) -> [Rendition] {
        if let bad = sizes.first(where: { $0 < 1 }) { throw .invalidRequest("icon size \(bad)") }
        var decoded = try ImageDecoder.decode(source, minimumSize: nil, limits: limits)
        let requested = (1...8).contains(orientation) ? orientation : 1
        var pixels = PixelBuffer(unchecked: 0, 0, 1, [])
        swap(&pixels, &decoded.pixels)
        let upright = pixels.applyingOrientation(decoded.isOriented ? 1 : requested)
        let square = upright.centreSquare()
        return try sizes.map { size throws(ThumbnailError) in
            let side = min(size, square.width)
            var icon = Resampler.resize(square, width: side, height: side)
            if icon.channels == 4 && !icon.hasTransparency { icon = icon.droppingAlphaInPlace() }
            if side > pngUpTo && icon.channels != 4 {
                return Rendition(width: side, height: side, format: .jpeg, data: try ImageEncoder.jpeg(icon, quality: quality))
            }
            return Rendition(width: side, height: side, format: .png, data: try ImageEncoder.png(icon))
        }
    }
}

extension PixelBuffer {
    /// The largest centred square (the longer side's extra split evenly,
    /// the odd pixel to the end), so a landscape loses its sides and a
    /// portrait its top and bottom alike.
    func centreSquare() -> PixelBuffer {
        let side = min(width, height)
        guard width != height else { return self }
        let left = (width - side) / 2, top = (height - side) / 2
        var out = [UInt8]()
        out.reserveCapacity(side * side * channels)
        for row in top..<(top + side) {
            let start = (row * width + left) * channels
            out.append(contentsOf: samples[start..<(start + side * channels)])
        }
        return PixelBuffer(unchecked: side, side, channels, out)
    }
}
