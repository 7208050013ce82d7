/// Reads the Orientation tag (0x0112) from IFD0 of an APP1 Exif payload, bounds-checked.
enum ExifOrientationReader {
    /// `payload` starts with `Exif\0\0`. Returns 1...8, or nil when absent or out of range.
    static func orientation(inExif payload: ArraySlice<UInt8>) -> Int? {
        let tiff = Array(payload.dropFirst(6))
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 1000) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2) else { return nil }
            guard tag == 0x0112 else { continue }
            guard type == 3, let value = u16(at + 8) else { return nil }
            return (1...8).contains(value) ? value : nil
        }
        return nil
    }
}
