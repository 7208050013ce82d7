import CThumbnails

/// sRGB ↔ linear-light lookup tables (IEC 61966-2-1 transfer function), for resampling in
/// ``ResamplingSpace/linearLight``; built once by `cth_srgb_*_table` (C, fast in debug builds too).
enum SRGB {
    /// Linear value (0...1) of each 8-bit sRGB code.
    static let toLinear: [Float] = {
        var table = [Float](repeating: 0, count: 256)
        cth_srgb_to_linear_table(&table)
        return table
    }()

    /// Entries in `fromLinear`; 16384 steps resolve the darkest 8-bit codes (code 1 ≈ step 5).
    static let steps = 16384

    /// 8-bit sRGB code for linear value `i / (steps - 1)`.
    static let fromLinear: [UInt8] = {
        var table = [UInt8](repeating: 0, count: steps)
        cth_srgb_from_linear_table(&table, Int32(steps))
        return table
    }()
}
