import Foundation

/// The Swift filter bank Cascade used before `cth_filter_bank`, kept as the reference the C
/// one must match bit for bit (`ResamplerTests.filterBankMatchesTheSwiftReference`).
///
/// Lanczos-3 weights for resampling one axis from `inputCount` samples to `outputCount`.
///
/// Pixel centres are aligned (output pixel i covers input (i + 0.5)·scale − 0.5), the kernel is
/// stretched by the scale when shrinking so it low-passes before decimation, samples beyond the
/// edge repeat the edge pixel, and each output's weights sum to 1. Every output uses a window of
/// exactly `taps` inputs starting at `starts[i]` (zero-padded), so the inner loops have no bounds logic.
struct ReferenceFilterBank {
    let outputCount: Int
    let taps: Int
    let starts: [Int]
    let weights: [Float]

    /// `inputExtent` is the input length in input pixels; it may be fractional when the input is a
    /// box-shrunk level whose last block was partial.
    init(inputCount: Int, inputExtent: Double, outputCount: Int) {
        precondition(inputCount > 0 && outputCount > 0)
        let scale = inputExtent / Double(outputCount)
        let stretch = max(scale, 1)
        let radius = 3 * stretch
        var windows: [(start: Int, weights: [Double])] = []
        windows.reserveCapacity(outputCount)
        var widest = 1
        for i in 0..<outputCount {
            let center = (Double(i) + 0.5) * scale - 0.5
            let first = Int((center - radius).rounded(.up))
            let last = Int((center + radius).rounded(.down))
            let low = min(max(first, 0), inputCount - 1)
            let high = min(max(last, 0), inputCount - 1)
            var window = [Double](repeating: 0, count: high - low + 1)
            var total = 0.0
            var j = first
            while j <= last {
                let weight = ReferenceFilterBank.lanczos3((Double(j) - center) / stretch)
                window[min(max(j, 0), inputCount - 1) - low] += weight
                total += weight
                j += 1
            }
            if total != 0 { window = window.map { $0 / total } } else { window[0] = 1 }
            windows.append((low, window))
            widest = max(widest, window.count)
        }
        let taps = min(widest, inputCount)
        var starts = [Int](repeating: 0, count: outputCount)
        var weights = [Float](repeating: 0, count: outputCount * taps)
        for (i, window) in windows.enumerated() {
            // Shift a window that would run past the end left; its weights move right by as much.
            let start = min(window.start, inputCount - taps)
            let offset = window.start - start
            starts[i] = start
            for (k, weight) in window.weights.enumerated() where offset + k < taps {
                weights[i * taps + offset + k] = Float(weight)
            }
        }
        self.outputCount = outputCount
        self.taps = taps
        self.starts = starts
        self.weights = weights
    }

    static func lanczos3(_ x: Double) -> Double {
        let ax = abs(x)
        if ax < 1e-9 { return 1 }
        if ax >= 3 { return 0 }
        let px = Double.pi * x
        return 3 * sin(px) * sin(px / 3) / (px * px)
    }
}
