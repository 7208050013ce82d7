import Foundation
import Testing
@testable import Thumbnails

/// Every JPEG, PNG, WebP, GIF and TIFF of the shared corpus (`../shared/corpus/manifest.tsv`)
/// decodes or gives a typed error — never a crash, a hang or an exit. WebP, GIF and TIFF are
/// held to more: every valid one decodes and renders at its manifest display size (orientation
/// applied), every corrupt one throws.
@Suite struct CorpusDecodeTests {
    struct Row: Sendable, CustomStringConvertible {
        let path: String
        let format: String
        let width: Int
        let height: Int
        let valid: Bool
        let orientation: Int
        let displayWidth: Int
        let displayHeight: Int
        var description: String { path }
        /// The formats whose corrupt files must throw and valid ones render at the display size.
        var isStrict: Bool { ["WEBP", "GIF", "TIFF"].contains(format) }
    }

    /// Valid files the decoder refuses on purpose, with the reason.
    static let expectedFailures: [String: String] = [
        "libjpeg-turbo/monkey12.jpg": "12-bit samples; libjpeg-turbo's 8-bit API cannot decode them (browsers cannot either)",
        "image-size/valid/png/sample_fried.png": "Apple CgBI PNG: not a standard PNG, libpng and browsers reject it",
        "image-rs/tiff/testsuite/rgb32f_bw.tiff": "32-bit floating-point samples: libtiff's RGBA reader does not convert them (nor does Pillow), and HDR needs a tone map",
    ]

    static func rows() -> [Row] {
        let manifest = TestSupport.corpus.appendingPathComponent("manifest.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 10, ["JPEG", "PNG", "APNG", "WEBP", "GIF", "TIFF"].contains(fields[3]) else { return nil }
            let valid = fields[9] == "valid"
            let width = Int(fields[4]) ?? 0, height = Int(fields[5]) ?? 0
            // A valid row has its sizes; a corrupt one may have none ("-").
            guard !valid || (width > 0 && height > 0) else { return nil }
            return Row(path: fields[0], format: fields[3], width: width, height: height, valid: valid,
                       orientation: Int(fields[6]) ?? 1, displayWidth: Int(fields[7]) ?? width,
                       displayHeight: Int(fields[8]) ?? height)
        }
    }

    @Test(.enabled(if: TestSupport.exists(TestSupport.corpus), "shared corpus not found beside the repository"))
    func corpusHasItsJPEGsAndPNGs() {
        #expect(Self.rows().count > 200)
        #expect(Self.rows().filter(\.isStrict).count >= 55)
    }

    @Test(.enabled(if: TestSupport.exists(TestSupport.corpus), "shared corpus not found beside the repository"),
          arguments: rows())
    func decodes(row: Row) throws {
        let bytes = try TestSupport.bytes(at: TestSupport.corpus.appendingPathComponent(row.path))
        do {
            let decoded = try ImageDecoder.decode(bytes)
            #expect(decoded.fullWidth == row.width && decoded.fullHeight == row.height)
            #expect(decoded.pixels.width == row.width && decoded.pixels.height == row.height)
            // A rendition of it can be made too.
            let renditions = try RenditionMaker().make(RenditionRequest(widths: [32]), from: bytes)
            #expect(renditions.count == 1)
            if row.isStrict {
                #expect(row.valid, "\(row.path): a corrupt file decoded")
                let full = try RenditionMaker().make(RenditionRequest(widths: [row.displayWidth], orientation: row.orientation),
                                                     from: bytes)
                #expect(full.map { [$0.width, $0.height] } == [[row.displayWidth, row.displayHeight]], "\(row.path)")
            }
        } catch {
            if row.valid {
                #expect(Self.expectedFailures[row.path] != nil, "\(row.path): \(error)")
                if case .unsupported = error {} else { Issue.record("\(row.path): expected .unsupported, got \(error)") }
            }
            print("typed error for \(row.path): \(error)")
        }
    }
}
