import Testing
@testable import Thumbnails

/// How big the decode must be for a set of widths.
@Suite struct RenditionMakerPlanTests {
    static let ladder = [320, 480, 640, 960, 1280, 2048]

    @Test func tileWidthsKeepATwofoldMarginAndTheFullViewOneOfOnePointTwoFive() {
        let plan = RenditionMaker.plan(widths: Self.ladder, storedWidth: 6000, storedHeight: 4000, swaps: false)
        // 1280 px and below are made from the 2048 px image, so only it sizes the decode:
        // 2048 × 1.25 = 2560 wide, so a 24-megapixel photo decodes at 1/2 (3000 px), not in full.
        #expect(RenditionMaker.decodeHint(plan, fullViewWidth: 2048) == (2560, 1707))
        // Unmarked, the 2048 px image would need a 4096 px decode (6/8, 4500 px).
        #expect(RenditionMaker.decodeHint(plan, fullViewWidth: nil) == (4096, 2730))
    }

    @Test func rotatedPhotosMeasureTheMarginOnTheStoredAxes() {
        // Stored 6000×4000, shown 4000×6000 (EXIF 6): the 1280 px display width is 1920 stored rows.
        let plan = RenditionMaker.plan(widths: [1280, 1365], storedWidth: 6000, storedHeight: 4000, swaps: true)
        #expect(RenditionMaker.decodeHint(plan, fullViewWidth: 1365) == (3840, 2560))
    }

    /// A 1728 × 2156 portrait's large image fits the 2048 px box: 1641 px wide
    /// (2048 × 1728 / 2156 = 1641.4, rounded down) and 2048 px tall. From the
    /// width alone the height would be 1641 × 2156 / 1728 = 2047.4, so 2047.
    @Test func theFullViewHeightIsTheBoxNotAPixelShort() {
        let derived = RenditionMaker.plan(widths: [1641], storedWidth: 1728, storedHeight: 2156, swaps: false)
        #expect(derived.map(\.height) == [2047])
        let boxed = RenditionMaker.plan(widths: [640, 1641], storedWidth: 1728, storedHeight: 2156, swaps: false,
                                        fullView: (1641, 2048))
        #expect(boxed.map(\.width) == [1641, 640] && boxed.map(\.height) == [2048, 799])
        // Stored on its side (EXIF 6): the stored axes swap, the display size does not.
        let turned = RenditionMaker.plan(widths: [1641], storedWidth: 2156, storedHeight: 1728, swaps: true,
                                         fullView: (1641, 2048))
        #expect(turned.map(\.storedWidth) == [2048] && turned.map(\.storedHeight) == [1641])
    }

    @Test func aFullViewHeightOffTheAspectRatioIsNotUsed() {
        let plan = RenditionMaker.plan(widths: [1641], storedWidth: 1728, storedHeight: 2156, swaps: false,
                                       fullView: (1641, 2100))
        #expect(plan.map(\.height) == [2047])
    }
}
