/// Reads HEIF, HEIC and AVIF: the primary item (`pitm`) of the `meta` box,
/// its `ispe` size, then its `clap` crop and `irot`/`imir` orientation, or the
/// `mini` box of low-overhead files. Never the largest `ispe`: thumbnails,
/// tiles, alpha planes and gain maps have their own.
///
/// Top-level boxes are walked by their sizes, so a `meta` box after a large
/// `mdat` costs one more read, not the image data. A size-0 box runs to the
/// end of the file and ends the walk. Exif inside HEIF is read for metadata
/// only: MIAF makes `irot`/`imir` the sole source of orientation.
enum HEIFHeaderParser: HeaderParser {
    static var format: ImageFormat { .heif }

    static func matches(signature: [UInt8]) -> Bool {
        ISOBox.fileTypeBrands(inSignature: signature)?.contains(where: HEIFBrand.all.contains) ?? false
    }

    /// HEIC, HEIF or AVIF by the `ftyp` brands, as ``read(using:)`` decides. Only the brands a
    /// readable `ftyp` box can hold are looked at (``read(using:)`` refuses a longer one), so a
    /// box claiming gigabytes costs no more than a short one.
    static func format(leadingBytes bytes: [UInt8]) -> ImageFormat {
        let fileType = bytes.count > 16 + 4096 ? Array(bytes[0..<(16 + 4096)]) : bytes
        guard let brands = ISOBox.fileTypeBrands(inSignature: fileType), let major = brands.first else { return format }
        return HEIFBrand.format(major: major, compatible: Array(brands.dropFirst()))
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        guard let fileType = try ISOBox.read(at: 0, using: &reader), let ftypEnd = fileType.end else {
            throw HeaderError(offset: 0, reason: .truncated("'ftyp' box"))
        }
        guard ftypEnd - fileType.payloadStart <= 4096 else {
            throw HeaderError(offset: 0, reason: .malformed("'ftyp' box (size \(ftypEnd))"))
        }
        reader.seek(to: fileType.payloadStart)
        let brands = try reader.readBytes(ftypEnd - fileType.payloadStart, of: InputPart("'ftyp' box", at: 0))
        guard let major = brands.fourCC(at: 0) else {
            throw HeaderError(offset: 0, reason: .truncated("'ftyp' box"))
        }
        let compatible = stride(from: 8, to: brands.count - 3, by: 4).compactMap { brands.fourCC(at: $0) }
        let format = HEIFBrand.format(major: major, compatible: compatible)
        let animated = HEIFBrand.sequence.contains(major)

        var position = ftypEnd
        for _ in 0..<reader.limits.maxSegments {
            guard let box = try ISOBox.read(at: position, using: &reader) else { break }
            if box.type == FourCC.code("meta") {
                return try readMeta(box, format: format, animated: animated, using: &reader)
            }
            if box.type == FourCC.code("mini") {
                return try readMini(box, format: format, using: &reader)
            }
            guard let end = box.end else { break }
            position = end
        }
        throw HeaderError(offset: position, reason: .missing("'meta' box"))
    }

    private static func readMeta<Source: ByteSource>(
        _ box: ISOBox, format: ImageFormat, animated: Bool, using reader: inout Reader<Source>
    ) throws(HeaderError) -> ImageHeader {
        let cap = reader.limits.maxBufferedBytes
        if let end = box.end, end - box.payloadStart > cap {
            throw HeaderError(offset: box.start, reason: .limitExceeded("a 'meta' box of \(cap) bytes"))
        }
        let wanted = box.end.map { $0 - box.payloadStart } ?? cap
        let payload = try reader.readAvailable(at: box.payloadStart, upTo: wanted)
        let meta = try HEIFMeta(bytes: payload, base: box.payloadStart, limits: reader.limits)
        let primary = try meta.primary(at: box.start)
        var metadata = ImageMetadata()
        if let location = meta.exifItemLocation(limits: reader.limits) {
            metadata = try readExifItem(at: location, using: &reader)
        }
        metadata.hasICCProfile = metadata.hasICCProfile || primary.hasICCProfile
        return ImageHeader(
            format: format,
            storedSize: primary.storedSize,
            orientation: primary.orientation ?? .up,
            orientationSource: primary.orientation == nil ? OrientationSource.none : .heifTransform,
            isAnimated: animated,
            cleanAperture: primary.cleanAperture,
            metadata: metadata.nonEmpty)
    }

    /// An `Exif` item: a 4-byte offset to the TIFF header, then the Exif block.
    private static func readExifItem<Source: ByteSource>(
        at location: (offset: Int, length: Int), using reader: inout Reader<Source>
    ) throws(HeaderError) -> ImageMetadata {
        let prefix = try reader.readAvailable(at: location.offset, upTo: 4)
        guard let skip = prefix.uint32(at: 0, .bigEndian), location.length >= 4,
              Int(skip) <= location.length - 4, location.offset <= Int.max - location.length else {
            return ImageMetadata()
        }
        let tiffStart = location.offset + 4 + Int(skip)
        return try ExifReader.read(in: &reader, tiffStart: tiffStart, end: location.offset + location.length).metadata
    }

    private static func readMini<Source: ByteSource>(
        _ box: ISOBox, format: ImageFormat, using reader: inout Reader<Source>
    ) throws(HeaderError) -> ImageHeader {
        let payload = try reader.readAvailable(at: box.payloadStart, upTo: 16)
        let fields = try HEIFMiniBox.parse(payload, at: box.start)
        return ImageHeader(
            format: format, storedSize: fields.size, orientation: fields.orientation,
            orientationSource: .heifTransform,
            metadata: ImageMetadata(hasICCProfile: fields.hasICCProfile).nonEmpty)
    }
}
