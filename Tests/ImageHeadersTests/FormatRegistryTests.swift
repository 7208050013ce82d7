import Foundation
import Testing
@testable import ImageHeaders

/// The format registry (``ImageFormat/capabilities``) against what the header scan does: every
/// format it lists is one the scanner reports for some fixture, its claims hang together, and the
/// one sniffer (``ImageFormat/detect(_:)``, which Thumbnails dispatches on) names the same format
/// as the header read for every fixture.
@Suite struct FormatRegistryTests {
    /// Every fixture file under `Fixtures` (not the notes, manifests and scripts beside them).
    static let fixtures: [String] = {
        let skipped: Set<String> = ["md", "tsv", "sh", "py", "txt", "c", "icc"]
        let root = Fixtures.directory.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        for case let relative as String in walker {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
                  !isDirectory.boolValue, !skipped.contains((relative as NSString).pathExtension.lowercased()) else { continue }
            paths.append(relative)
        }
        return paths.sorted()
    }()

    /// The format the header scan reports for each fixture it reads.
    static let scanned: [(path: String, format: ImageFormat)] = fixtures.compactMap { path in
        guard let bytes = try? Fixtures.bytes(path), let header = try? ImageHeader.read(from: bytes) else { return nil }
        return (path, header.format)
    }

    /// Formats no fixture file holds; their header is built in the tests that read them.
    static let builtInOnly: Set<ImageFormat> = [.qoi]

    @Test(arguments: ImageFormat.allCases)
    func claimsHangTogether(_ format: ImageFormat) {
        let claims = format.capabilities
        if claims.isVideo {
            #expect(claims.decoder == nil && claims.encoder == nil && claims.metadataStripping == nil,
                    "a video is a poster tile, never decoded, written or stripped as an image")
        }
        if claims.encoder != nil {
            #expect(claims.decoder != nil, "what Cascade writes it must read back (shard adoption, tests)")
        }
        if claims.metadataStripping != nil {
            #expect(claims.decoder != nil, "a published original has renditions too")
        }
        #expect(format.isVideo == claims.isVideo)
        #expect(format.isDecodable == (claims.decoder != nil))
        #expect(format.canStripMetadata == (claims.metadataStripping != nil))
    }

    /// The scanner accepts every listed format: a fixture reads as it (or, for a format with no
    /// fixture file, the built-in header in its parser's tests does).
    @Test(arguments: ImageFormat.allCases)
    func theScannerReportsEveryListedFormat(_ format: ImageFormat) {
        let found = Self.scanned.contains { $0.format == format }
        #expect(found != Self.builtInOnly.contains(format), "\(format): fixtures \(found ? "found" : "missing")")
    }

    /// The sniffer the decoders use and the header read agree on every fixture: the same
    /// format when the header reads, no format when the header scan knows none.
    @Test func detectionAgreesWithTheHeaderReadOnEveryFixture() throws {
        #expect(Self.fixtures.count > 400)
        for path in Self.fixtures {
            let bytes = try Fixtures.bytes(path)
            let detected = ImageFormat.detect(bytes)
            do throws(HeaderError) {
                let header = try ImageHeader.read(from: bytes)
                #expect(detected == header.format, "\(path)")
            } catch let error where error.reason == .unknownFormat || error.reason == .empty {
                #expect(detected == nil, "\(path)")
            } catch {
                #expect(detected != nil, "\(path): a parser matched, so the sniffer names its format")
            }
        }
    }

    /// Only the first bytes decide, and the formats one parser reads are told apart as it does.
    @Test(arguments: [
        ([0, 0, 0, 0x14] + Array("ftypmif1\0\0\0\0avif".utf8), ImageFormat.avif),
        ([0, 0, 0, 0x14] + Array("ftypmif1\0\0\0\0heic".utf8), .heic),
        ([0, 0, 0, 0x14] + Array("ftypmif1\0\0\0\0miaf".utf8), .heif),
        ([0, 0, 0, 0x14] + Array("ftypqt  \0\0\0\0qt  ".utf8), .mov),
        ([0, 0, 0, 0x14] + Array("ftypisom\0\0\0\0mp41".utf8), .mp4),
        ([0, 0, 1, 0, 1, 0] + [UInt8](repeating: 0, count: 16), .ico),
        ([0, 0, 2, 0, 1, 0] + [UInt8](repeating: 0, count: 16), .cur),
        ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
        ([0xFF, 0xD8, 0x00, 0x00], .jpeg),
        (Array("hello".utf8), nil),
        ([], nil),
    ] as [([UInt8], ImageFormat?)])
    func detectsFromLeadingBytes(_ bytes: [UInt8], _ format: ImageFormat?) {
        #expect(ImageFormat.detect(bytes) == format)
    }
}
