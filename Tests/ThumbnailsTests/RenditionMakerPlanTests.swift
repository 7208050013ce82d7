import Testing
@testable import Thumbnails

/// How big the decode must be for a set of widths.
@Suite struct RenditionMakerPlanTests {
    static let ladder = [320, 480, 640, 960, 1280, 2048]

    @Test func tileWidthsKeepATwofoldMarginAndTheFullViewOnlyNeedsCovering() {
        let plan = RenditionMaker.plan(widths: Self.ladder, storedWidth: 6000, storedHeight: 4000, swaps: false)
        // 1280 × 2 = 2560 wide, so a 24-megapixel photo decodes at 1/2 (3000 px), not in full.
        #expect(RenditionMaker.decodeHint(plan, fullViewWidth: 2048) == (2560, 1706))
        // Unmarked, the 2048 px image would need a 4096 px decode: the full 6000 px.
        #expect(RenditionMaker.decodeHint(plan, fullViewWidth: nil) == (4096, 2730))
    }

    @Test func rotatedPhotosMeasureTheMarginOnTheStoredAxes() {
        // Stored 6000×4000, shown 4000×6000 (EXIF 6): the 1280 px display width is 1920 stored rows.
        let plan = RenditionMaker.plan(widths: [1280, 1365], storedWidth: 6000, storedHeight: 4000, swaps: true)
        #expect(RenditionMaker.decodeHint(plan, fullViewWidth: 1365) == (3840, 2560))
    }
}
