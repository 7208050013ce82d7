/// One ISO BMFF box (HEIF/AVIF, JPEG XL container, JPEG 2000): its type and
/// where its header, payload and end lie. Offsets are absolute when read
/// through a ``Reader``, or indices into the array a box was parsed from.
struct ISOBox {
    let type: UInt32
    let start: Int
    let payloadStart: Int
    /// End of the box; `nil` for a size-0 box at the top level, which runs to
    /// the end of the input.
    let end: Int?

    /// Reads the box header at `position` of the input; `nil` when the input
    /// ends there (fewer than 8 bytes left: trailing padding, not a box).
    /// Size 1 takes a 64-bit size; size 0 runs to the end of the input.
    static func read<Source: ByteSource>(
        at position: Int, using reader: inout Reader<Source>
    ) throws(HeaderError) -> ISOBox? {
        reader.seek(to: position)
        let head = try reader.peek(upTo: 16)
        guard head.count >= 8 else { return nil }
        return try parse(head, at: 0, limit: head.count, base: position, runsToEnd: nil)
    }

    /// Parses the box header at `index` of `bytes`, inside a container ending
    /// at `limit`. `base` is added to positions in the result and in errors
    /// (the absolute offset of `bytes[0]`). A size-0 box ends at `runsToEnd`
    /// (the container's end), or has no end when that is `nil`.
    static func parse(
        _ bytes: [UInt8], at index: Int, limit: Int, base: Int, runsToEnd: Int?
    ) throws(HeaderError) -> ISOBox {
        guard let size32 = bytes.uint32(at: index, .bigEndian), let type = bytes.fourCC(at: index + 4) else {
            throw HeaderError(offset: base + index, reason: .truncated("box header"))
        }
        var headerSize = 8
        let size: UInt64?
        switch size32 {
        case 0:
            size = nil
        case 1:
            guard let large = bytes.uint64(at: index + 8, .bigEndian) else {
                throw HeaderError(offset: base + index, reason: .truncated("'\(FourCC.name(type))' box header"))
            }
            headerSize = 16
            size = large
        default:
            size = UInt64(size32)
        }
        let start = base + index
        let payloadStart = start + headerSize
        guard let size else {
            return ISOBox(type: type, start: start, payloadStart: payloadStart, end: runsToEnd.map { base + $0 })
        }
        guard size >= UInt64(headerSize), let length = Int(exactly: size),
              length <= Int.max - start else {
            throw HeaderError(offset: start, reason: .malformed("'\(FourCC.name(type))' box (size \(size))"))
        }
        let end = start + length
        return ISOBox(type: type, start: start, payloadStart: payloadStart, end: end)
    }

    /// The child boxes filling `bytes[from..<to]`, each within that range.
    /// `base` is the absolute offset of `bytes[0]`; at most `maxCount` children.
    static func children(
        of bytes: [UInt8], from: Int, to: Int, base: Int, maxCount: Int
    ) throws(HeaderError) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var index = from
        while index <= to - 8 {
            guard boxes.count < maxCount else {
                throw HeaderError(offset: base + index, reason: .limitExceeded("\(maxCount) boxes"))
            }
            let box = try parse(bytes, at: index, limit: to, base: base, runsToEnd: to)
            let end = (box.end ?? base + to) - base
            guard end <= to else {
                throw HeaderError(offset: box.start, reason: .malformed("'\(FourCC.name(box.type))' box (runs past its container)"))
            }
            boxes.append(box)
            // parse() guarantees size >= header size >= 8, so index advances.
            index = end
        }
        return boxes
    }

    /// The major and compatible brands an `ftyp` box at the start of
    /// `signature` lists (as far as the signature holds them); nil when the
    /// input does not start with one.
    static func fileTypeBrands(inSignature signature: [UInt8]) -> [UInt32]? {
        guard signature.matches(Array("ftyp".utf8), at: 4), let size = signature.uint32(at: 0, .bigEndian),
              size >= 16, let major = signature.fourCC(at: 8) else { return nil }
        var brands = [major]
        var index = 16
        while index + 4 <= min(Int(size), signature.count) {
            if let brand = signature.fourCC(at: index) { brands.append(brand) }
            index += 4
        }
        return brands
    }
}
