import Foundation
import Testing
@testable import Thumbnails

/// The recurser/exif-orientation-examples photos: `X_N.jpg` stores its pixels so that EXIF
/// orientation N shows the same upright picture as `X_1.jpg`.
@Suite struct OrientationTests {
    static let cases: [(String, Int)] = ["Landscape", "Portrait"].flatMap { name in (1...8).map { (name, $0) } }

    /// Decoded rendition at `width` of `bytes` shown with `orientation`.
    static func uprightRendition(_ bytes: [UInt8], orientation: Int, width: Int) throws -> PixelBuffer {
        let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [width], orientation: orientation),
                                                               from: bytes).first)
        let tagged = TestSupport.hasOrientationTag(rendition.data)
        #expect(!tagged)
        let pixels = try ImageDecoder.decode(rendition.data).pixels
        #expect(pixels.width == rendition.width && pixels.height == rendition.height)
        return pixels
    }

    /// The rendition with the right orientation matches the upright reference closely; every wrong
    /// orientation of the same size is far off.
    static func check(_ bytes: [UInt8], reference: [UInt8], orientation: Int, width: Int, label: String) throws {
        let expected = try uprightRendition(reference, orientation: 1, width: width)
        let right = try uprightRendition(bytes, orientation: orientation, width: width)
        let rightDifference = try #require(TestSupport.meanAbsoluteDifference(right, expected), "\(label): size \(right.width)x\(right.height)")
        #expect(rightDifference < 8, "\(label): mean difference \(rightDifference)")
        for wrong in 1...8 where wrong != orientation {
            let candidate = try uprightRendition(bytes, orientation: wrong, width: width)
            guard let difference = TestSupport.meanAbsoluteDifference(candidate, expected) else { continue }
            #expect(difference > 3 * max(rightDifference, 1), "\(label) shown as \(wrong): \(difference) vs \(rightDifference)")
        }
    }

    @Test(arguments: cases)
    func fixtureRenditionsAreUpright(name: String, orientation: Int) throws {
        try Self.check(try TestSupport.fixture("orientation/\(name)_\(orientation).jpg"),
                       reference: try TestSupport.fixture("orientation/\(name)_1.jpg"),
                       orientation: orientation, width: 64, label: "\(name)_\(orientation)")
    }

    static let corpusFolder = TestSupport.corpus.appendingPathComponent("recurser-exif-orientation-examples")

    @Test(.enabled(if: TestSupport.exists(corpusFolder), "shared corpus not found beside the repository"), arguments: cases)
    func corpusRenditionsAreUpright(name: String, orientation: Int) throws {
        let folder = Self.corpusFolder
        try Self.check(try TestSupport.bytes(at: folder.appendingPathComponent("\(name)_\(orientation).jpg")),
                       reference: try TestSupport.bytes(at: folder.appendingPathComponent("\(name)_1.jpg")),
                       orientation: orientation, width: 120, label: "corpus \(name)_\(orientation)")
    }

    @Test func displaySizeSwapsForFiveToEight() throws {
        let bytes = try TestSupport.fixture("orientation/Landscape_6.jpg") // stored 150×225, shown 225×150
        let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [100], orientation: 6), from: bytes).first)
        #expect(rendition.width == 100 && rendition.height == 67)
    }
}
