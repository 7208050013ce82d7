import CThumbnails

/// Encodes pixels as JPEG (progressive, optimised Huffman, JFIF + optional ICC, nothing else) or
/// PNG (+ optional iCCP). No EXIF is ever written, so renditions carry no GPS and no orientation.
public enum ImageEncoder {
    /// JPEG from a 1- or 3-channel buffer (RGBA: drop or flatten the alpha first). quality 1...100.
    public static func jpeg(_ pixels: PixelBuffer, quality: Int, iccProfile: [UInt8]? = nil) throws(ThumbnailError) -> [UInt8] {
        guard (1...100).contains(quality) else { throw .invalidRequest("JPEG quality \(quality) is not 1...100") }
        guard pixels.channels != 4 else { throw .invalidRequest("JPEG cannot hold alpha") }
        let icc = compatibleProfile(iccProfile, channels: pixels.channels)
        return try encode { out, length, error in
            pixels.samples.withUnsafeBufferPointer { samples in
                withOptionalBytes(icc) { iccPointer, iccLength in
                    cth_jpeg_encode(samples.baseAddress, UInt32(pixels.width), UInt32(pixels.height),
                                    UInt32(pixels.channels), Int32(quality), iccPointer, iccLength, out, length, error)
                }
            }
        }
    }

    /// PNG from a 1-, 3- or 4-channel buffer.
    public static func png(_ pixels: PixelBuffer, iccProfile: [UInt8]? = nil) throws(ThumbnailError) -> [UInt8] {
        let icc = compatibleProfile(iccProfile, channels: pixels.channels)
        return try encode { out, length, error in
            pixels.samples.withUnsafeBufferPointer { samples in
                withOptionalBytes(icc) { iccPointer, iccLength in
                    cth_png_encode(samples.baseAddress, UInt32(pixels.width), UInt32(pixels.height),
                                   UInt32(pixels.channels), iccPointer, iccLength, out, length, error)
                }
            }
        }
    }

    /// A profile is kept only if its colour space (header bytes 16–19) fits the pixels:
    /// 'GRAY' for grey, 'RGB ' for colour. Anything else would mislead the browser.
    static func compatibleProfile(_ profile: [UInt8]?, channels: Int) -> [UInt8]? {
        guard let profile, profile.count >= 132 else { return nil }
        let space = Array(profile[16..<20])
        let expected: [UInt8] = channels == 1 ? Array("GRAY".utf8) : Array("RGB ".utf8)
        return space == expected ? profile : nil
    }

    static func withOptionalBytes<R>(_ bytes: [UInt8]?, _ body: (UnsafePointer<UInt8>?, Int) -> R) -> R {
        guard let bytes else { return body(nil, 0) }
        return bytes.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
    }

    static func encode(
        _ call: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                 UnsafeMutablePointer<cth_error>) -> Int32
    ) throws(ThumbnailError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var error = cth_error()
        let code = call(&out, &length, &error)
        defer { cth_free(out) }
        guard code == Int32(CTH_OK), let out else {
            throw .encodeFailed(ImageDecoder.message(of: &error))
        }
        return [UInt8](UnsafeBufferPointer(start: out, count: length))
    }
}
