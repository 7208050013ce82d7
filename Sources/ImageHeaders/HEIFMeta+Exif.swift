extension HEIFMeta {
    /// Where the first `Exif` item's bytes lie in the input (absolute offset
    /// and length of its first extent), from `iloc`; `nil` when there is no
    /// such item or its location cannot be used (another file, bad sizes).
    func exifItemLocation(limits: HeaderLimits) -> (offset: Int, length: Int)? {
        let exif = FourCC.code("Exif")
        guard let id = itemTypes.filter({ $0.value == exif }).keys.min(), let box = itemLocations else { return nil }
        return try? location(of: id, in: box, limits: limits)
    }

    /// Walks `iloc` (versions 0–2) for `item`.
    private func location(of item: UInt32, in box: ISOBox, limits: HeaderLimits) throws(HeaderError) -> (offset: Int, length: Int)? {
        var p = local(box.payloadStart)
        let limit = end(of: box)
        guard let version = bytes.byte(at: p), version <= 2,
              let sizes = bytes.byte(at: p + 4), let sizes2 = bytes.byte(at: p + 5) else { return nil }
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 15)
        let baseOffsetSize = Int(sizes2 >> 4)
        let indexSize = version >= 1 ? Int(sizes2 & 15) : 0
        for size in [offsetSize, lengthSize, baseOffsetSize, indexSize] where ![0, 4, 8].contains(size) {
            return nil
        }
        p += 6
        let itemCount: UInt32?
        if version < 2 {
            itemCount = bytes.uint16(at: p, .bigEndian).map(UInt32.init)
            p += 2
        } else {
            itemCount = bytes.uint32(at: p, .bigEndian)
            p += 4
        }
        guard let itemCount, itemCount <= UInt32(limits.maxTableEntries) else { return nil }
        var extentsSeen = 0
        for _ in 0..<itemCount {
            let id: UInt32?
            if version < 2 {
                id = bytes.uint16(at: p, .bigEndian).map(UInt32.init)
                p += 2
            } else {
                id = bytes.uint32(at: p, .bigEndian)
                p += 4
            }
            var method = 0
            if version >= 1 {
                guard let value = bytes.uint16(at: p, .bigEndian) else { return nil }
                method = Int(value & 15)
                p += 2
            }
            guard let id, let dataReference = bytes.uint16(at: p, .bigEndian) else { return nil }
            p += 2
            let baseOffset = baseOffsetSize == 0 ? 0 : bytes.unsigned(at: p, width: baseOffsetSize, .bigEndian)
            p += baseOffsetSize
            guard let baseOffset, let extentCount = bytes.uint16(at: p, .bigEndian) else { return nil }
            p += 2
            var first: (offset: UInt64, length: UInt64)?
            for _ in 0..<extentCount {
                extentsSeen += 1
                guard extentsSeen <= limits.maxTableEntries else { return nil }
                p += indexSize
                let offset = offsetSize == 0 ? 0 : bytes.unsigned(at: p, width: offsetSize, .bigEndian)
                p += offsetSize
                let length = lengthSize == 0 ? 0 : bytes.unsigned(at: p, width: lengthSize, .bigEndian)
                p += lengthSize
                guard let offset, let length, p <= limit else { return nil }
                if first == nil { first = (offset, length) }
            }
            guard id == item else { continue }
            // Only data in this file (reference 0), by file offset or in idat.
            guard dataReference == 0, let first, first.length > 0 else { return nil }
            let (start, overflow) = baseOffset.addingReportingOverflow(first.offset)
            guard !overflow, let relative = Int(exactly: start), let length = Int(exactly: first.length) else { return nil }
            switch method {
            case 0:
                return (relative, length)
            case 1:
                guard let itemData, relative <= Int.max - itemData.payloadStart else { return nil }
                return (itemData.payloadStart + relative, length)
            default:
                return nil
            }
        }
        return nil
    }
}
