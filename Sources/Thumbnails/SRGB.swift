import Foundation

/// sRGB ↔ linear-light lookup tables (IEC 61966-2-1 transfer function).
///
/// Resampling averages light, so it must happen on linear values: averaging sRGB codes darkens
/// fine bright detail and shifts colours at edges (the "gamma error" of most thumbnailers).
enum SRGB {
    /// Linear value (0...1) of each 8-bit sRGB code.
    static let toLinear: [Float] = (0..<256).map { code in
        let v = Double(code) / 255
        return Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
    }

    /// Entries in `fromLinear`; 16384 steps resolve the darkest 8-bit codes (code 1 ≈ step 5).
    static let steps = 16384

    /// 8-bit sRGB code for linear value `i / (steps - 1)`.
    static let fromLinear: [UInt8] = (0..<steps).map { index in
        let v = Double(index) / Double(steps - 1)
        let encoded = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8(max(0, min(255, (encoded * 255).rounded())))
    }
}
