extension HEIFMeta {
    /// What the primary item's properties say: `ispe` size, then the
    /// transformative properties `clap`, `irot`, `imir` applied in association
    /// order, and whether a `colr` box carries an ICC profile.
    struct Primary {
        var storedSize: PixelSize
        var cleanAperture: PixelSize?
        var orientation: Orientation?
        var hasICCProfile = false
    }

    func primary(at metaOffset: Int) throws(HeaderError) -> Primary {
        guard let primaryID else {
            throw HeaderError(offset: metaOffset, reason: .missing("'pitm' box in 'meta'"))
        }
        let associated = properties(of: primaryID)
        guard let spatial = associated.first(where: { $0.box.type == FourCC.code("ispe") }) else {
            throw HeaderError(offset: metaOffset, reason: .missing("'ispe' property of the primary item \(primaryID)"))
        }
        let stored = try imageSpatialExtent(spatial.box)
        var current = stored
        var transform = HEIFTransform()
        var hasTransform = false
        var cropped = false
        var hasICC = false
        for property in associated {
            let box = property.box
            let p = local(box.payloadStart)
            switch box.type {
            case FourCC.code("clap"), FourCC.code("irot"), FourCC.code("imir"):
                // ISO/IEC 23008-12 requires transformative properties to be
                // essential; libavif rejects files where they are not.
                guard property.essential else { throw malformed(box, "transformative property not marked essential") }
                if box.type == FourCC.code("clap") {
                    current = try cleanAperture(box, of: current)
                    cropped = true
                } else {
                    guard let value = bytes.byte(at: p), p < end(of: box) else { throw malformed(box, "truncated") }
                    if box.type == FourCC.code("irot") {
                        transform.rotate(quarterTurnsCounterClockwise: Int(value & 3))
                        if value & 1 == 1 { current = current.transposed }
                    } else {
                        transform.mirror(axis: Int(value & 1))
                    }
                    hasTransform = true
                }
            case FourCC.code("colr"):
                if let type = bytes.fourCC(at: p), type == FourCC.code("prof") || type == FourCC.code("rICC") {
                    hasICC = true
                }
            default:
                break
            }
        }
        let orientation = hasTransform ? transform.orientation : nil
        // `current` is the displayed size; express the crop before orientation.
        let aperture = (orientation?.swapsDimensions ?? false) ? current.transposed : current
        return Primary(storedSize: stored, cleanAperture: cropped ? aperture : nil,
                       orientation: orientation, hasICCProfile: hasICC)
    }

    /// `ispe`: a FullBox holding width and height.
    private func imageSpatialExtent(_ box: ISOBox) throws(HeaderError) -> PixelSize {
        let p = local(box.payloadStart)
        guard p + 12 <= end(of: box), let width = bytes.uint32(at: p + 4, .bigEndian),
              let height = bytes.uint32(at: p + 8, .bigEndian) else { throw malformed(box, "truncated") }
        return try PixelSize.checked(width: UInt64(width), height: UInt64(height), part: "'ispe' box", at: box.start)
    }

    /// `clap`: the clean aperture's width and height as fractions (MIAF wants
    /// integers; others are rounded to the nearest pixel). A zero denominator
    /// or a crop outside `1…size` is an error.
    private func cleanAperture(_ box: ISOBox, of size: PixelSize) throws(HeaderError) -> PixelSize {
        let p = local(box.payloadStart)
        guard p + 32 <= end(of: box), let widthN = bytes.uint32(at: p, .bigEndian),
              let widthD = bytes.uint32(at: p + 4, .bigEndian), let heightN = bytes.uint32(at: p + 8, .bigEndian),
              let heightD = bytes.uint32(at: p + 12, .bigEndian) else { throw malformed(box, "truncated") }
        guard widthD != 0, heightD != 0 else { throw malformed(box, "zero denominator") }
        // The fields are signed 32-bit in the standard; negative sizes are invalid.
        guard widthN < 0x8000_0000, heightN < 0x8000_0000, widthD < 0x8000_0000, heightD < 0x8000_0000 else {
            throw malformed(box, "negative size")
        }
        let width = (UInt64(widthN) * 2 + UInt64(widthD)) / (UInt64(widthD) * 2)
        let height = (UInt64(heightN) * 2 + UInt64(heightD)) / (UInt64(heightD) * 2)
        guard width >= 1, height >= 1, width <= UInt64(size.width), height <= UInt64(size.height) else {
            throw malformed(box, "clean aperture \(width)x\(height) outside the \(size) image")
        }
        return PixelSize(width: Int(width), height: Int(height))
    }
}
