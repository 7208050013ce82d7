import CThumbnails
import ImageHeaders

/// The frames of an animated WebP, each composited on its canvas (RGBA), with
/// how long it shows: decoded by libwebp's WebPAnimDecoder, which ffmpeg's
/// WebP decoder lacks, so a motion clip can be made from them.
public enum WebPFrames {
    /// Most frames decoded, and most pixels over all frames (a billion: some
    /// 4 GB of RGBA written as PNGs): an animation with more is not turned into a clip.
    public static let maxFrames = 10_000
    public static let maxTotalPixels = 1_000_000_000

    /// Calls `body` with each frame and its duration in milliseconds, in
    /// order. Throws when the file is no animation libwebp decodes, its
    /// canvas is over `limits`, or it has more than ``maxFrames`` frames or
    /// ``maxTotalPixels`` pixels in all.
    public static func forEach(in bytes: [UInt8], limits: DecodeLimits = .default,
                               _ body: (PixelBuffer, Int) throws(ThumbnailError) -> Void) throws(ThumbnailError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ThumbnailError) in
            var width: UInt32 = 0, height: UInt32 = 0, count: UInt32 = 0
            guard let base = buffer.baseAddress,
                  let frames = cth_webp_frames_open(base, buffer.count, UInt64(limits.maxPixels), &width, &height, &count) else {
                throw .corrupt(format: .webp, reason: "not an animation libwebp decodes, or its canvas is over the pixel limit")
            }
            defer { cth_webp_frames_close(frames) }
            guard count <= maxFrames else {
                throw .unsupported(format: .webp, reason: "\(count) frames, more than \(maxFrames)")
            }
            guard Int(count) * Int(width) * Int(height) <= maxTotalPixels else {
                throw .unsupported(format: .webp, reason: "\(count) frames of \(width)×\(height), over \(maxTotalPixels) pixels in all")
            }
            var previous: Int32 = 0
            while true {
                var rgba: UnsafePointer<UInt8>?
                var end: Int32 = 0
                let status = cth_webp_frames_next(frames, &rgba, &end)
                if status == 0 { return }
                guard status == 1, let rgba else { throw .corrupt(format: .webp, reason: "a frame does not decode") }
                let samples = Array(UnsafeBufferPointer(start: rgba, count: Int(width) * Int(height) * 4))
                try body(try PixelBuffer(width: Int(width), height: Int(height), channels: 4, samples: samples),
                         Int(max(0, end - previous)))
                previous = end
            }
        }
    }
}
