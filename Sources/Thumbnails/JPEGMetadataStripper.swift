import ImageHeaders

/// Rewrites a JPEG losslessly for publishing originals: the entropy-coded data (the pixels) is
/// copied untouched; every metadata segment is dropped except APP0 JFIF, APP2 ICC_PROFILE and
/// APP14 Adobe (which decoders need to show the same colours). EXIF (with GPS, serial numbers,
/// names), XMP, IPTC/Photoshop (APP13), comments, MPF previews and anything after EOI (appended
/// previews, motion-photo videos) go. If the EXIF orientation was not 1, a new minimal APP1 Exif
/// holding only the Orientation tag is written, so browsers still show the photo upright.
///
/// Pure and bounded: the segments come from ImageHeaders' ``JPEGSegments`` walk, which checks
/// every length, so any input gives a result or a ``JPEGStripError``, never a trap.
public enum JPEGMetadataStripper {
    /// The file without its private metadata, and the names of what was removed.
    public static func strip(_ bytes: [UInt8]) throws(JPEGStripError) -> StrippedJPEG {
        guard bytes.count >= 4 else { throw .notJPEG }
        var segments: JPEGSegments
        do {
            segments = try JPEGSegments(bytes)
        } catch {
            throw JPEGStripError(error)
        }
        var out: [UInt8] = [0xFF, JPEGMarker.startOfImage]
        out.reserveCapacity(bytes.count)
        var removed: [String] = []
        var orientation: Int?
        var exifInsertion = out.count
        var sawSOS = false
        var keptAny = false
        while let segment = try next(&segments) {
            let marker = segment.marker
            if marker == JPEGMarker.endOfImage {
                guard sawSOS else { throw .noImageData }
                out.append(contentsOf: [0xFF, marker])
                if segments.offset < bytes.count { removed.append("data after EOI (\(bytes.count - segments.offset) bytes)") }
                return finish(out, orientation: orientation, at: exifInsertion, removed: removed)
            }
            guard JPEGMarker.hasLength(marker) else { // standalone: fill bytes before it are dropped
                out.append(contentsOf: [0xFF, marker])
                continue
            }
            let payload = bytes[segment.payload]
            if let name = removalName(marker: marker, payload: payload) {
                removed.append(name)
                if name == "APP1 Exif" && orientation == nil { orientation = exifOrientation(payload) }
            } else {
                out.append(contentsOf: bytes[segment.bytes])
                if !keptAny && !sawSOS && marker == JPEGMarker.app0 { exifInsertion = out.count } // after a leading JFIF APP0
                keptAny = true
            }
            if marker == JPEGMarker.startOfScan {
                sawSOS = true
                out.append(contentsOf: bytes[segment.entropyCodedData])
            }
        }
        // The file ends without EOI (truncated): keep what there is, add nothing.
        guard sawSOS else { throw .noImageData }
        return finish(out, orientation: orientation, at: exifInsertion, removed: removed)
    }

    /// The EXIF orientation (1...8) of a JPEG, as the header scan reads it
    /// (``ImageHeader/orientation``), 1 when absent or unreadable. Reads only the segments
    /// before the image data; copies nothing.
    public static func orientation(of bytes: [UInt8]) -> Int {
        guard let header = try? ImageHeader.read(from: bytes), header.format == .jpeg else { return 1 }
        return Int(header.orientation.rawValue)
    }

    private static func next(_ segments: inout JPEGSegments) throws(JPEGStripError) -> JPEGSegment? {
        do {
            return try segments.next()
        } catch {
            throw JPEGStripError(error)
        }
    }

    /// The orientation in an APP1 `Exif\0\0` payload, nil when absent or unreadable.
    static func exifOrientation(_ payload: ArraySlice<UInt8>) -> Int? {
        Orientation(exifTIFF: Array(payload.dropFirst(6))).map { Int($0.rawValue) }
    }

    /// nil to keep the segment, or the name it is reported under when removed.
    static func removalName(marker: UInt8, payload: ArraySlice<UInt8>) -> String? {
        func starts(_ text: String) -> Bool { payload.starts(with: Array(text.utf8)) }
        switch marker {
        case JPEGMarker.app0:
            return starts("JFIF\0") ? nil : "APP0"
        case JPEGMarker.app1:
            if starts("Exif\0") { return "APP1 Exif" }
            if starts("http://ns.adobe.com/xap/1.0/\0") || starts("http://ns.adobe.com/xmp/extension/\0") { return "APP1 XMP" }
            return "APP1"
        case JPEGMarker.app2:
            if starts("ICC_PROFILE\0") { return nil }
            return starts("MPF\0") ? "APP2 MPF" : "APP2"
        case JPEGMarker.app14:
            return starts("Adobe") ? nil : "APP14"
        case _ where JPEGMarker.isApplication(marker):
            return JPEGMarker.name(marker)
        case JPEGMarker.comment:
            return "COM"
        default:
            return nil
        }
    }

    private static func finish(_ data: [UInt8], orientation: Int?, at insertion: Int, removed: [String]) -> StrippedJPEG {
        var data = data
        let value = orientation ?? 1
        if value != 1 { data.insert(contentsOf: minimalExif(orientation: value), at: insertion) }
        return StrippedJPEG(data: data, orientation: value, removed: removed)
    }

    /// APP1 `Exif\0\0` + a big-endian TIFF header + IFD0 with the single Orientation (0x0112) SHORT.
    public static func minimalExif(orientation: Int) -> [UInt8] {
        let value = UInt8(clamping: min(max(orientation, 1), 8))
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0]
            + [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08] // "MM", 42, IFD0 at 8
            + [0x00, 0x01]                                     // one entry
            + [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, value, 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00]                         // no IFD1
        let length = payload.count + 2
        return [0xFF, JPEGMarker.app1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}
