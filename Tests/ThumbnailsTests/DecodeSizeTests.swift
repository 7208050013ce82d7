import CThumbnails
import Testing
@testable import Thumbnails

/// The DCT scale a photo decodes at for the gallery's widths: the decode-size rule in Swift
/// (`RenditionMaker.decodeHint`) and the C picker (`cth_jpeg_scale`) it feeds, on the sizes
/// cameras and screens make. `Benchmarks/build/floor.sh` mirrors the same rule in Python.
@Suite struct DecodeSizeTests {
    /// The gallery's tile widths (`WidthLadder.standard` for the default grid); the full view is
    /// the 2048 px box, given per case as the Gallery computes it.
    static let tiles = [320, 480, 640, 960, 1280]

    struct Case: CustomStringConvertible, Sendable {
        let stored: (width: Int, height: Int)
        let swaps: Bool
        let fullView: (width: Int, height: Int?)
        /// The display widths resampled from the decode itself.
        let fromDecode: [Int]
        let hint: (width: Int, height: Int)
        let scale: UInt32
        var description: String { "\(stored.width)x\(stored.height)\(swaps ? " turned" : "")" }
    }

    static let cases: [Case] = [
        // Most of a camera album: the 2048 px image alone comes from the decode; 1280 px and
        // below come from it (at least 1.5× each). 5/8 (2500 px) is under the full view's 1.25
        // margin, and 6/8 and 7/8 cost more to decode than they save: 8/8.
        Case(stored: (4000, 3000), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 1920), scale: 8),
        Case(stored: (4032, 3024), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 1920), scale: 8),
        // 16 megapixels: 5/8 (2880 px); 20: 4/8 (2592 px), as 24 (3000 px); 3/8 is not used.
        Case(stored: (4608, 3456), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 1920), scale: 5),
        Case(stored: (5184, 3888), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 1920), scale: 4),
        Case(stored: (6000, 4000), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 1707), scale: 4),
        // Stored on its side (EXIF 6), shown 3000 × 4000: the 1536 px image is under 1.5 × 1280,
        // so 1280 px comes from the decode too, with its margin of 2 on the stored axes.
        Case(stored: (4000, 3000), swaps: true, fullView: (1536, 2048), fromDecode: [1536, 1280], hint: (3414, 2560), scale: 8),
        // A 4000 × 6000 portrait: the 1365 px image is under 1.5 × 960, so 1280 and 960 come from the decode.
        Case(stored: (4000, 6000), swaps: false, fullView: (1365, 2048), fromDecode: [1365, 1280, 960], hint: (2560, 3840), scale: 8),
        // 7/8 (2625 px) would cover it but is not used; no smaller scale has the margin.
        Case(stored: (3000, 3000), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 2560), scale: 8),
        // Screen sizes: no scale below 8/8 has the margin, and the full decode needs none.
        Case(stored: (2560, 1440), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 1440), scale: 8),
        Case(stored: (1920, 1080), swaps: false, fullView: (1920, nil), fromDecode: [1920], hint: (2400, 1350), scale: 8),
        Case(stored: (2048, 2048), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 2560), scale: 8),
        // Tiny: every width clamps to the photo's own.
        Case(stored: (100, 75), swaps: false, fullView: (100, nil), fromDecode: [100], hint: (125, 94), scale: 8),
        // A panorama: 2048 × 341 for the full view, 3000 × 500 decoded.
        Case(stored: (12000, 2000), swaps: false, fullView: (2048, nil), fromDecode: [2048], hint: (2560, 427), scale: 2),
    ]

    @Test(arguments: cases)
    func theDecodeScaleFollowsTheSizesMadeFromTheDecode(_ example: Case) {
        let displayWidth = example.swaps ? example.stored.height : example.stored.width
        let widths = Self.tiles + [example.fullView.width]
        let plan = RenditionMaker.plan(widths: widths, storedWidth: example.stored.width, storedHeight: example.stored.height,
                                       swaps: example.swaps,
                                       fullView: example.fullView.height.map { (example.fullView.width, $0) })
        #expect(RenditionMaker.sizesFromDecode(plan).map(\.width) == example.fromDecode)
        let hint = RenditionMaker.decodeHint(plan, fullViewWidth: min(example.fullView.width, displayWidth))
        #expect(hint == example.hint)
        let scale = cth_jpeg_scale(UInt32(example.stored.width), UInt32(example.stored.height),
                                   UInt32(hint.width), UInt32(hint.height))
        #expect(scale == example.scale)
        // The decode covers every planned size, so each image the cascade makes has its planned size.
        let decoded = (width: (example.stored.width * Int(scale) + 7) / 8, height: (example.stored.height * Int(scale) + 7) / 8)
        #expect(plan.allSatisfy { $0.storedWidth <= decoded.width && $0.storedHeight <= decoded.height })
    }

    /// Without a full view every width decoded from is a tile, margin 2: 2048 px of a 6000 px
    /// photo needs 4096 px, which 5/8 (3750 px) does not reach, so 8/8 (6/8 is not used).
    @Test func withoutAFullViewEveryWidthKeepsTheTileMargin() {
        let plan = RenditionMaker.plan(widths: Self.tiles + [2048], storedWidth: 6000, storedHeight: 4000, swaps: false)
        let hint = RenditionMaker.decodeHint(plan, fullViewWidth: nil)
        #expect(hint == (4096, 2730))
        #expect(cth_jpeg_scale(6000, 4000, UInt32(hint.width), UInt32(hint.height)) == 8)
    }

    /// Sizes just off 1.5× (rounded heights) are made from the decode, as `make` would.
    @Test func aWidthJustUnderOneAndAHalfTimesComesFromTheDecode() {
        // 960 × 541 is not 1.5 × 640 × 361 (1082 < 1083 rows ×2/×3), so 640 comes from the decode.
        let plan = RenditionMaker.plan(widths: [960, 640], storedWidth: 1000, storedHeight: 564, swaps: false)
        #expect(plan.map(\.storedHeight) == [541, 361])
        #expect(RenditionMaker.sizesFromDecode(plan).map(\.width) == [960, 640])
    }

    /// The eighths the C picker uses (1, 2, 4, 5, 8) and, for a target exactly n/8 of the image,
    /// the one it picks: n itself when used, else the next used one above (3/8 → 4/8, 6/8 and 7/8 → 8/8).
    static let picks = [1: 1, 2: 2, 3: 4, 4: 4, 5: 5, 6: 8, 7: 8, 8: 8]

    @Test(arguments: 1...8)
    func theSmallestUsedEighthThatCoversIsPicked(_ n: Int) {
        let width = 4000, height = 3000
        let target = ((width * n + 7) / 8, (height * n + 7) / 8)
        let picked = cth_jpeg_scale(UInt32(width), UInt32(height), UInt32(target.0), UInt32(target.1))
        #expect(picked == UInt32(Self.picks[n]!))
        // One pixel more than n/8 gives is never served by n/8.
        if n < 8 {
            #expect(cth_jpeg_scale(UInt32(width), UInt32(height), UInt32(target.0 + 1), UInt32(target.1)) == UInt32(Self.picks[n + 1]!))
        }
    }

    @Test func noTargetOrOneAboveTheImageDecodesInFull() {
        #expect(cth_jpeg_scale(4000, 3000, 0, 0) == 8)
        #expect(cth_jpeg_scale(4000, 3000, 5000, 10) == 8)
    }

    /// The decoder uses the scale it picks: a real JPEG decoded at n/8 for each eighth used.
    @Test(arguments: [1, 2, 4, 5, 8])
    func theDecodeHasTheScaledSize(_ n: Int) throws {
        let source = PixelBuffer(unchecked: 200, 120, 3, (0..<(200 * 120 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let jpeg = try ImageEncoder.jpeg(source, quality: 90, iccProfile: nil)
        let target = (width: (200 * n + 7) / 8, height: (120 * n + 7) / 8)
        let decoded = try ImageDecoder.decode(jpeg, minimumSize: target)
        #expect(decoded.pixels.width == target.width && decoded.pixels.height == target.height)
    }
}
