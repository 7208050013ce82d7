import CThumbnails

/// An 8-bit image in memory: rows top to bottom, `channels` samples per pixel interleaved
/// (1 grey, 3 RGB, 4 RGBA with straight — not premultiplied — alpha), sRGB-encoded values.
///
/// A value type so renditions can be made on many threads at once without sharing state.
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let channels: Int
    /// `width * height * channels` samples.
    public var samples: [UInt8]

    /// Wraps samples; the count must be `width * height * channels` and channels 1, 3 or 4.
    public init(width: Int, height: Int, channels: Int, samples: [UInt8]) throws(ThumbnailError) {
        guard width > 0, height > 0, [1, 3, 4].contains(channels) else {
            throw .invalidRequest("pixel buffer \(width)x\(height) with \(channels) channels")
        }
        let (pixels, overflow1) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = pixels.multipliedReportingOverflow(by: channels)
        guard !overflow1, !overflow2, count == samples.count else {
            throw .invalidRequest("pixel buffer \(width)x\(height)x\(channels) with \(samples.count) samples")
        }
        self.width = width
        self.height = height
        self.channels = channels
        self.samples = samples
    }

    /// For code in this module that has already checked the sizes.
    init(unchecked width: Int, _ height: Int, _ channels: Int, _ samples: [UInt8]) {
        self.width = width
        self.height = height
        self.channels = channels
        self.samples = samples
    }

    /// True when the buffer has an alpha channel with at least one pixel not fully opaque.
    public var hasTransparency: Bool {
        guard channels == 4 else { return false }
        return samples.withUnsafeBufferPointer { cth_has_transparency($0.baseAddress, width * height) != 0 }
    }

    /// ``droppingAlpha()`` without a second buffer: the samples are compacted
    /// in place (RGBA → RGB) and the array shortened, so a decode of 4 bytes
    /// per pixel never needs 7. Copies only if the samples are shared.
    public consuming func droppingAlphaInPlace() -> PixelBuffer {
        guard channels == 4 else { return self }
        var rgb = samples
        samples = []
        let count = width * height
        rgb.withUnsafeMutableBufferPointer { buffer in
            cth_drop_alpha(buffer.baseAddress, count, buffer.baseAddress)
        }
        rgb.removeLast(count) // keeps the capacity: no reallocation, no copy
        return PixelBuffer(unchecked: width, height, 3, rgb)
    }

    /// The same pixels without the alpha channel (RGBA → RGB); other buffers unchanged.
    public func droppingAlpha() -> PixelBuffer {
        guard channels == 4 else { return self }
        let count = width * height
        var rgb = [UInt8](repeating: 0, count: count * 3)
        samples.withUnsafeBufferPointer { source in
            rgb.withUnsafeMutableBufferPointer { target in
                cth_drop_alpha(source.baseAddress, count, target.baseAddress)
            }
        }
        return PixelBuffer(unchecked: width, height, 3, rgb)
    }
}
