import Foundation
import Testing
@testable import Thumbnails

/// Every JPEG and PNG of the shared corpus (`../shared/corpus/manifest.tsv`) decodes or gives a
/// typed error — never a crash, a hang or an exit.
@Suite struct CorpusDecodeTests {
    struct Row: Sendable, CustomStringConvertible {
        let path: String
        let format: String
        let width: Int
        let height: Int
        let valid: Bool
        var description: String { path }
    }

    /// Valid files the decoder refuses on purpose, with the reason.
    static let expectedFailures: [String: String] = [
        "libjpeg-turbo/monkey12.jpg": "12-bit samples; libjpeg-turbo's 8-bit API cannot decode them (browsers cannot either)",
        "image-size/valid/png/sample_fried.png": "Apple CgBI PNG: not a standard PNG, libpng and browsers reject it",
    ]

    static func rows() -> [Row] {
        let manifest = TestSupport.corpus.appendingPathComponent("manifest.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 10, ["JPEG", "PNG", "APNG"].contains(fields[3]),
                  let width = Int(fields[4]), let height = Int(fields[5]) else { return nil }
            return Row(path: fields[0], format: fields[3], width: width, height: height, valid: fields[9] == "valid")
        }
    }

    @Test(.enabled(if: TestSupport.exists(TestSupport.corpus), "shared corpus not found beside the repository"))
    func corpusHasItsJPEGsAndPNGs() {
        #expect(Self.rows().count > 200)
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
        } catch {
            if row.valid {
                #expect(Self.expectedFailures[row.path] != nil, "\(row.path): \(error)")
                if case .unsupported = error {} else { Issue.record("\(row.path): expected .unsupported, got \(error)") }
            }
            print("typed error for \(row.path): \(error)")
        }
    }
}
