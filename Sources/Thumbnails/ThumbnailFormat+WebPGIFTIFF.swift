extension ThumbnailFormat {
    /// WebP (`RIFF`, a length, `WEBP`), GIF (`GIF87a`/`GIF89a`) and TIFF (`II*\0`, `MM\0*`, and
    /// BigTIFF's `II+\0`, `MM\0+`, which libtiff reads too), from the first bytes only.
    static func detectWebPGIFTIFF(_ bytes: [UInt8]) -> ThumbnailFormat? {
        if bytes.count >= 12, bytes[0..<4].elementsEqual(Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WEBP".utf8)) {
            return .webp
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 4 {
            let head = Array(bytes[0..<4])
            if head == [0x49, 0x49, 0x2A, 0x00] || head == [0x4D, 0x4D, 0x00, 0x2A]
                || head == [0x49, 0x49, 0x2B, 0x00] || head == [0x4D, 0x4D, 0x00, 0x2B] {
                return .tiff
            }
        }
        return nil
    }
}
