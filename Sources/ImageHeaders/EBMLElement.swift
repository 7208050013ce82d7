/// One EBML element header (Matroska, WebM): its ID (marker bits kept, as
/// the specifications write IDs) and where its data lies. `end` is nil for
/// an element of unknown size (live recordings), which runs to its parent's end.
struct EBMLElement {
    let id: UInt32
    let start: Int
    let dataStart: Int
    let end: Int?

    /// Parses the header at `index` of `bytes`, which must end before
    /// `limit` (default: the end of `bytes`); `base` is the absolute offset of `bytes[0]`.
    static func parse(_ bytes: [UInt8], at index: Int, limit: Int? = nil, base: Int) throws(HeaderError) -> EBMLElement {
        let limit = min(limit ?? bytes.count, bytes.count)
        guard index < limit, let first = bytes.byte(at: index), first != 0 else {
            throw HeaderError(offset: base + index, reason: .malformed("EBML element ID"))
        }
        let idLength = first.leadingZeroBitCount + 1
        guard idLength <= 4, index + idLength <= limit else {
            throw HeaderError(offset: base + index, reason: idLength > 4 ? .malformed("EBML element ID") : .truncated("EBML element ID"))
        }
        var id: UInt32 = 0
        for offset in 0..<idLength { id = id << 8 | UInt32(bytes[index + offset]) }
        let sizeAt = index + idLength
        guard sizeAt < limit, let sizeFirst = bytes.byte(at: sizeAt), sizeFirst != 0 else {
            throw HeaderError(offset: base + sizeAt, reason: sizeAt >= limit ? .truncated("EBML element size") : .malformed("EBML element size"))
        }
        let sizeLength = sizeFirst.leadingZeroBitCount + 1
        guard sizeAt + sizeLength <= limit else { throw HeaderError(offset: base + sizeAt, reason: .truncated("EBML element size")) }
        var size = UInt64(sizeFirst & (0xFF >> sizeLength))
        var allOnes = size == UInt64(0xFF >> sizeLength)
        for offset in 1..<sizeLength {
            let byte = bytes[sizeAt + offset]
            size = size << 8 | UInt64(byte)
            allOnes = allOnes && byte == 0xFF
        }
        let dataStart = base + sizeAt + sizeLength
        if allOnes { return EBMLElement(id: id, start: base + index, dataStart: dataStart, end: nil) }
        guard let length = Int(exactly: size), length <= Int.max - dataStart else {
            throw HeaderError(offset: base + index, reason: .malformed("EBML element size \(size)"))
        }
        return EBMLElement(id: id, start: base + index, dataStart: dataStart, end: dataStart + length)
    }

    /// The elements filling `bytes[from..<to]`, each within that range.
    static func children(of bytes: [UInt8], from: Int, to: Int, base: Int, maxCount: Int) throws(HeaderError) -> [EBMLElement] {
        var elements: [EBMLElement] = []
        var index = from
        while index < to {
            guard elements.count < maxCount else {
                throw HeaderError(offset: base + index, reason: .limitExceeded("\(maxCount) EBML elements"))
            }
            let element = try parse(bytes, at: index, limit: to, base: base)
            let end = (element.end ?? base + to) - base
            guard end <= to else { throw HeaderError(offset: element.start, reason: .malformed("EBML element (runs past its parent)")) }
            elements.append(EBMLElement(id: element.id, start: element.start, dataStart: element.dataStart, end: base + end))
            index = end
        }
        return elements
    }

    /// Its data as an unsigned integer (at most 8 bytes), from the array it was parsed from.
    func unsigned(in bytes: [UInt8], base: Int) -> UInt64? {
        guard let end, end - dataStart <= 8 else { return nil }
        return bytes[(dataStart - base)..<(end - base)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Its data as a 4- or 8-byte IEEE float.
    func float(in bytes: [UInt8], base: Int) -> Double? {
        guard let bits = unsigned(in: bytes, base: base), let end else { return nil }
        switch end - dataStart {
        case 4: return Double(Float(bitPattern: UInt32(bits)))
        case 8: return Double(bitPattern: bits)
        default: return nil
        }
    }

    /// Its data as text (ASCII or UTF-8), cleaned as Exif text is.
    func text(in bytes: [UInt8], base: Int) -> String? {
        guard let end else { return nil }
        return ExifText.clean(Array(bytes[(dataStart - base)..<(end - base)]))
    }
}
