/// Rewrites a JPEG losslessly for publishing originals: the entropy-coded data (the pixels) is
/// copied untouched; every metadata segment is dropped except APP0 JFIF, APP2 ICC_PROFILE and
/// APP14 Adobe (which decoders need to show the same colours). EXIF (with GPS, serial numbers,
/// names), XMP, IPTC/Photoshop (APP13), comments, MPF previews and anything after EOI (appended
/// previews, motion-photo videos) go. If the EXIF orientation was not 1, a new minimal APP1 Exif
/// holding only the Orientation tag is written, so browsers still show the photo upright.
///
/// Pure and bounded: every step advances through the input and every length is checked, so any
/// input gives a result or a `JPEGStripError`, never a trap.
public enum JPEGMetadataStripper {
    public static func strip(_ bytes: [UInt8]) throws -> StrippedJPEG {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw JPEGStripError.notJPEG }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count)
        var removed: [String] = []
        var orientation: Int?
        var exifInsertion = 2
        var position = 2
        var sawSOS = false
        var keptAny = false

        while position < bytes.count {
            // A marker, possibly after fill bytes (0xFF 0xFF ...).
            guard bytes[position] == 0xFF else { throw JPEGStripError.expectedMarker(offset: position) }
            var markerAt = position
            while markerAt + 1 < bytes.count && bytes[markerAt + 1] == 0xFF { markerAt += 1 }
            guard markerAt + 1 < bytes.count else { break }
            let marker = bytes[markerAt + 1]
            let segmentStart = markerAt
            position = markerAt + 2
            if marker == 0xD9 { // EOI
                guard sawSOS else { throw JPEGStripError.noImageData }
                out.append(contentsOf: [0xFF, 0xD9])
                if position < bytes.count { removed.append("data after EOI (\(bytes.count - position) bytes)") }
                return finish(out, orientation: orientation, at: exifInsertion, removed: removed)
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) || marker == 0xD8 { // standalone markers
                out.append(contentsOf: [0xFF, marker])
                continue
            }
            guard position + 2 <= bytes.count else { throw JPEGStripError.badSegmentLength(marker: marker, offset: segmentStart) }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2, position + length <= bytes.count else {
                throw JPEGStripError.badSegmentLength(marker: marker, offset: segmentStart)
            }
            let segmentEnd = position + length
            let payload = bytes[(position + 2)..<segmentEnd]
            if let name = removalName(marker: marker, payload: payload) {
                removed.append(name)
                if name == "APP1 Exif" && orientation == nil { orientation = ExifOrientationReader.orientation(inExif: payload) }
            } else {
                out.append(contentsOf: bytes[segmentStart..<segmentEnd])
                if !keptAny && !sawSOS && marker == 0xE0 { exifInsertion = out.count } // after a leading JFIF APP0
                keptAny = true
            }
            position = segmentEnd
            if marker == 0xDA { // SOS: copy the entropy-coded data up to the next real marker
                sawSOS = true
                let dataEnd = entropyDataEnd(bytes, from: position)
                out.append(contentsOf: bytes[position..<dataEnd])
                position = dataEnd
            }
        }
        // The file ends without EOI (truncated): keep what there is, add nothing.
        guard sawSOS else { throw JPEGStripError.noImageData }
        return finish(out, orientation: orientation, at: exifInsertion, removed: removed)
    }

    /// The EXIF orientation (1...8) of a JPEG from its first APP1 Exif segment, 1 when absent or
    /// unreadable. Reads only the segments before the image data; copies nothing.
    public static func orientation(of bytes: [UInt8]) -> Int {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
        var position = 2
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let marker = bytes[position + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0xFF { position += 1; continue }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            guard length >= 2, position + 2 + length <= bytes.count else { break }
            let payload = bytes[(position + 4)..<(position + 2 + length)]
            if marker == 0xE1 && payload.starts(with: Array("Exif\0\0".utf8)) {
                return ExifOrientationReader.orientation(inExif: payload) ?? 1
            }
            position += 2 + length
        }
        return 1
    }

    /// The index of the first marker after entropy-coded data starting at `start` (0xFF followed by
    /// neither 0x00 stuffing, a restart marker nor another 0xFF), or the end of the input.
    static func entropyDataEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] != 0xFF { index += 1; continue }
            let next = bytes[index + 1]
            if next == 0x00 || (0xD0...0xD7).contains(next) { index += 2; continue }
            if next == 0xFF { index += 1; continue }
            return index
        }
        return bytes.count
    }

    /// nil to keep the segment, or the name it is reported under when removed.
    static func removalName(marker: UInt8, payload: ArraySlice<UInt8>) -> String? {
        func starts(_ text: String) -> Bool { payload.starts(with: Array(text.utf8)) }
        switch marker {
        case 0xE0:
            return starts("JFIF\0") ? nil : "APP0"
        case 0xE1:
            if starts("Exif\0") { return "APP1 Exif" }
            if starts("http://ns.adobe.com/xap/1.0/\0") || starts("http://ns.adobe.com/xmp/extension/\0") { return "APP1 XMP" }
            return "APP1"
        case 0xE2:
            if starts("ICC_PROFILE\0") { return nil }
            return starts("MPF\0") ? "APP2 MPF" : "APP2"
        case 0xEE:
            return starts("Adobe") ? nil : "APP14"
        case 0xE3...0xEF:
            return "APP\(marker - 0xE0)"
        case 0xFE:
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
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func markerName(_ marker: UInt8) -> String {
        switch marker {
        case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC: return "SOF\(marker - 0xC0)"
        case 0xC4: return "DHT"
        case 0xDA: return "SOS"
        case 0xDB: return "DQT"
        case 0xDD: return "DRI"
        case 0xE0...0xEF: return "APP\(marker - 0xE0)"
        case 0xFE: return "COM"
        default: return "0xFF" + String(marker, radix: 16, uppercase: true)
        }
    }
}
