import Foundation
import Synchronization
import ImageHeaders
import Testing
@testable import Thumbnails

/// The WebP and AVIF encoders (`--formats`): what they write decodes back (with the
/// shim's own libwebp and libheif decoders) to the size and pixels given, the same input gives
/// the same bytes, the ICC profile is kept and no other metadata is written, and
/// ``RenditionMaker`` makes them from the same resampled pixels as the JPEG fallback.
@Suite struct ModernEncoderTests {
    /// A smooth colour gradient with a hard edge, `channels` 1, 3 or 4 (alpha a horizontal ramp).
    static func image(width: Int, height: Int, channels: Int) -> PixelBuffer {
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let base = (y * width + x) * channels
                let edge: UInt8 = x < width / 2 ? 40 : 200
                let values: [UInt8] = [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), edge,
                                       UInt8(64 + x * 191 / max(1, width - 1))]
                for c in 0..<channels { samples[base + c] = channels == 1 ? edge / 2 + values[0] / 2 : values[c] }
            }
        }
        return PixelBuffer(unchecked: width, height, channels, samples)
    }

    static func encode(_ format: ImageFormat, _ pixels: PixelBuffer, icc: [UInt8]? = nil) throws -> [UInt8] {
        format == .avif ? try ImageEncoder.avif(pixels, quality: 70, iccProfile: icc)
                        : try ImageEncoder.webp(pixels, quality: 80, iccProfile: icc)
    }

    /// Mean absolute difference over the channels both buffers have (grey compared with each of R, G, B).
    static func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        var total = 0, count = 0
        for index in 0..<(a.width * a.height) {
            for c in 0..<min(3, max(a.channels, b.channels)) {
                let left = Int(a.samples[index * a.channels + min(c, a.channels - 1)])
                let right = Int(b.samples[index * b.channels + min(c, b.channels - 1)])
                total += abs(left - right)
                count += 1
            }
        }
        return Double(total) / Double(max(1, count))
    }

    @Test(arguments: [ImageFormat.webp, .avif], [1, 3, 4])
    func decodesBackToTheSizeAndPixels(_ format: ImageFormat, _ channels: Int) throws {
        // Odd sizes: 4:2:0 chroma and AV1's 8-pixel blocks must not round them.
        let source = Self.image(width: 67, height: 45, channels: channels)
        let bytes = try Self.encode(format, source)
        #expect(ImageFormat.detect(bytes) == format)
        let header = try ImageHeader.read(from: bytes)
        #expect(header.displaySize == PixelSize(width: 67, height: 45))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.format == format)
        #expect(decoded.pixels.width == 67 && decoded.pixels.height == 45)
        #expect((decoded.pixels.channels == 4) == (channels == 4), "alpha kept exactly when there was alpha")
        #expect(Self.meanDifference(source, decoded.pixels) < 6, "\(format) \(channels): \(Self.meanDifference(source, decoded.pixels))")
        if channels == 4 {
            // The alpha ramp survives: transparent-ish on the left, nearly opaque on the right.
            let left = Int(decoded.pixels.samples[3]), right = Int(decoded.pixels.samples[66 * 4 + 3])
            #expect(abs(left - 64) < 12 && abs(right - 255) < 12, "alpha \(left) … \(right)")
        }
    }

    @Test(arguments: [ImageFormat.webp, .avif])
    func sameInputSameBytes(_ format: ImageFormat) throws {
        let source = Self.image(width: 160, height: 120, channels: 3)
        let first = try Self.encode(format, source)
        // Encoded again from other threads at once: no state shared between encodes changes the bytes.
        let again = Mutex<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            let bytes = (try? Self.encode(format, source)) ?? []
            again.withLock { $0.append(bytes) }
        }
        #expect(again.withLock { $0.count == 3 && $0.allSatisfy { $0 == first } })
        var changed = source
        changed.samples[0] ^= 0xFF
        #expect(try Self.encode(format, changed) != first)
    }

    /// A JPEG with EXIF, XMP and an ICC profile: the WebP and AVIF renditions keep the profile
    /// (byte for byte) and nothing else — no Exif, no XMP packet.
    @Test(arguments: [ImageFormat.webp, .avif])
    func profileKeptMetadataDropped(_ format: ImageFormat) throws {
        let source = try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg")
        let original = try ImageDecoder.decode(source)
        let profile = try #require(original.iccProfile)
        let request = RenditionRequest(widths: [], alternates: [AlternateEncoding(format: format, quality: 60, widths: [200])])
        let renditions = try RenditionMaker().make(request, from: source)
        try #require(renditions.count == 1)
        #expect(renditions[0].format == format && renditions[0].width == 200)
        let decoded = try ImageDecoder.decode(renditions[0].data)
        #expect(decoded.iccProfile == profile)
        let text = String(decoding: renditions[0].data, as: UTF8.self)
        for marker in ["Exif", "EXIF", "xmpmeta", "XMP ", "ns.adobe.com"] {
            #expect(!text.contains(marker), "\(format) rendition holds \(marker)")
        }
    }

    /// One decode, every format: each width comes out as JPEG and as each alternate, the
    /// alternates only at their own widths, all at the same display size per width.
    @Test func makerEncodesEveryFormatFromTheSamePixels() throws {
        let source = try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg")
        let request = RenditionRequest(widths: [100, 300], alternates: [
            AlternateEncoding(format: .avif, quality: 50, widths: [100, 300]),
            AlternateEncoding(format: .webp, quality: 70, widths: [300, 9999]),
        ])
        let renditions = try RenditionMaker().make(request, from: source)
        let summary = renditions.map { "\($0.format) \($0.width)x\($0.height)" }
        #expect(summary == ["JPEG 100x75", "AVIF 100x75", "JPEG 300x225", "AVIF 300x225", "WebP 300x225", "WebP 403x302"])
        for rendition in renditions {
            let decoded = try ImageDecoder.decode(rendition.data)
            #expect(decoded.format == rendition.format)
            #expect(decoded.pixels.width == rendition.width && decoded.pixels.height == rendition.height)
        }
        // The JPEG and WebP of one width show the same picture (the same resampled pixels).
        let jpeg = try ImageDecoder.decode(renditions[2].data).pixels, webp = try ImageDecoder.decode(renditions[4].data).pixels
        #expect(Self.meanDifference(jpeg, webp) < 8)
    }

    @Test func badAlternatesAreInvalidRequests() throws {
        let source = try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg")
        for alternates in [[AlternateEncoding(format: .gif, quality: 50, widths: [100])],
                           [AlternateEncoding(format: .webp, quality: 101, widths: [100])],
                           [AlternateEncoding(format: .webp, quality: 50, widths: [100]),
                            AlternateEncoding(format: .webp, quality: 60, widths: [100])]] {
            #expect {
                try RenditionMaker().make(RenditionRequest(widths: [100], alternates: alternates), from: source)
            } throws: { error in
                if case .invalidRequest = error as? ThumbnailError { return true }
                return false
            }
        }
    }
}
