extension JPEGHeaderParser {
    /// The layout of a well-formed JPEG whose segments up to SOS all lie in
    /// the reader's first window (a camera file: Exif, tables, a frame
    /// header), found by walking the window's bytes in place, as `cascade
    /// scan` reads thousands of them. The Exif orientation is read as the
    /// general walk reads it.
    ///
    /// `nil` for anything else (stray or fill bytes, standalone markers, a
    /// segment reaching past the window, a frame header the general walk
    /// would reject): the general walk then reads the file from its start
    /// and reports what it finds, so the answer is always the general walk's.
    static func quickLayout<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader? {
        reader.seek(to: 0)
        let window = try reader.peekSlice(upTo: Reader<Source>.windowSize)
        let base = window.startIndex, end = window.count
        func byte(_ offset: Int) -> UInt8 { window[base + offset] }
        func matches(_ expected: [UInt8], at offset: Int) -> Bool {
            window[(base + offset)..<(base + offset + expected.count)].elementsEqual(expected)
        }
        var position = 2
        var markers = 0
        var frame: PixelSize?
        var sawExif = false, sawICC = false
        var orientation: Orientation?
        while true {
            markers += 1
            guard markers <= reader.limits.maxSegments, position + 4 <= end, byte(position) == 0xFF else { return nil }
            let marker = byte(position + 1)
            if marker == JPEGMarker.startOfScan || marker == JPEGMarker.endOfImage {
                guard let frame else { return nil }
                return ImageHeader(format: .jpeg, storedSize: frame, orientation: orientation ?? .up,
                                   orientationSource: orientation == nil ? OrientationSource.none : .exif,
                                   metadata: sawICC ? ImageMetadata(hasICCProfile: true) : nil)
            }
            guard marker != 0xFF, marker != 0x00, !JPEGMarker.isStandalone(marker) else { return nil }
            let length = Int(byte(position + 2)) << 8 | Int(byte(position + 3))
            let payload = position + 4, segmentEnd = position + 2 + length
            guard length >= 2, segmentEnd <= end else { return nil }
            if frame == nil, JPEGMarker.isFrameHeader(marker) {
                guard length >= 8 else { return nil }
                let height = Int(byte(payload + 1)) << 8 | Int(byte(payload + 2))
                let width = Int(byte(payload + 3)) << 8 | Int(byte(payload + 4))
                let components = Int(byte(payload + 5))
                guard components > 0, length == 8 + 3 * components, width > 0, height > 0 else { return nil }
                frame = PixelSize(width: width, height: height)
            } else if marker == JPEGMarker.app1, length >= 2 + 6 {
                if !sawExif, matches(exifIdentifier, at: payload) {
                    sawExif = true
                    orientation = try ExifReader.orientation(in: &reader, tiffStart: payload + 6, end: segmentEnd)
                }
            } else if marker == JPEGMarker.app2, !sawICC, length >= 2 + 12 {
                sawICC = matches(iccIdentifier, at: payload)
            }
            position = segmentEnd
        }
    }
}
