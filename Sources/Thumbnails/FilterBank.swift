import CThumbnails

/// Lanczos-3 weights for resampling one axis from `inputCount` samples to `outputCount`.
///
/// Pixel centres are aligned (output pixel i covers input (i + 0.5)·scale − 0.5), the kernel is
/// stretched by the scale when shrinking so it low-passes before decimation, samples beyond the
/// edge repeat the edge pixel, and each output's weights sum to 1. Every output uses a window of
/// exactly `taps` inputs starting at `starts[i]` (zero-padded), so the inner loops have no bounds logic.
///
/// The weights are computed in Double by `cth_filter_bank` (C, so debug builds are fast too).
struct FilterBank {
    let outputCount: Int
    let taps: Int
    /// The first input of each output's window, as the C resampler takes them.
    let starts: [Int32]
    let weights: [Float]

    /// `inputExtent` is the input length in input pixels; it may be fractional when the input is a
    /// box-shrunk level whose last block was partial. `offset` moves every centre by that many input
    /// pixels (chroma sited off the usual grid: ``YCbCrPlanes``).
    init(inputCount: Int, inputExtent: Double, outputCount: Int, offset: Double = 0) {
        precondition(inputCount > 0 && outputCount > 0 && inputCount <= Int32.max && outputCount <= Int32.max)
        let taps = Int(cth_filter_taps(Int32(inputCount), inputExtent, Int32(outputCount), offset))
        var starts = [Int32](repeating: 0, count: outputCount)
        var weights = [Float](repeating: 0, count: outputCount * taps)
        var scratch = [Double](repeating: 0, count: taps)
        cth_filter_bank(Int32(inputCount), inputExtent, Int32(outputCount), offset, Int32(taps),
                        &starts, &weights, &scratch)
        self.outputCount = outputCount
        self.taps = taps
        self.starts = starts
        self.weights = weights
    }
}
