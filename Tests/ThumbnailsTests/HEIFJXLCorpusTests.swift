import Foundation
import ImageHeaders
import Testing
@testable import Thumbnails

/// Every HEIF/HEIC, AVIF and JPEG XL file of the shared corpus (`../shared/corpus/manifest.tsv`):
/// a valid one decodes to the manifest's display size (clap, irot/imir or the codestream
/// orientation applied once), a corrupt one throws a typed error. Never a crash, hang or exit.
@Suite struct HEIFJXLCorpusTests {
    struct Row: Sendable, CustomStringConvertible {
        let path: String
        let format: String
        let displayWidth: Int?
        let displayHeight: Int?
        let valid: Bool
        var description: String { path }
    }

    /// Valid files the decoders refuse on purpose, with the reason and the error they give.
    /// All are limits of the Debian 12 libraries (libheif 1.15.1, libjxl 0.7.0), not of the shim.
    static let expectedFailures: [String: String] = [
        "imagesize-rs/avif/test.avifs": "AVIF sequence whose alpha is a track: libheif 1.15 reads only items (\"non-existing alpha image\")",
        "imagesize-rs/jxl/valid_30w_9h.jxl": "16777216x1: libjxl 0.7 fails on the image data",
        "imagesize-rs/jxl/valid_9w_30h.jxl": "1x16777216: libjxl 0.7 fails on the image data",
        "libavif/draw_points_idat_metasize0.avif": "'meta' box of size 0 (to the end of the file): libheif 1.15 finds no 'meta'",
        "libavif/draw_points_idat_progressive_metasize0.avif": "'meta' box of size 0: libheif 1.15 finds no 'meta'",
        "libavif/pyramid_pymd.avif": "libheif 1.15 finds no 'meta' box (layered 'pymd' file)",
        "libheif/corpus/avc32.heif": "H.264 (avc1) item: libheif reads it from 1.18 on",
        "libheif/corpus/j2k32.heif": "JPEG 2000 (j2k1) item: no libheif 1.15 plugin here",
        "libheif/corpus/jpeg32.heif": "JPEG item: no libheif 1.15 plugin here",
        "libheif/corpus/unci32.heif": "uncompressed (unci) item: libheif reads it from 1.17 on",
        "libheif/uncompressed_comp_RGB.heif": "uncompressed (unci) item: libheif reads it from 1.17 on",
        "libheif/corpus/vvc32.heif": "H.266 (vvc1) item: libheif reads it from 1.18 on",
        "libheif/corpus/avif32-mini.heif": "low-overhead HEIF ('mif3', 'mini' box): libheif reads it from 1.19 on",
        "libheif/corpus/hevc32-mini.heif": "low-overhead HEIF ('mif3', 'mini' box): libheif reads it from 1.19 on",
        "libheif/lightning_mini.heif": "low-overhead HEIF ('mif3', 'mini' box): libheif reads it from 1.19 on",
    ]

    static func rows() -> [Row] {
        let manifest = TestSupport.corpus.appendingPathComponent("manifest.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 10, ["HEIC", "HEIF", "AVIF", "JXL"].contains(fields[3]) else { return nil }
            return Row(path: fields[0], format: fields[3], displayWidth: Int(fields[7]), displayHeight: Int(fields[8]),
                       valid: fields[9] == "valid")
        }
    }

    @Test(.enabled(if: TestSupport.exists(TestSupport.corpus), "shared corpus not found beside the repository"))
    func corpusHasItsHEIFAndJXLFiles() {
        #expect(Self.rows().count > 90)
    }

    @Test(.enabled(if: TestSupport.exists(TestSupport.corpus), "shared corpus not found beside the repository"),
          arguments: rows())
    func decodes(row: Row) throws {
        let bytes = try TestSupport.bytes(at: TestSupport.corpus.appendingPathComponent(row.path))
        do throws(ThumbnailError) {
            let decoded = try ImageDecoder.decode(bytes)
            #expect(row.valid, "\(row.path): a corrupt file decoded to \(decoded.pixels.width)x\(decoded.pixels.height)")
            #expect(Self.expectedFailures[row.path] == nil, "\(row.path) now decodes: update expectedFailures")
            #expect(decoded.pixels.width == row.displayWidth && decoded.pixels.height == row.displayHeight,
                    "\(row.path): \(decoded.pixels.width)x\(decoded.pixels.height)")
            // An embedded ICC profile (HEIF `colr` `prof`/`rICC`, as the header scan sees it) is kept.
            if row.format != "JXL", let header = try? ImageHeader.read(from: bytes), header.metadata?.hasICCProfile == true {
                #expect(decoded.iccProfile.map { $0.count >= 132 } == true, "\(row.path): ICC profile dropped")
            }
        } catch {
            if row.valid {
                #expect(Self.expectedFailures[row.path] != nil, "\(row.path): \(error)")
            }
            switch error {
            case .corrupt, .unsupported, .pixelLimit: break
            default: Issue.record("\(row.path): expected .corrupt, .unsupported or .pixelLimit, got \(error)")
            }
            print("typed error for \(row.path): \(error)")
        }
    }
}
