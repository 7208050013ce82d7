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
    /// Where chroma sample c sits, in luma pixels from JFIF's place (c + 0.5) · factor: 0, or −1 on
    /// an axis the planes are to be flipped along when it has an odd number of luma samples
    /// (``siting(forFlipping:)``).
    var chromaShift: (x: Int, y: Int) = (0, 0)

    var width: Int { luma.width }
    var height: Int { luma.height }

    /// The chroma shift (``chromaShift``) that puts chroma where JFIF wants it once planes of
    /// `width` × `height` luma samples are turned by EXIF `orientation`. Flipping a luma row of odd
    /// length L maps chroma sample j, which covers luma 2j and 2j + 1, onto luma L − 1 − 2j and
    /// L − 2 − 2j: a pixel short of the pair a chroma sample covers there. Chroma made a pixel
    /// early lands on it.
    static func chromaShift(width: Int, height: Int, orientation: Int) -> (x: Int, y: Int) {
        let flips = flips(orientation)
        return (flips.x && width % 2 == 1 ? -1 : 0, flips.y && height % 2 == 1 ? -1 : 0)
    }

    /// The planes resampled to `width` × `height` luma samples (stored orientation), the chroma to
    /// half of that, rounded up, on the luma grid moved by `shift` luma pixels (``chromaShift``).
    /// Output chroma j sits at output luma edge 2j + 1 + shift, which is input luma edge
    /// (2j + 1 + shift) · scale, so at (j + 0.5) · 2 · scale / q − 0.5 + (shift · scale − inputShift) / q
    /// in an input chroma plane of factor q.
    func resized(width: Int, height: Int, shift: (x: Int, y: Int) = (0, 0)) -> YCbCrPlanes {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        let scaleX = Double(self.width) / Double(width), scaleY = Double(self.height) / Double(height)
        let factorX = Double(chromaFactor.x), factorY = Double(chromaFactor.y)
        let extent = (x: 2 * scaleX / factorX * Double(chromaWidth), y: 2 * scaleY / factorY * Double(chromaHeight))
        let offset = (x: (Double(shift.x) * scaleX - Double(chromaShift.x)) / factorX,
                      y: (Double(shift.y) * scaleY - Double(chromaShift.y)) / factorY)
        return YCbCrPlanes(luma: Resampler.resize(luma, width: width, height: height),
                           blue: Resampler.resize(blue, width: chromaWidth, height: chromaHeight, extent: extent, offset: offset),
                           red: Resampler.resize(red, width: chromaWidth, height: chromaHeight, extent: extent, offset: offset),
                           chromaShift: shift)
    }

    /// Each plane turned as EXIF `orientation` says (``PixelBuffer/applyingOrientation(_:)``); the
    /// chroma lands where JFIF wants it when it was made with ``chromaShift(width:height:orientation:)``.
    func applyingOrientation(_ orientation: Int) -> YCbCrPlanes {
        YCbCrPlanes(luma: luma.applyingOrientation(orientation), blue: blue.applyingOrientation(orientation),
                    red: red.applyingOrientation(orientation))
    }

    /// The stored axes EXIF `orientation` reverses: 2 mirrors x, 4 flips y, 3 and 7 do both, 6 (a
    /// clockwise quarter turn) reverses y and 8 x; 1 and 5 (a transpose) neither.
    static func flips(_ orientation: Int) -> (x: Bool, y: Bool) {
        switch orientation {
        case 2, 8: return (true, false)
        case 4, 6: return (false, true)
        case 3, 7: return (true, true)
        default: return (false, false)
        }
    }
}
