import CThumbnails
import Foundation
import ImageHeaders
import Testing
@testable import Thumbnails

/// The HEIF/HEIC, AVIF and JPEG XL decoders on the fixtures of
/// `Fixtures/heif-jxl/make-fixtures.sh`: 64×48 pictures of four flat quadrants (red, green /
/// blue, yellow), so size, colour and orientation can each be read from one corner.
@Suite struct HEIFJXLDecodeTests {
    static let red: [Int] = [220, 30, 30], green: [Int] = [30, 200, 60]
    static let blue: [Int] = [40, 60, 210], yellow: [Int] = [230, 220, 40]

    static func fixture(_ name: String) throws -> [UInt8] { try TestSupport.fixture("heif-jxl/" + name) }

    /// The RGB of the pixel at (x, y).
    static func colour(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let base = (y * pixels.width + x) * pixels.channels
        return (0..<3).map { Int(pixels.samples[base + min($0, pixels.channels - 1)]) }
    }

    /// The largest per-channel difference.
    static func distance(_ a: [Int], _ b: [Int]) -> Int { zip(a, b).map { abs($0 - $1) }.max() ?? 0 }

    /// The colours of the four corner patches (8 px in), top-left, top-right, bottom-left, bottom-right.
    static func corners(_ pixels: PixelBuffer) -> [[Int]] {
        let right = pixels.width - 9, bottom = pixels.height - 9
        return [colour(pixels, 8, 8), colour(pixels, right, 8), colour(pixels, 8, bottom), colour(pixels, right, bottom)]
    }

    struct Plain: Sendable, CustomStringConvertible {
        let file: String
        let format: ImageFormat
        let tolerance: Int
        var description: String { file }
    }

    static let plain: [Plain] = [
        Plain(file: "plain.heic", format: .heic, tolerance: 12),
        Plain(file: "10bit.heic", format: .heic, tolerance: 12),
        Plain(file: "structural-brands.heif", format: .heif, tolerance: 12),
        Plain(file: "plain.avif", format: .avif, tolerance: 12),
        Plain(file: "lossy.jxl", format: .jxl, tolerance: 12),
        Plain(file: "lossless.jxl", format: .jxl, tolerance: 0),
        Plain(file: "16bit.jxl", format: .jxl, tolerance: 0),
    ]

    @Test(arguments: plain)
    func decodesAtItsSizeWithItsColours(_ case_: Plain) throws {
        let bytes = try Self.fixture(case_.file)
        #expect(ImageFormat.detect(bytes) == case_.format)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.format == case_.format)
        #expect(decoded.isOriented)
        #expect(decoded.pixels.width == 64 && decoded.pixels.height == 48 && decoded.pixels.channels == 3)
        #expect(decoded.fullWidth == 64 && decoded.fullHeight == 48)
        // sRGB files carry no profile: renditions stay untagged sRGB.
        #expect(decoded.iccProfile == nil)
        for (seen, expected) in zip(Self.corners(decoded.pixels), [Self.red, Self.green, Self.blue, Self.yellow]) {
            #expect(Self.distance(seen, expected) <= case_.tolerance, "\(case_.file): \(seen) for \(expected)")
        }
    }

    struct Oriented: Sendable, CustomStringConvertible {
        let file: String
        let reference: String
        let width: Int
        let height: Int
        /// Expected corners: top-left, top-right, bottom-left, bottom-right.
        let corners: [[Int]]
        var description: String { file }
    }

    static let oriented: [Oriented] = [
        // irot 1: a quarter turn anticlockwise, so the top-right patch comes to the top left.
        Oriented(file: "irot90.heic", reference: "plain.heic", width: 48, height: 64,
                 corners: [green, yellow, red, blue]),
        // imir 0: top and bottom exchanged.
        Oriented(file: "imir0.heic", reference: "plain.heic", width: 64, height: 48,
                 corners: [blue, yellow, red, green]),
        // irot 3 then imir 1: a quarter turn clockwise, then left and right exchanged = transpose.
        Oriented(file: "irot270-imir1.avif", reference: "plain.avif", width: 48, height: 64,
                 corners: [red, blue, green, yellow]),
        // JPEG XL orientation 6: a quarter turn clockwise.
        Oriented(file: "orientation6.jxl", reference: "lossless.jxl", width: 48, height: 64,
                 corners: [blue, red, yellow, green]),
    ]

