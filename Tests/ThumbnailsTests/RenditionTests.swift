import Foundation
import Parallel
import Testing
@testable import Thumbnails

@Suite struct RenditionTests {
    static let paris = "libavif/paris_exif_xmp_icc.jpg" // 403×302, EXIF + XMP + ICC

    @Test func widthsAreClampedDedupedAndSorted() throws {
        let renditions = try RenditionMaker().make(RenditionRequest(widths: [320, 100, 5000, 403, 100]),
                                                   from: try TestSupport.fixture(Self.paris))
        #expect(renditions.map(\.width) == [100, 320, 403])
        #expect(renditions.map(\.height) == [75, 240, 302])
        for rendition in renditions {
            #expect(rendition.format == .jpeg)
            let decoded = try ImageDecoder.decode(rendition.data)
            #expect(decoded.pixels.width == rendition.width && decoded.pixels.height == rendition.height)
        }
    }

    @Test func renditionsCarryOnlyJFIFAndICC() throws {
        for rendition in try RenditionMaker().make(RenditionRequest(widths: [64, 200]), from: try TestSupport.fixture(Self.paris)) {
            let markers = TestSupport.segments(rendition.data).map(\.marker).filter { (0xE0...0xEF).contains($0) || $0 == 0xFE }
            #expect(Set(markers) == [0xE0, 0xE2], "APPn/COM markers \(markers)")
            let gps = TestSupport.hasGPS(rendition.data)
            let orientation = TestSupport.hasOrientationTag(rendition.data)
            #expect(!gps && !orientation)
            // Progressive (SOF2) with the source's ICC profile, byte for byte.
            #expect(TestSupport.segments(rendition.data).contains { $0.marker == 0xC2 })
        }
    }

    @Test func iccProfileSurvives() throws {
        let source = try TestSupport.fixture(Self.paris)
        let original = try #require(try ImageDecoder.decode(source).iccProfile)
        let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [150]), from: source).first)
        #expect(try ImageDecoder.decode(rendition.data).iccProfile == original)
    }

    @Test func gpsPhotoLosesGPS() throws {
        let source = try TestSupport.fixture(Self.paris)
        let sourceHasGPS = TestSupport.hasGPS(source)
        #expect(sourceHasGPS, "the fixture should carry GPS")
        for rendition in try RenditionMaker().make(RenditionRequest(widths: [320, 800]), from: source) {
            let gps = TestSupport.hasGPS(rendition.data)
            let app1 = TestSupport.segments(rendition.data).contains { $0.marker == 0xE1 }
            #expect(!gps && !app1)
        }
    }

    @Test func transparentPNGKeepsAlpha() throws {
        let source = try TestSupport.fixture("pngsuite/basn6a08.png")
        let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [16]), from: source).first)
        #expect(rendition.format == .png)
        let pixels = try ImageDecoder.decode(rendition.data).pixels
        #expect(pixels.channels == 4 && pixels.width == 16 && pixels.height == 16)
        #expect(pixels.hasTransparency)
        // basn6a08's alpha runs from transparent to opaque: the rendition keeps that range.
        let alphas = stride(from: 3, to: pixels.samples.count, by: 4).map { pixels.samples[$0] }
        #expect(alphas.min()! < 40 && alphas.max()! > 215)
    }

    @Test func opaqueAlphaBecomesJPEG() throws {
        // An RGBA buffer whose alpha is all 255 has no real transparency.
        var samples = [UInt8](repeating: 255, count: 40 * 30 * 4)
        for i in stride(from: 0, to: samples.count, by: 4) { samples[i] = UInt8(i % 251) }
        let png = try ImageEncoder.png(try PixelBuffer(width: 40, height: 30, channels: 4, samples: samples))
        let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [20]), from: png).first)
        #expect(rendition.format == .jpeg)
    }

    @Test func greyStaysGrey() throws {
        let source = try TestSupport.fixture("pngsuite/basn0g16.png")
        let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [16]), from: source).first)
        #expect(rendition.format == .jpeg)
        #expect(try ImageDecoder.decode(rendition.data).pixels.channels == 1)
    }

    @Test func sameInputSameBytes() throws {
        let source = try TestSupport.fixture(Self.paris)
        let request = RenditionRequest(widths: [120, 240], orientation: 6, quality: 80)
        #expect(try RenditionMaker().make(request, from: source) == (try RenditionMaker().make(request, from: source)))
    }

    @Test func qualityChangesBytes() throws {
        let source = try TestSupport.fixture(Self.paris)
        let low = try RenditionMaker().make(RenditionRequest(widths: [300], quality: 50), from: source)[0]
        let high = try RenditionMaker().make(RenditionRequest(widths: [300], quality: 95), from: source)[0]
        #expect(low.data.count < high.data.count)
    }

    @Test func parallelRendersMatchSerial() throws {
        let names = ["orientation/Landscape_6.jpg", "orientation/Portrait_3.jpg", Self.paris, "pngsuite/basn6a08.png",
                     "pngsuite/basi3p02.png"]
        let sources = try names.map { try TestSupport.fixture($0) }
        let request = RenditionRequest(widths: [24, 100], orientation: 6)
        let serial = try sources.map { try RenditionMaker().make(request, from: $0) }
        let results = ParallelWork.map(count: sources.count * 4, jobs: 4) { index in
            try? RenditionMaker().make(request, from: sources[index % sources.count])
        }
        for index in 0..<(sources.count * 4) { #expect(results[index] == serial[index % sources.count]) }
    }

    @Test func badRequestsAreTypedErrors() throws {
        let source = try TestSupport.fixture(Self.paris)
        #expect(throws: ThumbnailError.invalidRequest("no widths")) { try RenditionMaker().make(RenditionRequest(widths: []), from: source) }
        #expect(throws: ThumbnailError.self) { try RenditionMaker().make(RenditionRequest(widths: [0]), from: source) }
        #expect(throws: ThumbnailError.self) { try RenditionMaker().make(RenditionRequest(widths: [10], quality: 0), from: source) }
    }

    @Test func pathErrorsNameTheFile() throws {
        do throws(ThumbnailError) {
            _ = try RenditionMaker().make(RenditionRequest(widths: [10]), contentsOf: "/nonexistent/x.jpg")
            Issue.record("read a missing file")
        } catch {
            #expect(error.description.hasPrefix("'/nonexistent/x.jpg': cannot read the file"))
        }
    }
}
