/// Parses the start of a JPEG XL codestream (`FF 0A`, then `SizeHeader` and
/// `ImageMetadata`, ISO/IEC 18181-1 §A): size, orientation, and whether the
/// colour encoding is an embedded ICC profile. All fields are LSB-first bits.
enum JXLCodestream {
    struct Fields {
        var size: PixelSize
        var orientation: Orientation
        /// `nil` when the metadata after the orientation could not be read.
        var hasICCProfile: Bool?
    }

    static func parse(_ bytes: [UInt8], at offset: Int) throws(HeaderError) -> Fields {
        guard bytes.matches([0xFF, 0x0A], at: 0) else {
            throw HeaderError(offset: offset, reason: .malformed("JPEG XL codestream (no FF 0A signature)"))
        }
        var bits = BitReader(Array(bytes.dropFirst(2)), order: .leastSignificantFirst)
        let truncated = HeaderError(offset: offset, reason: .truncated("JPEG XL size header"))
        guard let size = sizeHeader(&bits) else { throw truncated }
        let checked = try PixelSize.checked(width: size.width, height: size.height, part: "JPEG XL size header", at: offset)
        guard let allDefault = bits.flag() else { throw truncated }
        if allDefault {
            return Fields(size: checked, orientation: .up, hasICCProfile: false)
        }
        guard let extraFields = bits.flag() else { throw truncated }
        var orientation = Orientation.up
        if extraFields {
            guard let raw = bits.bits(3), let value = Orientation(rawValue: UInt8(raw) + 1) else { throw truncated }
            orientation = value
        }
        let icc = extraFields ? restAfterOrientation(&bits) : restOfMetadata(&bits)
        return Fields(size: checked, orientation: orientation, hasICCProfile: icc)
    }

    /// The rest of `ImageMetadata` after `orientation`, up to `want_icc`.
    private static func restAfterOrientation(_ bits: inout BitReader) -> Bool? {
        guard let hasIntrinsic = bits.flag() else { return nil }
        if hasIntrinsic, sizeHeader(&bits) == nil { return nil }
        guard let hasPreview = bits.flag() else { return nil }
        if hasPreview, !previewHeader(&bits) { return nil }
        guard let hasAnimation = bits.flag() else { return nil }
        if hasAnimation {
            guard u32(&bits, [(100, 0), (1000, 0), (1, 10), (1, 30)]) != nil,
                  u32(&bits, [(1, 0), (1001, 0), (1, 8), (1, 10)]) != nil,
                  u32(&bits, [(0, 0), (0, 3), (0, 16), (0, 32)]) != nil,
                  bits.flag() != nil else { return nil }
        }
        return restOfMetadata(&bits)
    }

    /// `bit_depth` … `colour_encoding.want_icc`.
    private static func restOfMetadata(_ bits: inout BitReader) -> Bool? {
        guard bitDepth(&bits), bits.flag() != nil,  // modular_16_bit_buffer_sufficient
              let extraChannels = u32(&bits, [(0, 0), (1, 0), (2, 4), (1, 12)]) else { return nil }
        for _ in 0..<min(extraChannels, 4100) {
            guard extraChannelInfo(&bits) else { return nil }
        }
        guard bits.flag() != nil, let colourDefault = bits.flag() else { return nil }  // xyb_encoded
        if colourDefault { return false }
        return bits.flag()  // want_icc
    }

    /// `SizeHeader`: small sides are multiples of 8; a ratio code derives width from height.
    static func sizeHeader(_ bits: inout BitReader) -> (width: UInt64, height: UInt64)? {
        guard let small = bits.flag() else { return nil }
        let distribution: [(UInt32, Int)] = [(1, 9), (1, 13), (1, 18), (1, 30)]
        let height: UInt64
        if small {
            guard let value = bits.bits(5) else { return nil }
            height = (UInt64(value) + 1) * 8
        } else {
            guard let value = u32(&bits, distribution) else { return nil }
            height = value
        }
        guard let ratio = bits.bits(3) else { return nil }
        if ratio != 0 {
            return (ratioWidth(height: height, ratio: ratio), height)
        }
        if small {
            guard let value = bits.bits(5) else { return nil }
            return ((UInt64(value) + 1) * 8, height)
        }
        guard let width = u32(&bits, distribution) else { return nil }
        return (width, height)
    }

    private static func ratioWidth(height: UInt64, ratio: UInt32) -> UInt64 {
        switch ratio {
        case 1: height
        case 2: height * 12 / 10
        case 3: height * 4 / 3
        case 4: height * 3 / 2
        case 5: height * 16 / 9
        case 6: height * 5 / 4
        default: height * 2
        }
    }

    private static func previewHeader(_ bits: inout BitReader) -> Bool {
        guard let div8 = bits.flag() else { return false }
        let distribution: [(UInt32, Int)] = div8
            ? [(16, 0), (32, 0), (1, 5), (33, 9)]
            : [(1, 6), (65, 8), (321, 10), (1345, 12)]
        guard u32(&bits, distribution) != nil, let ratio = bits.bits(3) else { return false }
        if ratio == 0 {
            return u32(&bits, distribution) != nil
        }
        return true
    }

    private static func bitDepth(_ bits: inout BitReader) -> Bool {
        guard let isFloat = bits.flag() else { return false }
        if isFloat {
            return u32(&bits, [(32, 0), (16, 0), (24, 0), (1, 6)]) != nil && bits.bits(4) != nil
        }
        return u32(&bits, [(8, 0), (10, 0), (12, 0), (1, 6)]) != nil
    }

    private static func extraChannelInfo(_ bits: inout BitReader) -> Bool {
        guard let allDefault = bits.flag() else { return false }
        if allDefault { return true }
        guard let type = u32(&bits, [(0, 0), (1, 0), (2, 4), (18, 6)]), bitDepth(&bits),
              u32(&bits, [(0, 0), (3, 0), (4, 0), (1, 3)]) != nil,  // dim_shift
              let nameLength = u32(&bits, [(0, 0), (0, 4), (16, 5), (48, 10)]),
              bits.skip(Int(nameLength) * 8) else { return false }
        switch type {
        case 0: return bits.flag() != nil  // alpha_associated
        case 2: return bits.skip(4 * 16)  // spot colour: four F16
        case 5: return u32(&bits, [(1, 0), (0, 2), (3, 4), (19, 8)]) != nil  // CFA channel
        default: return true
        }
    }

    /// `U32(d0, d1, d2, d3)`: a 2-bit selector picks `base + u(bits)`.
    private static func u32(_ bits: inout BitReader, _ distribution: [(UInt32, Int)]) -> UInt64? {
        guard let selector = bits.bits(2) else { return nil }
        let (base, count) = distribution[Int(selector)]
        guard let extra = bits.bits(count) else { return nil }
        return UInt64(base) + UInt64(extra)
    }
}
