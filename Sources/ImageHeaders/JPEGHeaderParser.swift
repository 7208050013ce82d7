/// Reads a JPEG's size from its first frame header (SOFn) and its orientation
/// from the first Exif APP1 segment, walking segments the way libjpeg does.
/// On the way it keeps the first standard XMP APP1 packet (ExtendedXMP is
/// ignored) and the Photoshop resources of APP13 segments (for IPTC-IIM);
/// other segments are seeked over unread. Read for ``HeaderDetail/layout``,
/// the Exif APP1 gives its orientation alone and XMP and APP13 are passed over.
///
/// The walk stops at SOS or EOI, so entropy-coded data is never read, and it
/// seeks over every other segment by its length. Fill bytes (`FF FF …`) before
/// a marker, standalone markers (TEM, RSTn, SOI) and stray bytes between
/// segments are skipped, as libjpeg's `next_marker` does. Data ending after a
/// frame header still yields the header: the size is known by then.
enum JPEGHeaderParser: HeaderParser {
    static var format: ImageFormat { .jpeg }

    /// `FF D8` (SOI). libjpeg accepts any bytes after SOI, so the third byte is not checked.
    static func matches(signature: [UInt8]) -> Bool {
        signature.count >= 2 && signature[0] == 0xFF && signature[1] == JPEGMarker.startOfImage
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        if reader.detail == .layout, let header = try quickLayout(using: &reader) {
            return header
        }
        var walk = Walk()
        reader.seek(to: 2)
        while true {
            walk.markers += 1
            guard walk.markers <= reader.limits.maxSegments else {
                throw HeaderError(offset: reader.offset, reason: .limitExceeded("\(reader.limits.maxSegments) segments"))
            }
            guard let (marker, markerOffset) = try nextMarker(&reader) else {
                return try walk.header(before: "end of data", at: reader.offset)
            }
            if JPEGMarker.isStandalone(marker) {
                continue
            }
            if marker == JPEGMarker.startOfScan || marker == JPEGMarker.endOfImage {
                return try walk.header(before: marker, at: markerOffset)
            }
            do {
                try readSegment(marker, at: markerOffset, using: &reader, into: &walk)
            } catch {
                // Running out of data after the frame header loses nothing the
                // header needs; any other fault is reported.
                if case .truncated = error.reason, walk.frameSize != nil {
                    return try walk.header(before: "end of data", at: reader.offset)
                }
                throw error
            }
        }
    }

    /// Reads one segment with a length field and leaves the reader at its end.
    private static func readSegment<Source: ByteSource>(
        _ marker: UInt8,
        at markerOffset: Int,
        using reader: inout Reader<Source>,
        into walk: inout Walk
    ) throws(HeaderError) {
        let part = InputPart(jpegSegment: marker, at: markerOffset)
        let length = Int(try reader.readUInt16(.bigEndian, of: part))
        guard length >= 2 else {
            throw HeaderError(offset: markerOffset, reason: .badSegmentLength(marker: JPEGMarker.name(marker), length: length))
        }
        let payloadStart = markerOffset + 4
        let segmentEnd = markerOffset + 2 + length
        if walk.frameSize == nil, JPEGMarker.isFrameHeader(marker) {
            walk.frameSize = try readFrameHeader(marker: marker, length: length, part: part, using: &reader)
        } else if marker == JPEGMarker.app1, length >= 2 + 6 {
            if !walk.sawExif, try reader.startsWith(exifIdentifier) {
                // Only the first Exif APP1 counts; later ones are often copies
                // or belong to embedded images.
                walk.sawExif = true
                if reader.detail == .layout {
                    walk.orientation = try ExifReader.orientation(in: &reader, tiffStart: payloadStart + 6, end: segmentEnd)
                } else {
                    let exif = try ExifReader.read(in: &reader, tiffStart: payloadStart + 6, end: segmentEnd)
                    walk.orientation = exif.orientation
                    walk.metadata = exif.metadata
                }
            } else if reader.detail == .full, walk.xmpPacket == nil, length - 2 >= xmpIdentifier.count,
                      try reader.startsWith(xmpIdentifier) {
                let count = length - 2 - xmpIdentifier.count
                let packet = try reader.readAvailable(at: payloadStart + xmpIdentifier.count, upTo: count)
                if packet.count == count { walk.xmpPacket = packet }
            } else if !walk.sawExif, try reader.peek(upTo: 6).count < 6 {
                // As before XMP was read: an APP1 cut off before its identifier is reported.
                throw part.truncated
            }
        } else if marker == JPEGMarker.app13, reader.detail == .full, length >= 2 + PhotoshopResources.app13Identifier.count,
                  walk.photoshopResources.count < maxPhotoshopResources {
            let identifier = PhotoshopResources.app13Identifier
            if try reader.startsWith(identifier) {
                let count = length - 2 - identifier.count
                let resources = try reader.readAvailable(at: payloadStart + identifier.count, upTo: count)
                // Photoshop splits large resource lists over consecutive APP13s.
                if resources.count == count { walk.photoshopResources += resources }
            }
        } else if marker == JPEGMarker.app2, !walk.sawICC, length >= 2 + 12 {
            walk.sawICC = try reader.readBytes(12, of: part) == iccIdentifier
        }
        reader.seek(to: segmentEnd)
    }

