extension PixelSize {
    /// Largest side any parser reports: 2³¹−1, so sizes fit every layout sum.
    static let maxSide: UInt64 = 0x7FFF_FFFF

    /// A size from untrusted header fields: `zeroDimension` when a side is 0,
    /// `dimensionOutOfRange` when one exceeds 2³¹−1. `part` names the structure
    /// in the error, which points at `offset`.
    static func checked(
        width: UInt64, height: UInt64, part: String, at offset: Int
    ) throws(HeaderError) -> PixelSize {
        guard width > 0, height > 0 else {
            throw HeaderError(offset: offset, reason: .zeroDimension(part))
        }
        guard width <= maxSide, height <= maxSide else {
            throw HeaderError(offset: offset, reason: .dimensionOutOfRange(
                width: Int(clamping: width), height: Int(clamping: height)))
        }
        return PixelSize(width: Int(width), height: Int(height))
    }
}
