extension PageModel {
    /// The photo page's `sizes`, the width the default theme's `--iw` shows
    /// the image at: below 64rem as wide as the page allows (12 px padding
    /// each side) and no taller than the viewport less 12rem; from 64rem
    /// beside a caption column (`clamp(14rem, 22vw, 20rem)` and a 2rem gap)
    /// and no taller than the viewport less 5rem, unless `wide`
    /// (``isWide(width:height:)``), which keeps the narrow layout at every
    /// width; never wider than the large rendition — so a phone fetches a
    /// rendition near its real width instead of the 2048 px one.
    static func photoPageSizes(width: Int, height: Int, wide: Bool = false) -> String {
        let ratio = Double(width) / Double(max(1, height))
        let factor = (ratio * 10_000).rounded() / 10_000
        let narrow = "min(calc(100vw - 24px), calc((100vh - 12rem) * \(factor)), \(width)px)"
        if wide { return narrow }
        return "(min-width: 64rem) min(calc(100vw - 24px - 2rem - clamp(14rem, 22vw, 20rem)), "
            + "calc((100vh - 5rem) * \(factor)), \(width)px), " + narrow
    }

    /// Photos at least this many times as wide as tall (2:1) take the photo
    /// page's full width, the caption below, rather than sit beside the
    /// caption column: there a 2:1 photo is 1067×533 at 1440×900 (a third of
    /// the height below it empty) but 1416×708 across the page, and still
    /// 15 % wider across a 1920×1080 screen; a 16:9 or 3:2 photo gains
    /// nothing (the viewport's height limits it first), so they stay beside.
    static let wideRatio = 2.0

    /// Whether a photo of this size is shown across the page (``wideRatio``):
    /// decided when the page is built, which knows the size, so the layout
    /// needs no script and nothing moves.
    static func isWide(width: Int, height: Int) -> Bool {
        Double(width) >= wideRatio * Double(max(1, height))
    }
}
