import Foundation
import Testing
@testable import ImageHeaders

/// Camera RAWs are recognised by their bytes before plain TIFF (and before the ISO BMFF parsers),
/// and their header gives the format, the size the file states and the orientation of IFD0.
/// The fixtures: `Fixtures/raw` (header-only, `make-raw-headers.py`) and the DNGs of
/// `ThumbnailsTests/Fixtures/raw` (`make-raw-fixtures.py`), which LibRaw also develops.
@Suite struct CameraRawHeaderTests {
    static let dngFolder = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ThumbnailsTests/Fixtures/raw")

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var format: ImageFormat
        var width: Int
        var height: Int
        var orientation: Orientation
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "raw/header-only.cr2", format: .cr2, width: 600, height: 400, orientation: .right),
        Case(file: "raw/header-only.nef", format: .nef, width: 160, height: 120, orientation: .left),
        Case(file: "raw/header-only.arw", format: .arw, width: 160, height: 120, orientation: .up),
        Case(file: "raw/header-only.dng", format: .dng, width: 64, height: 48, orientation: .up),
        Case(file: "raw/nikon-plain.tif", format: .tiff, width: 160, height: 120, orientation: .up),
        Case(file: "raw/header-only.orf", format: .orf, width: 320, height: 240, orientation: .down),
        Case(file: "raw/header-only-mm.orf", format: .orf, width: 320, height: 240, orientation: .up),
        Case(file: "raw/header-only.rw2", format: .rw2, width: 400, height: 300, orientation: .up),
        Case(file: "raw/header-only.raf", format: .raf, width: 120, height: 80, orientation: .up),
        Case(file: "raw/header-only.cr3", format: .cr3, width: 6000, height: 4000, orientation: .left),
        Case(file: "dng-developed-orient6.dng", format: .dng, width: 256, height: 192, orientation: .right),
        // IFD0 of this DNG is its 2048x1536 preview; the sensor data is in a SubIFD.
        Case(file: "dng-preview-orient8.dng", format: .dng, width: 2048, height: 1536, orientation: .left),
    ]

    static func bytes(_ file: String) throws -> [UInt8] {
        file.hasPrefix("raw/") ? try Fixtures.bytes(file)
            : [UInt8](try Data(contentsOf: dngFolder.appendingPathComponent(file)))
    }

    @Test(arguments: cases)
    func formatSizeAndOrientation(_ item: Case) throws {
        let bytes = try Self.bytes(item.file)
        let header = try ImageHeader.read(from: bytes)
        #expect(header.format == item.format)
        #expect(header.storedSize == PixelSize(width: item.width, height: item.height))
        #expect(header.orientation == item.orientation)
        #expect(header.displaySize == (item.orientation.swapsDimensions ? header.storedSize.transposed : header.storedSize))
        // The one sniffer, on the whole file as Thumbnails calls it, names the same format.
        #expect(ImageFormat.detect(bytes) == item.format)
    }

    @Test(arguments: cases.filter { $0.format != .tiff })
    func everyRawIsDecodedByLibRaw(_ item: Case) {
        #expect(item.format.isCameraRaw && item.format.capabilities.decoder == .libraw)
        #expect(!item.format.canStripMetadata, "a RAW's metadata is its development recipe; it is never rewritten")
    }

    @Test func theMakeOfIFD0IsReadForItsMetadata() throws {
        let header = try ImageHeader.read(from: try Fixtures.bytes("raw/header-only.cr3"))
        #expect(header.metadata?.make == "Canon" && header.metadata?.model == "Canon EOS R5")
    }

    /// A CR3 (brand `crx `) is recognised by its `ftyp` alone; without Canon's boxes it has no header.
    @Test func aCR3WithoutItsBoxesIsMissingThem() {
        let bytes: [UInt8] = [0, 0, 0, 0x14] + Array("ftypcrx ".utf8) + [0, 0, 0, 1] + Array("crx isoZ".utf8)
        #expect(ImageFormat.detect(bytes) == .cr3)
        #expect(throws: HeaderError(offset: 0, reason: .missing("CR3 'CMT1' box"))) { try ImageHeader.read(from: bytes) }
    }

    /// Cut anywhere, a RAW header is an error or a header, never a trap.
    @Test(arguments: cases)
    func truncatedRawsFailCleanly(_ item: Case) throws {
        let bytes = try Self.bytes(item.file)
        for length in stride(from: 0, to: min(bytes.count, 400), by: 7) {
            _ = try? ImageHeader.read(from: Array(bytes.prefix(length)))
            _ = ImageFormat.detect(Array(bytes.prefix(length)))
        }
    }
}
