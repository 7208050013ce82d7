/// A tile's height in 1/64 px: `ratio · width + extra`, rounded half up once.
///
/// `ratio` (millionths, clamped to `Item.ratioRange` ≤ 2^30) times `width`
/// (≤ 2^32 units) stays below 2^62, so the product is exact; the division by
/// the constant 10^6 compiles to a multiply, which keeps the hot loop fast.
@inline(__always)
func tileHeight(ratio: Int64, width: Int64, extra: Int64) -> Int64 {
    let picture = Int64(bitPattern: (UInt64(bitPattern: ratio &* width) &+ 500_000) / 1_000_000)
    return min(picture + extra, FixedPoint.maxUnits)
}