    /// Reads precision, height, width and component count from a SOFn/DHP payload.
    private static func readFrameHeader<Source: ByteSource>(
        marker: UInt8,
        length: Int,
        part: InputPart,
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> PixelSize {
        guard length >= 8 else {
            throw HeaderError(offset: part.offset, reason: .badFrameHeader(marker: JPEGMarker.name(marker), length: length))
        }
        _ = try reader.readUInt8(of: part)  // sample precision
        let height = Int(try reader.readUInt16(.bigEndian, of: part))
        let width = Int(try reader.readUInt16(.bigEndian, of: part))
        let components = Int(try reader.readUInt8(of: part))
        // libjpeg rejects a frame whose length disagrees with its component
        // specifications (3 bytes each) or that has no components.
        guard components > 0, length == 8 + 3 * components else {
            throw HeaderError(offset: part.offset, reason: .badFrameHeader(marker: JPEGMarker.name(marker), length: length))
        }
        // Height 0 would defer the height to a DNL marker after the first
        // scan; libjpeg and browsers reject it, so no size is known.
        guard width > 0, height > 0 else {
            throw HeaderError(offset: part.offset, reason: .zeroDimension(part.name))
        }
        return PixelSize(width: width, height: height)
    }

    /// Finds the next marker: skips stray bytes up to an `0xFF`, then fill
    /// bytes; `FF 00` outside entropy data is garbage too. Returns the marker
    /// code and the offset of its `0xFF`, or `nil` at the end of the input.
    private static func nextMarker<Source: ByteSource>(
        _ reader: inout Reader<Source>
    ) throws(HeaderError) -> (marker: UInt8, offset: Int)? {
        guard var byte = try reader.readByteIfAvailable() else { return nil }
        while true {
            while byte != 0xFF {
                guard let next = try reader.readByteIfAvailable() else { return nil }
                byte = next
            }
            var marker: UInt8 = 0xFF
            while marker == 0xFF {
                guard let next = try reader.readByteIfAvailable() else { return nil }
                marker = next
            }
            if marker != 0x00 {
                return (marker, reader.offset - 2)
            }
            guard let next = try reader.readByteIfAvailable() else { return nil }
            byte = next
        }
    }

    /// `Exif\0\0`, the identifier that opens an Exif APP1 payload.
    static let exifIdentifier: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]
    /// `http://ns.adobe.com/xap/1.0/\0`, the identifier that opens a standard XMP APP1 payload.
    private static let xmpIdentifier: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    /// Most APP13 bytes gathered (IIM records are a few KiB).
    private static let maxPhotoshopResources = 1 << 20
    /// `ICC_PROFILE\0`, the identifier that opens each APP2 chunk of an ICC profile.
    static let iccIdentifier: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// What the segment walk has found so far.
    private struct Walk {
        var markers = 0
        var frameSize: PixelSize?
        var sawExif = false
        var sawICC = false
        var orientation: Orientation?
        var metadata = ImageMetadata()
        var xmpPacket: [UInt8]?
        var photoshopResources: [UInt8] = []

        /// The result once the walk stops at `point`, or `missingFrameHeader` without a frame.
        func header(before marker: UInt8, at offset: Int) throws(HeaderError) -> ImageHeader {
            try header(before: JPEGMarker.name(marker), at: offset)
        }

        /// The result once the walk stops at `point`, or `missingFrameHeader` without a frame.
        func header(before point: @autoclosure () -> String, at offset: Int) throws(HeaderError) -> ImageHeader {
            guard let frameSize else {
                throw HeaderError(offset: offset, reason: .missingFrameHeader(before: point()))
            }
            var withICC = metadata
            withICC.hasICCProfile = withICC.hasICCProfile || sawICC
            if let xmpPacket, xmpPacket.count <= ImageMetadata.maxXMPPacketLength {
                withICC.xmpPacket = xmpPacket
            }
            if !photoshopResources.isEmpty, let iptc = IPTCRecord(photoshopResources: photoshopResources) {
                withICC.iptc = iptc
            }
            return ImageHeader(
                format: .jpeg,
                storedSize: frameSize,
                orientation: orientation ?? .up,
                orientationSource: orientation == nil ? OrientationSource.none : .exif,
                metadata: withICC.nonEmpty
            )
        }
    }
}
