import Foundation
import Thumbnails

/// How renditions are made: which widths, what JPEG quality, how many at once,
/// and the decoding limits that protect against decompression bombs.
public struct RenditionSettings: Sendable, Equatable {
    var ladder: WidthLadder
    /// JPEG quality 1…100.
    public var quality: Int
    /// Images decoded at the same time (one per core by default).
    public var jobs: Int
    public var limits: DecodeLimits
    /// What the resampling filter averages. The 8-bit sRGB values by default:
    /// against the `vips resize` Lanczos-3 reference that measures quality
    /// (Benchmarks/renditions) they score higher at fewer bytes; linear light
    /// (`--linear-light`) keeps fine bright detail at its true brightness.
    public var space: ResamplingSpace
    /// The formats published (``RenditionFormat/normalized(_:)``: JPEG always,
    /// AVIF and WebP when asked for).
    public var formats: [RenditionFormat] = RenditionFormat.standard {
        didSet { formats = RenditionFormat.normalized(formats) }
    }
    /// The formats besides JPEG, in `<picture>` order.
    var alternateFormats: [RenditionFormat] { formats.filter { $0 != .jpeg } }

    public init(ladder: WidthLadder = .standard, quality: Int = RenditionRequest.defaultQuality,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, limits: DecodeLimits = .default,
                space: ResamplingSpace = .gammaEncoded) {
        self.space = space
        self.ladder = ladder
        self.quality = quality
        self.jobs = max(1, jobs)
        self.limits = limits
    }
}
