import CWatermark
import Foundation
import Thumbnails

/// A watermark ready to draw: an album's ``WatermarkSpec`` with its font
/// file found, or its image decoded, and the digest of everything that
/// decides its pixels (``treatment``), which names the renditions it marks.
struct Watermark: Sendable, Equatable {
    var spec: WatermarkSpec
    /// The font file fontconfig found, for a text.
    var fontFile: String?
    /// The decoded image, RGBA, for an image mark.
    var image: PixelBuffer?
    /// 32 hex digits of SHA-256 over the settings, the font file's bytes and
    /// the image's: a marked rendition's name carries it, so a photo marked
    /// in one album and plain in another has two files, and any change to the
    /// mark (its text, its font, the image's bytes, the FreeType and HarfBuzz versions) gives new names.
    var treatment: String

    /// The rendition mark the rendition maker applies.
    var mark: RenditionMark {
        let watermark = self
        return RenditionMark(id: treatment, minWidth: spec.minWidth) { pixels throws(ThumbnailError) in
            try watermark.draw(on: pixels)
        }
    }

    /// `pixels` with the mark laid over them, sized to their width.
    func draw(on pixels: PixelBuffer) throws(ThumbnailError) -> PixelBuffer {
        let opacity = Int32((spec.opacity * 256).rounded())
        let margin = max(1, Int((Double(pixels.width) * 0.02).rounded()))
        var samples = pixels.samples
        let (width, height, channels) = (Int32(pixels.width), Int32(pixels.height), Int32(pixels.channels))
        if let image {
            let markWidth = max(1, min(pixels.width, Int((Double(pixels.width) * spec.relativeSize).rounded())))
            let markHeight = max(1, RenditionMaker.height(forWidth: markWidth, displayWidth: image.width, displayHeight: image.height))
            let scaled = image.resized(width: markWidth, height: markHeight)
            let origin = spec.position.origin(mark: (markWidth, markHeight), width: pixels.width, height: pixels.height, margin: margin)
            samples.withUnsafeMutableBufferPointer { target in
                scaled.samples.withUnsafeBufferPointer { source in
                    cwm_blend_rgba(target.baseAddress, width, height, channels, source.baseAddress,
                                   Int32(markWidth), Int32(markHeight), Int32(origin.x), Int32(origin.y), opacity)
                }
            }
        } else if case .text(let text) = spec.mark, let fontFile {
            let pixelSize = max(1, Int((Double(pixels.width) * spec.relativeSize).rounded()))
            let mask = try Self.textMask(text, fontFile: fontFile, pixelSize: pixelSize)
            let origin = spec.position.origin(mark: (mask.width, mask.height), width: pixels.width, height: pixels.height, margin: margin)
            // A soft dark shadow under white text: readable on light and dark photos alike.
            let offset = max(1, pixelSize / 24)
            samples.withUnsafeMutableBufferPointer { target in
                mask.coverage.withUnsafeBufferPointer { coverage in
                    cwm_blend_mask(target.baseAddress, width, height, channels, coverage.baseAddress, Int32(mask.width),
                                   Int32(mask.height), Int32(origin.x + offset), Int32(origin.y + offset), 0, 0, 0, opacity / 2)
                    cwm_blend_mask(target.baseAddress, width, height, channels, coverage.baseAddress, Int32(mask.width),
                                   Int32(mask.height), Int32(origin.x), Int32(origin.y), 255, 255, 255, opacity)
                }
            }
        }
        return try PixelBuffer(width: pixels.width, height: pixels.height, channels: pixels.channels, samples: samples)
    }

    /// The text shaped and drawn at `pixelSize` pixels per em: a coverage mask.
    static func textMask(_ text: String, fontFile: String,
                         pixelSize: Int) throws(ThumbnailError) -> (coverage: [UInt8], width: Int, height: Int) {
        var mask: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var error = cwm_error()
        let bytes = Array(text.utf8)
        let code = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                cwm_text_mask(fontFile, pointer, buffer.count, Int32(min(pixelSize, 4096)), &mask, &width, &height, &error)
            }
        }
        guard code == Int32(CWM_OK), let mask else {
            let message = withUnsafeBytes(of: &error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .invalidRequest("watermark: \(message)")
        }
        defer { cwm_free(mask) }
        return (Array(UnsafeBufferPointer(start: mask, count: Int(width) * Int(height))), Int(width), Int(height))
    }
}
