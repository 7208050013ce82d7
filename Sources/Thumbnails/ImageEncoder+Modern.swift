import CThumbnails

extension ImageEncoder {
    /// Lossy WebP (libwebp, method 4) from a 1-, 3- or 4-channel buffer, quality 0...100; alpha
    /// is kept; grey is widened to RGB, so a grey ICC profile is dropped (it would not fit).
    public static func webp(_ pixels: PixelBuffer, quality: Int, iccProfile: [UInt8]? = nil) throws(ThumbnailError) -> [UInt8] {
        try modern(pixels, quality: quality, iccProfile: iccProfile, profileChannels: pixels.channels == 1 ? 3 : pixels.channels,
                   name: "WebP", with: cth_webp_encode)
    }

    /// Lossy AVIF (libheif with libaom, one thread) from a 1-, 3- or 4-channel buffer, quality
    /// 0...100; grey stays monochrome, alpha becomes the auxiliary alpha image.
    public static func avif(_ pixels: PixelBuffer, quality: Int, iccProfile: [UInt8]? = nil) throws(ThumbnailError) -> [UInt8] {
        try modern(pixels, quality: quality, iccProfile: iccProfile, profileChannels: pixels.channels,
                   name: "AVIF", with: cth_avif_encode)
    }

    /// The C signature both modern encoders share (that of `cth_jpeg_encode`).
    typealias ModernEncoder = (UnsafePointer<UInt8>?, UInt32, UInt32, UInt32, Int32, UnsafePointer<UInt8>?, Int,
                               UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int>?,
                               UnsafeMutablePointer<cth_error>?) -> Int32

    private static func modern(_ pixels: PixelBuffer, quality: Int, iccProfile: [UInt8]?, profileChannels: Int,
                               name: String, with encoder: ModernEncoder) throws(ThumbnailError) -> [UInt8] {
        guard (0...100).contains(quality) else { throw .invalidRequest("\(name) quality \(quality) is not 0...100") }
        let icc = compatibleProfile(iccProfile, channels: profileChannels)
        return try encode { out, length, error in
            pixels.samples.withUnsafeBufferPointer { samples in
                withOptionalBytes(icc) { iccPointer, iccLength in
                    encoder(samples.baseAddress, UInt32(pixels.width), UInt32(pixels.height), UInt32(pixels.channels),
                            Int32(quality), iccPointer, iccLength, out, length, error)
                }
            }
        }
    }
}
