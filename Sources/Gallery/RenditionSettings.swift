import Foundation
import Thumbnails

/// How renditions are made: which widths, what JPEG quality, how many at once,
/// and the decoding limits that protect against decompression bombs.
public struct RenditionSettings: Sendable, Equatable {
    public var ladder: WidthLadder
    /// JPEG quality 1…100.
    public var quality: Int
    /// Images decoded at the same time (one per core by default).
    public var jobs: Int
    public var limits: DecodeLimits

    public init(ladder: WidthLadder = .standard, quality: Int = RenditionRequest.defaultQuality,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, limits: DecodeLimits = .default) {
        self.ladder = ladder
        self.quality = quality
        self.jobs = max(1, jobs)
        self.limits = limits
    }
}
