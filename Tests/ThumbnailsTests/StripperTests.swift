import Foundation
import Testing
@testable import Thumbnails
import SeededRandom
import ImageHeaders

@Suite struct StripperTests {
    static let paris = "libavif/paris_exif_xmp_icc.jpg"

    @Test func dropsExifXMPKeepsICCAndPixels() throws {
        let original = try TestSupport.fixture(Self.paris)
        let stripped = try JPEGMetadataStripper.strip(original)
        #expect(stripped.removed.contains("APP1 Exif") && stripped.removed.contains("APP1 XMP"))
        #expect(stripped.orientation == 1)
        let markers = TestSupport.segments(stripped.data).map(\.marker)
        #expect(!markers.contains(0xE1))
        #expect(TestSupport.segments(stripped.data).contains { $0.marker == 0xE2 && $0.payload.starts(with: Array("ICC_PROFILE\0".utf8)) })
        let gps = TestSupport.hasGPS(stripped.data)
        #expect(!gps)
        #expect(stripped.data.count < original.count)
        let before = try ImageDecoder.decode(original), after = try ImageDecoder.decode(stripped.data)
        #expect(before.pixels == after.pixels)
        #expect(before.iccProfile == after.iccProfile)
    }

    @Test(arguments: 1...8)
    func keepsOrientationInAMinimalExif(orientation: Int) throws {
        let original = try TestSupport.fixture("orientation/Portrait_\(orientation).jpg")
        let stripped = try JPEGMetadataStripper.strip(original)
        #expect(stripped.orientation == orientation)
        #expect(JPEGMetadataStripper.orientation(of: original) == orientation)
        let exif = TestSupport.segments(stripped.data).filter { $0.marker == 0xE1 }
        if orientation == 1 {
            #expect(exif.isEmpty)
        } else {
            #expect(exif.count == 1)
            #expect(TestSupport.ifd0Tags(exif: exif[0].payload) == [0x0112])
            #expect(JPEGMetadataStripper.exifOrientation(exif[0].payload[...]) == orientation)
            // JFIF APP0 stays first.
            #expect(TestSupport.segments(stripped.data).first?.marker == 0xE0)
        }
        #expect(try ImageDecoder.decode(original).pixels == (try ImageDecoder.decode(stripped.data).pixels))
        // Stripping again changes nothing.
        #expect(try JPEGMetadataStripper.strip(stripped.data).data == stripped.data)
    }