    @Test(arguments: oriented)
    func transformsAreAppliedOnceAndMatchTheHeaderScan(_ case_: Oriented) throws {
        let bytes = try Self.fixture(case_.file)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.pixels.width == case_.width && decoded.pixels.height == case_.height)
        for (seen, expected) in zip(Self.corners(decoded.pixels), case_.corners) {
            #expect(Self.distance(seen, expected) <= 12, "\(case_.file): \(seen) for \(expected)")
        }
        // The scanner agrees: its display size, and its orientation applied to the unturned picture.
        let header = try ImageHeader.read(from: bytes)
        #expect(header.displaySize == PixelSize(width: case_.width, height: case_.height))
        let reference = try ImageDecoder.decode(try Self.fixture(case_.reference))
        let turned = reference.pixels.applyingOrientation(Int(header.orientation.rawValue))
        #expect(TestSupport.meanAbsoluteDifference(turned, decoded.pixels).map { $0 < 3 } == true)

        // A rendition asked for with the scanner's orientation (as the Gallery asks) is upright,
        // not turned a second time.
        let request = RenditionRequest(widths: [24], orientation: Int(header.orientation.rawValue))
        let rendition = try #require(try RenditionMaker().make(request, from: bytes).first)
        #expect(rendition.width == 24 && rendition.height == 24 * case_.height / case_.width)
        let pixels = try ImageDecoder.decode(rendition.data).pixels
        let topLeft = Self.colour(pixels, 3, 3)
        #expect(Self.distance(topLeft, case_.corners[0]) <= 16, "\(case_.file) rendition: \(topLeft)")
    }

    @Test(arguments: ["alpha.heic", "alpha.avif", "alpha.jxl"])
    func alphaIsKept(_ file: String) throws {
        let bytes = try Self.fixture(file)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.pixels.channels == 4)
        let pixels = decoded.pixels
        func alpha(_ x: Int, _ y: Int) -> Int { Int(pixels.samples[(y * pixels.width + x) * 4 + 3]) }
        #expect(alpha(8, 8) >= 250 && alpha(8, 40) >= 250)
        #expect(alpha(56, 8) <= 5 && alpha(56, 40) <= 5)
        #expect(Self.distance(Self.colour(pixels, 8, 8), Self.red) <= 12)
        // Real transparency: the rendition is a PNG with alpha.
        let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [32]), from: bytes).first)
        #expect(rendition.format == .png)
        #expect(try ImageDecoder.decode(rendition.data).pixels.channels == 4)
    }

    struct Grey: Sendable, CustomStringConvertible {
        let file: String
        let channels: Int
        let tolerance: Int
        var description: String { file }
    }

    /// Grey files: libheif gives RGB (it converts), libjxl one channel, or RGBA with alpha.
    @Test(arguments: [Grey(file: "grey.heic", channels: 3, tolerance: 6), Grey(file: "grey.jxl", channels: 1, tolerance: 0),
                      Grey(file: "grey-alpha.jxl", channels: 4, tolerance: 0)])
    func greyDecodes(_ case_: Grey) throws {
        let pixels = try ImageDecoder.decode(try Self.fixture(case_.file)).pixels
        #expect(pixels.width == 64 && pixels.height == 48 && pixels.channels == case_.channels)
        #expect(Self.distance(Self.colour(pixels, 8, 20), [60, 60, 60]) <= case_.tolerance)
        #expect(Self.distance(Self.colour(pixels, 56, 20), [200, 200, 200]) <= case_.tolerance)
        if case_.channels == 4 {
            #expect(pixels.samples[(20 * 64 + 8) * 4 + 3] == 255 && pixels.samples[(20 * 64 + 56) * 4 + 3] == 0)
        }
    }

    /// libheif hands premultiplied colours back as stored; the shim divides them by alpha.
    @Test func premultipliedAlphaComesOutStraight() throws {
        let decoded = try ImageDecoder.decode(try Self.fixture("premultiplied.heic"))
        #expect(decoded.pixels.channels == 4)
        let base = (24 * decoded.pixels.width + 32) * 4
        let rgba = decoded.pixels.samples[base..<(base + 4)].map(Int.init)
        #expect(abs(rgba[3] - 128) <= 2)
        #expect(Self.distance(Array(rgba.prefix(3)), [199, 40, 80]) <= 8, "\(rgba)")
    }

    /// sRGB (200, 40, 40) stored as Display P3 values (`p3-patch.txt`, 184 56 49).
    static let p3Original: [Int] = [200, 40, 40]

    /// What a colour-managed browser shows of 8-bit RGB tagged with `icc`: lcms2 to sRGB.
    static func shownAsSRGB(_ rgb: [Int], icc: [UInt8]) throws -> [Int] {
        var pixel = rgb.map { UInt8($0) }
        var error = cth_error()
        let code = icc.withUnsafeBufferPointer { profile in
            pixel.withUnsafeMutableBufferPointer { cth_colour_to_srgb(profile.baseAddress, profile.count, $0.baseAddress, 1, &error) }
        }
        try #require(code == Int32(CTH_OK))
        return pixel.map(Int.init)
    }

    @Test(arguments: ["p3-nclx.heic", "p3-nclx.avif", "p3-lossy.jxl", "p3-lossless.jxl"])
    func displayP3IsNotPublishedWashedOut(_ file: String) throws {
        let bytes = try Self.fixture(file)
        let stored = try String(contentsOf: TestSupport.fixtures.appendingPathComponent("heif-jxl/p3-patch.txt"),
                                encoding: .utf8).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(stored.count == 3)
        // Shown untagged, the P3 values would be visibly off (washed out): the check below can fail.
        #expect(Self.distance(stored, Self.p3Original) >= 12)

        let decoded = try ImageDecoder.decode(bytes)
        let profile = try #require(decoded.iccProfile, "a P3 file must give a profile")
        #expect(Array(profile[16..<20]) == Array("RGB ".utf8))
        #expect(Self.distance(Self.colour(decoded.pixels, 32, 24), stored) <= 4)

        // The JPEG rendition carries the profile, and through it shows the original sRGB colour.
        let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [32]), from: bytes).first)
        #expect(rendition.format == .jpeg)
        let published = try ImageDecoder.decode(rendition.data)
        let embedded = try #require(published.iccProfile, "the rendition must embed the profile")
        #expect(embedded == profile)
        let shown = try Self.shownAsSRGB(Self.colour(published.pixels, 16, 12), icc: embedded)
        #expect(Self.distance(shown, Self.p3Original) <= 5, "\(file): shown as \(shown)")
    }

    @Test func synthesisedProfilesAreReproducible() throws {
        let first = try #require(try ImageDecoder.decode(try Self.fixture("p3-nclx.heic")).iccProfile)
        let second = try #require(try ImageDecoder.decode(try Self.fixture("p3-nclx.avif")).iccProfile)
        #expect(first == second)
    }

    @Test(arguments: [("truncated-plain.heic", ImageFormat.heic), ("truncated-plain.avif", .avif),
                      ("truncated-lossy.jxl", .jxl)])
    func truncatedFilesAreCorrupt(_ file: String, _ format: ImageFormat) throws {
        let bytes = try Self.fixture(file)
        do throws(ThumbnailError) {
            _ = try ImageDecoder.decode(bytes)
            Issue.record("\(file) decoded")
        } catch {
            guard case .corrupt(let seen, let reason) = error else {
                Issue.record("\(file): expected .corrupt, got \(error)")
                return
            }
            #expect(seen == format)
            #expect(!reason.isEmpty)
        }
    }

    @Test(arguments: ["bomb.heic", "bomb.avif", "bomb.jxl"])
    func bombsAreAPixelLimitBeforeAnyPixelMemory(_ file: String) throws {
        let bytes = try Self.fixture(file)
        #expect(bytes.count < 2048)
        let before = LimitTests.peakRSS()
        #expect(throws: ThumbnailError.pixelLimit(width: 60000, height: 60000, limit: 100_000_000)) {
            try RenditionMaker().make(RenditionRequest(widths: [320]), from: bytes)
        }
        // 3.6 gigapixels would take 10 GB: nothing near that may have been allocated.
        #expect(LimitTests.peakRSS() - before < 64 * 1024)
    }

    /// A side longer than the cap is refused by libheif's own per-side limit (set from the cap),
    /// and still reported as the pixel limit with the size the file claims.
    @Test(arguments: ["bomb.heic", "bomb.avif"])
    func aSideOverTheCapIsAPixelLimitToo(_ file: String) throws {
        let bytes = try Self.fixture(file)
        #expect(throws: ThumbnailError.pixelLimit(width: 60000, height: 60000, limit: 50_000)) {
            try ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 50_000))
        }
    }

    @Test(arguments: ["plain.heic", "plain.avif", "lossless.jxl"])
    func pixelLimitIsExact(_ file: String) throws {
        let bytes = try Self.fixture(file)
        let format = try #require(ImageFormat.detect(bytes))
        #expect(throws: ThumbnailError.pixelLimit(width: 64, height: 48, limit: 64 * 48 - 1)) {
            try ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 64 * 48 - 1))
        }
        #expect(try ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 64 * 48)).format == format)
    }

    /// The sniffer the decoders dispatch on (ImageHeaders') tells HEIC, HEIF and AVIF apart by
    /// brand, knows an MP4 it cannot decode, and reads both JPEG XL signatures.
    @Test func detectionReadsBrandsAndSignatures() throws {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let size = 16 + 4 * compatible.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
                + compatible.flatMap { Array($0.utf8) }
        }
        #expect(ImageFormat.detect(ftyp("heic", ["mif1", "heic"])) == .heic)
        #expect(ImageFormat.detect(ftyp("mif1", ["avif", "miaf"])) == .avif)
        #expect(ImageFormat.detect(ftyp("avis", [])) == .avif)
        #expect(ImageFormat.detect(ftyp("msf1", ["hevc"])) == .heic)
        #expect(ImageFormat.detect(ftyp("mif1", ["miaf"])) == .heif)
        #expect(ImageFormat.detect(ftyp("mp42", ["isom", "mp41"])) == .mp4)
        #expect(throws: ThumbnailError.unknownFormat) { try ImageDecoder.decode(ftyp("mp42", ["isom", "mp41"])) }
        #expect(ImageFormat.detect([0xFF, 0x0A, 0x00]) == .jxl)
        let container: [UInt8] = [0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A]
        #expect(ImageFormat.detect(container) == .jxl)
        #expect(ImageFormat.detect([0, 0, 0, 0x0C] + Array("JXL ".utf8)) == nil)
    }

    static let allFixtures = ["plain.heic", "irot90.heic", "imir0.heic", "alpha.heic", "10bit.heic", "p3-nclx.heic",
                              "plain.avif", "alpha.avif", "irot270-imir1.avif", "p3-nclx.avif",
                              "lossy.jxl", "lossless.jxl", "alpha.jxl", "16bit.jxl", "orientation6.jxl", "p3-lossy.jxl"]

    /// Every prefix of every fixture (in steps of 5 bytes) is a typed error or, for the last few
    /// bytes of a container, the image: never a crash; under half the file never "decodes".
    @Test(arguments: allFixtures)
    func prefixesGiveTypedErrors(_ file: String) throws {
        let bytes = try Self.fixture(file)
        for length in stride(from: 0, to: bytes.count, by: 5) {
            do throws(ThumbnailError) {
                _ = try ImageDecoder.decode(Array(bytes.prefix(length)))
                #expect(length >= bytes.count / 2, "\(file): the first \(length) of \(bytes.count) bytes decoded")
            } catch {
                switch error {
                case .corrupt, .unknownFormat, .unsupported: break
                default: Issue.record("\(file) prefix \(length): \(error)")
                }
            }
        }
    }
}
