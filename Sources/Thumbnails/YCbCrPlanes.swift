/// A 4:2:0 photo as its JPEG stores it: a Y′ (luma) plane and two chroma planes, Cb and Cr,
/// each sample sited at the centre of a 2 × 2 block of luma (JFIF).
///
/// Why: most photos are 4:2:0 JPEGs and their renditions are 4:2:0 JPEGs. Decoding to RGB
/// upsamples the chroma and converts every pixel, the resampler then filters three full-size
/// channels, and the encoder converts back and averages the chroma down again. On the planes the
/// resampler filters one full-size plane and two quarter-size ones (half the samples), and both
/// conversions are skipped. Filtering is linear and Y′CbCr is a linear map of R′G′B′, so the
/// luma is what the RGB path gives; the chroma is filtered by Lanczos-3 from its own samples
/// where the RGB path averaged 2 × 2 blocks of upsampled chroma.
struct YCbCrPlanes {
    /// Y′, width × height.
    var luma: PixelBuffer
    /// Cb and Cr: (width + 1) / 2 × (height + 1) / 2 once resampled, or, straight from a decode at
    /// 4/8 or below (libjpeg-turbo upsamples chroma in its inverse DCT there), the luma's size.
    var blue: PixelBuffer
    var red: PixelBuffer
    /// Luma samples per chroma sample on each axis: 2 (4:2:0 as stored), or 1 where the decoder
    /// upsampled the chroma. Told, not read from the sizes: a plane 1 pixel wide is both.
    var chromaFactor: (x: Int, y: Int) = (2, 2)

    var width: Int { luma.width }
    var height: Int { luma.height }

    /// The planes resampled to `width` × `height` luma samples (stored orientation), the chroma to
    /// half of that, rounded up, on the luma grid: output chroma j sits at luma (2j + 1) · scale
    /// in edge coordinates, so its centre in a source chroma plane of factor q (2 half-size, 1 full) is
    /// (j + 0.5) · 2 · scale / q − 0.5.
    func resized(width: Int, height: Int) -> YCbCrPlanes {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        let scaleX = Double(self.width) / Double(width), scaleY = Double(self.height) / Double(height)
        let factorX = Double(chromaFactor.x), factorY = Double(chromaFactor.y)
        let extent = (x: 2 * scaleX / factorX * Double(chromaWidth), y: 2 * scaleY / factorY * Double(chromaHeight))
        return YCbCrPlanes(luma: Resampler.resize(luma, width: width, height: height),
                           blue: Resampler.resize(blue, width: chromaWidth, height: chromaHeight, extent: extent),
                           red: Resampler.resize(red, width: chromaWidth, height: chromaHeight, extent: extent))
    }

    /// Each plane turned as EXIF `orientation` says (``PixelBuffer/applyingOrientation(_:)``).
    func applyingOrientation(_ orientation: Int) -> YCbCrPlanes {
        YCbCrPlanes(luma: luma.applyingOrientation(orientation), blue: blue.applyingOrientation(orientation),
                    red: red.applyingOrientation(orientation))
    }
}