    @Test func dropsCommentsAppSegmentsAndTrailingData() throws {
        var original = try TestSupport.fixture("orientation/Landscape_1.jpg")
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x07] + Array("alice".utf8)
        let app13: [UInt8] = [0xFF, 0xED, 0x00, 0x08] + Array("IPTC!!".utf8)
        original.insert(contentsOf: comment + app13, at: 2)
        original += Array("motion photo video bytes".utf8)
        let stripped = try JPEGMetadataStripper.strip(original)
        // The fixture also has an APP1 Exif saying orientation 1, which goes without replacement.
        #expect(stripped.removed == ["COM", "APP13", "APP1 Exif", "data after EOI (24 bytes)"])
        #expect(Array(stripped.data.suffix(2)) == [0xFF, 0xD9])
        #expect(!String(decoding: stripped.data, as: UTF8.self).contains("alice"))
        #expect(!TestSupport.segments(stripped.data).contains { $0.marker == 0xE1 })
    }

    @Test func rejectsNonJPEGWithTypedErrors() {
        #expect(throws: JPEGStripError.notJPEG) { try JPEGMetadataStripper.strip([]) }
        #expect(throws: JPEGStripError.notJPEG) { try JPEGMetadataStripper.strip(Array("GIF89a".utf8)) }
        #expect(throws: JPEGStripError.noImageData) { try JPEGMetadataStripper.strip([0xFF, 0xD8, 0xFF, 0xD9]) }
        #expect(throws: JPEGStripError.badSegmentLength(marker: 0xE1, offset: 2)) {
            try JPEGMetadataStripper.strip([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x40, 0x00])
        }
        #expect(throws: JPEGStripError.expectedMarker(offset: 2)) { try JPEGMetadataStripper.strip([0xFF, 0xD8, 0x00, 0x00]) }
        #expect(JPEGMetadataStripper.orientation(of: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]) == 1)
        #expect(JPEGMetadataStripper.orientation(of: []) == 1)
    }

    /// Every prefix of a real file ends in the typed error its cut implies, or — once the cut
    /// is past the first SOS segment — in a file that keeps what there is; single-byte
    /// corruptions end in a result or a typed error naming a byte inside the input.
    @Test func damagedInputGivesTypedResults() throws {
        let original = try TestSupport.fixture(Self.paris)
        var segments = try JPEGSegments(original)
        var starts: [Int] = []
        var firstScanEnd: Int?
        while let segment = try segments.next() {
            starts.append(segment.offset)
            if segment.marker == JPEGMarker.startOfScan && firstScanEnd == nil { firstScanEnd = segment.payload.upperBound }
        }
        let scanEnd = try #require(firstScanEnd)
        for cut in stride(from: 0, to: min(original.count, 6000), by: 7) {
            let prefix = Array(original.prefix(cut))
            let outcome = Result { () throws(JPEGStripError) in try JPEGMetadataStripper.strip(prefix) }
            switch outcome {
            case .success(let stripped):
                #expect(cut >= scanEnd, "cut \(cut): a result before the image data")
                #expect(stripped.data.starts(with: [0xFF, 0xD8]) && stripped.removed.contains("APP1 Exif"))
                #expect(try JPEGMetadataStripper.strip(stripped.data).data == stripped.data, "cut \(cut)")
            case .failure(.notJPEG):
                #expect(cut < 4)
            case .failure(.badSegmentLength(_, let offset)):
                #expect(cut < scanEnd && offset < cut, "cut \(cut), offset \(offset)")
            case .failure(let error):
                #expect(cut < scanEnd && error == .noImageData, "cut \(cut): \(error)")
            }
        }
        var generator = SplitMix64(seed: 42)
        for _ in 0..<400 {
            var damaged = original
            let index = Int(generator.next() % UInt64(min(original.count, 4000)))
            damaged[index] = UInt8(truncatingIfNeeded: generator.next())
            switch Result(catching: { () throws(JPEGStripError) in try JPEGMetadataStripper.strip(damaged) }) {
            case .success(let stripped):
                #expect(stripped.data.starts(with: [0xFF, 0xD8]))
                #expect(stripped.data.count <= damaged.count + JPEGMetadataStripper.minimalExif(orientation: 6).count)
            case .failure(.expectedMarker(let offset)), .failure(.badSegmentLength(_, let offset)):
                // Nothing before the damaged segment is blamed.
                let damagedSegment = starts.last { $0 <= index } ?? 0
                #expect(offset < damaged.count && offset >= damagedSegment, "byte \(index) damaged, error at \(offset)")
            case .failure(let error):
                #expect(error == .noImageData || (error == .notJPEG && index < 2), "byte \(index): \(error)")
            }
        }
    }

    static let samplePhotosManifest = TestSupport.samplePhotos.appendingPathComponent("manifest.tsv")

    /// The shared sample photos (EXIF with GPS and orientation tags) lose GPS, keep orientation and pixels.
    @Test(.enabled(if: TestSupport.exists(samplePhotosManifest), "shared sample photos not found beside the repository"))
    func samplePhotos() throws {
        let text = try String(contentsOf: Self.samplePhotosManifest, encoding: .utf8)
        var checked = 0, hadGPS = 0
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, fields[0].lowercased().hasSuffix(".jpg"), let orientation = Int(fields[3]) else { continue }
            let original = try TestSupport.bytes(at: TestSupport.samplePhotos.appendingPathComponent(fields[0]))
            if TestSupport.hasGPS(original) { hadGPS += 1 }
            let stripped = try JPEGMetadataStripper.strip(original)
            let gps = TestSupport.hasGPS(stripped.data)
            #expect(!gps, "\(fields[0])")
            #expect(stripped.orientation == orientation, "\(fields[0])")
            let hint = (width: 64, height: 64)
            #expect(try ImageDecoder.decode(original, minimumSize: hint).pixels == (try ImageDecoder.decode(stripped.data, minimumSize: hint).pixels))
            checked += 1
        }
        #expect(checked > 10)
        #expect(hadGPS > 0)
    }
}
