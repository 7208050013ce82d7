/// The low-overhead `mini` box (MinimizedImageBox, brand `mif3`): a
/// bit-packed header whose first fields give flags, orientation and size.
enum HEIFMiniBox {
    struct Fields {
        var size: PixelSize
        var orientation: Orientation
        var hasICCProfile: Bool
    }

    /// Parses the payload's leading bits: version (must be 0), eight flags
    /// (ICC is the seventh), chroma subsampling, `orientation_minus1`, then a
    /// large-dimensions flag choosing 7- or 15-bit `width_minus1`/`height_minus1`.
    static func parse(_ payload: [UInt8], at offset: Int) throws(HeaderError) -> Fields {
        var bits = BitReader(payload, order: .mostSignificantFirst)
        guard let version = bits.bits(2) else { throw truncated(offset) }
        guard version == 0 else {
            throw HeaderError(offset: offset, reason: .unsupported("'mini' box version \(version)"))
        }
        // explicit_codec_types, float, full_range, alpha, explicit_cicp, hdr, icc, exif, xmp
        guard let flags = bits.bits(9), let _ = bits.bits(2), let orientationMinus1 = bits.bits(3),
              let large = bits.flag() else { throw truncated(offset) }
        let sideBits = large ? 15 : 7
        guard let widthMinus1 = bits.bits(sideBits), let heightMinus1 = bits.bits(sideBits) else {
            throw truncated(offset)
        }
        let hasICC = flags & 0b000000100 != 0
        return Fields(
            size: PixelSize(width: Int(widthMinus1) + 1, height: Int(heightMinus1) + 1),
            orientation: Orientation(rawValue: UInt8(orientationMinus1) + 1) ?? .up,
            hasICCProfile: hasICC)
    }

    private static func truncated(_ offset: Int) -> HeaderError {
        HeaderError(offset: offset, reason: .truncated("'mini' box"))
    }
}
