/// How big a JPEG's decode must be for a rendition plan: the target `cth_jpeg_scale` turns into a
/// DCT scale n/8 (n = 1, 2, 4, 5, 8), the smallest whose output covers it.
///
/// Renditions are made largest first, each from the smallest image already made that is at least
/// 1.5× as wide and as tall (``canResample(_:from:)``), else from the decode. So only the sizes
/// with no such image (``sizesFromDecode(_:)``) are resampled from the decode, and only they set
/// its size; the others come from an image that is itself a Lanczos-3 resample of the decode.
extension RenditionMaker {
    /// The margin over a tile size resampled from the decode: the DCT scale alone is a crude filter
    /// (each 8×8 block is cut to n×n frequencies on its own), so the Lanczos stage gets a factor
    /// of 2 to work with, as libvips leaves for its shrink-on-load.
    static let tileMargin = (numerator: 2, denominator: 1)

    /// The margin over the full-view image when it is resampled from the decode: 1.25, so the
    /// Lanczos stage does a last step of at least 1.25× over a DCT-scaled decode. Covering it would
    /// do, but each 8×8 block is scaled on its own, and a last step close to 1 leaves the block
    /// edges in: on sharp 12-megapixel photos the 2048 px image lost 0.10 dB against a full decode
    /// when made from 5/8 (a 1.22× step), 0.05 dB from 7/8 of a 3000 px photo (1.28×), 0.00–0.03 dB
    /// from 6/8 (1.46×). 1.25 is what the full view got before only the sizes made from the decode
    /// counted (twice the 1280 px tile is 1.25 × 2048), so no photo decodes smaller for it than
    /// then: a 4000 px photo decodes in full, a 4608 px one (16 megapixels) at 5/8 (2880 px, where
    /// it decoded in full), a 5184 or 6000 px one at 4/8.
    static let fullViewMargin = (numerator: 5, denominator: 4)

    /// Whether the cascade in ``make(_:from:)`` resamples `size` from an image of `base` size
    /// (stored axes): at least 1.5× as wide and as tall. That image is already Lanczos-filtered,
    /// so a 1.5× margin keeps the result as sharp as from the decode.
    static func canResample(_ size: PlannedSize, from base: (width: Int, height: Int)) -> Bool {
        2 * base.width >= 3 * size.storedWidth && 2 * base.height >= 3 * size.storedHeight
    }

    /// The sizes of `plan` (largest first) that ``make(_:from:)`` resamples from the decode: those
    /// no larger planned size can be resampled to. The decode covers every size it is asked for,
    /// so each image made has its planned size and this needs no decode size to answer.
    static func sizesFromDecode(_ plan: [PlannedSize]) -> [PlannedSize] {
        plan.indices.filter { index in
            !plan[..<index].contains { canResample(plan[index], from: ($0.storedWidth, $0.storedHeight)) }
        }.map { plan[$0] }
    }

    /// The smallest decode (stored axes) that serves `plan`: each size resampled from the decode
    /// times its margin (``fullViewMargin`` for the full-view width, ``tileMargin`` for the others).
    /// When no DCT scale below 8/8 reaches it, the picker decodes at full size, where no margin
    /// is needed: the full decode is exact.
    static func decodeHint(_ plan: [PlannedSize], fullViewWidth: Int?) -> (width: Int, height: Int) {
        var width = 0, height = 0
        for size in sizesFromDecode(plan) {
            let margin = size.width == fullViewWidth ? fullViewMargin : tileMargin
            width = max(width, (size.storedWidth * margin.numerator + margin.denominator - 1) / margin.denominator)
            height = max(height, (size.storedHeight * margin.numerator + margin.denominator - 1) / margin.denominator)
        }
        return (width, height)
    }
}
