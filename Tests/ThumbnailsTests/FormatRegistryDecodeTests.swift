import Foundation
import ImageHeaders
import Testing
@testable import Thumbnails

/// The format registry's decode and encode claims against the real decoders, on the fixtures of
/// both `Tests/ThumbnailsTests/Fixtures` and `Tests/ImageHeadersTests/Fixtures`: every format
/// given a decoder decodes a fixture of its own, every format without one is refused, and
/// the decoder dispatch and the header scan name the same format for every fixture.
@Suite struct FormatRegistryDecodeTests {
    /// Small enough that no fixture takes much memory; a larger one is a pixel limit, still typed.
    static let limits = DecodeLimits(maxPixels: 4_000_000, maxMemoryBytes: 256 * 1_048_576)

    /// Every fixture file the header scan reads, with the format it reports.
    static let scanned: [(path: String, format: ImageFormat)] = {
        let skipped: Set<String> = ["md", "tsv", "sh", "py", "txt", "c", "icc"]
        let roots = [TestSupport.fixtures, TestSupport.testsFolder.deletingLastPathComponent()
            .appendingPathComponent("ImageHeadersTests/Fixtures")]
        var found: [(String, ImageFormat)] = []
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let url as URL in walker where !skipped.contains(url.pathExtension.lowercased()) {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                      let header = try? ImageHeader.read(fileAt: url.path) else { continue }
                found.append((url.path, header.format))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }()

    /// The camera RAWs whose only fixtures hold a header and no sensor data.
    static let headerOnlyRaws: Set<ImageFormat> = [.cr2, .cr3, .nef, .arw, .raf, .orf, .rw2]

    static func fixtures(of format: ImageFormat) -> [String] {
        scanned.filter { $0.format == format }.map(\.path)
    }

    /// A format the registry gives a decoder decodes at least one fixture of its own, reporting
    /// that format, and none of its fixtures is refused as unknown.
    @Test(arguments: ImageFormat.allCases.filter(\.isDecodable))
    func everyDecodableFormatDecodesAFixture(_ format: ImageFormat) throws {
        let paths = Self.fixtures(of: format)
        try #require(!paths.isEmpty, "no fixture of \(format)")
        var decoded = 0
        for path in paths {
            let bytes = try TestSupport.bytes(at: URL(fileURLWithPath: path))
            do throws(ThumbnailError) {
                let image = try ImageDecoder.decode(bytes, limits: Self.limits)
                #expect(image.format == format, "\(path)")
                decoded += 1
            } catch {
                #expect(error != .unknownFormat, "\(path): the scanner reads it as \(format), the decoder knows no format")
            }
        }
        // Real camera files are megabytes: these RAWs have header-only fixtures (their sniffing is
        // tested in ImageHeadersTests), and only DNG, which can be made small, decodes here.
        if !Self.headerOnlyRaws.contains(format) {
            #expect(decoded > 0, "no fixture of \(format) decoded")
        }
    }

    /// A format with no decoder in the registry is refused by the decoder, never half-read.
    @Test(arguments: ImageFormat.allCases.filter { !$0.isDecodable })
    func everyOtherFormatIsRefused(_ format: ImageFormat) throws {
        for path in Self.fixtures(of: format) {
            let bytes = try TestSupport.bytes(at: URL(fileURLWithPath: path))
            #expect(throws: ThumbnailError.unknownFormat, "\(path)") { try ImageDecoder.decode(bytes, limits: Self.limits) }
        }
    }

    /// The decoder dispatch sniffs with the scanner's sniffer: for every fixture it picks the
    /// format the header read reports and the decoder the registry names for it.
    @Test func dispatchAndScannerAgreeOnEveryFixture() throws {
        #expect(Self.scanned.count > 400)
        for (path, format) in Self.scanned {
            let bytes = try TestSupport.bytes(at: URL(fileURLWithPath: path))
            if let decoder = format.capabilities.decoder {
                let picked = try? ImageDecoder.decodable(bytes)
                #expect(picked?.0 == format && picked?.1 == decoder, "\(path): \(format)")
            } else {
                #expect(throws: ThumbnailError.unknownFormat, "\(path)") { try ImageDecoder.decodable(bytes) }
            }
        }
    }

    /// Every format the registry gives an encoder is written by it: the bytes sniff as that
    /// format and decode back to the size given.
    @Test(arguments: ImageFormat.allCases.filter { $0.capabilities.encoder != nil })
    func everyEncodableFormatIsWritten(_ format: ImageFormat) throws {
        let pixels = ModernEncoderTests.image(width: 24, height: 16, channels: 3)
        let bytes: [UInt8] = switch format.capabilities.encoder {
        case .libjpeg: try ImageEncoder.jpeg(pixels, quality: 80)
        case .libpng: try ImageEncoder.png(pixels)
        case .libwebp: try ImageEncoder.webp(pixels, quality: 80)
        case .libheif: try ImageEncoder.avif(pixels, quality: 60)
        case nil: []
        }
        #expect(ImageFormat.detect(bytes) == format)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.format == format)
        #expect(decoded.pixels.width == 24 && decoded.pixels.height == 16)
    }

    /// The alternates a request may ask for are the formats with an encoder besides the fallbacks.
    @Test func alternatesAreTheEncodableFormatsBesidesTheFallbacks() {
        let encodable = Set(ImageFormat.allCases.filter { $0.capabilities.encoder != nil })
        #expect(Set(AlternateEncoding.formats) == encodable.subtracting([.jpeg, .png]))
    }
}
