/// Rows of an 8-bit sRGB buffer in linear light, optionally box-shrunk by an integer factor.
///
/// Colour pixels are laid out as 4 floats (RGB0 or premultiplied RGBA) so the filters handle RGB
/// and RGBA with one code path; grey stays 1 float. RGBA is premultiplied by alpha so transparent
/// pixels' colours do not bleed into their neighbours when filtered. The box shrink (the mean of
/// `factor`×`factor` blocks; edge blocks average what they have) is the cheap first stage of a big
/// reduction, as libvips does: the Lanczos stage that follows then reduces by less than about 4×.
struct LinearRows {
    let source: PixelBuffer
    let factor: Int
    let width: Int
    let height: Int
    /// Floats per pixel: 1 for grey, 4 for RGB and RGBA.
    let lanes: Int
    /// sRGB code → filter value (linear light, or the code itself scaled to 0...1).
    let decode: [Float]

    init(_ source: PixelBuffer, factor: Int, space: ResamplingSpace = .linearLight) {
        self.source = source
        decode = SRGB.decodeTable(space)
        self.factor = max(1, factor)
        width = (source.width + self.factor - 1) / self.factor
        height = (source.height + self.factor - 1) / self.factor
        lanes = source.channels == 1 ? 1 : 4
    }

    /// Writes row `row` (`width * lanes` floats) into `out`; `scratch` holds `source.width * lanes` floats.
    func fill(row: Int, into out: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>) {
        if factor == 1 {
            convert(sourceRow: row, into: out)
            return
        }
        let l = lanes
        let rowCount = min(factor, source.height - row * factor)
        out.update(repeating: 0, count: width * l)
        for sourceRow in (row * factor)..<(row * factor + rowCount) {
            convert(sourceRow: sourceRow, into: scratch)
            if l == 4 {
                var x = 0
                for block in 0..<width {
                    let target = out + 4 * block
                    for _ in 0..<min(factor, source.width - x) {
                        let pixel = scratch + 4 * x
                        target[0] += pixel[0]
                        target[1] += pixel[1]
                        target[2] += pixel[2]
                        target[3] += pixel[3]
                        x += 1
                    }
                }
            } else {
                for x in 0..<source.width { out[x / factor] += scratch[x] }
            }
        }
        for block in 0..<width {
            let columns = min(factor, source.width - block * factor)
            let reciprocal = 1 / Float(columns * rowCount)
            for k in 0..<l { out[block * l + k] *= reciprocal }
        }
    }

    private func convert(sourceRow: Int, into out: UnsafeMutablePointer<Float>) {
        let c = source.channels
        let pixels = source.width
        decode.withUnsafeBufferPointer { lut in
            source.samples.withUnsafeBufferPointer { samples in
                let input = samples.baseAddress! + sourceRow * pixels * c
                switch c {
                case 4:
                    for x in 0..<pixels {
                        let p = input + 4 * x
                        let alpha = Float(p[3]) * (1 / 255)
                        out[4 * x] = lut[Int(p[0])] * alpha
                        out[4 * x + 1] = lut[Int(p[1])] * alpha
                        out[4 * x + 2] = lut[Int(p[2])] * alpha
                        out[4 * x + 3] = alpha
                    }
                case 3:
                    for x in 0..<pixels {
                        let p = input + 3 * x
                        out[4 * x] = lut[Int(p[0])]
                        out[4 * x + 1] = lut[Int(p[1])]
                        out[4 * x + 2] = lut[Int(p[2])]
                        out[4 * x + 3] = 0
                    }
                default:
                    for x in 0..<pixels { out[x] = lut[Int(input[x])] }
                }
            }
        }
    }
}
