@testable import Thumbnails

/// The Swift resampler Cascade used before the C one, kept as the reference the C
/// resampler is compared with (within one code value). Separable Lanczos-3 resampling (in linear light unless asked otherwise), streaming: rows are box-shrunk and filtered
/// horizontally as the vertical filter needs them, into a ring of `taps` rows, so memory stays
/// at a few rows however large the source is.
enum ReferenceResampler {
    /// Resizes `source` to exactly `width` × `height` (stored orientation).
    static func resize(_ source: PixelBuffer, width: Int, height: Int, space: ResamplingSpace = .linearLight) -> PixelBuffer {
        if width == source.width && height == source.height { return source }
        // Box-shrink first by the whole factor that still leaves at least 2× for Lanczos
        // (libvips's "gap" of 2): fast, and indistinguishable after the Lanczos stage.
        let factor = max(1, min(source.width / (2 * width), source.height / (2 * height)))
        let rows = ReferenceRows(source, factor: factor, space: space)
        let encodeTable = SRGB.encodeTable(space)
        let horizontal = ReferenceFilterBank(inputCount: rows.width,
                                    inputExtent: Double(source.width) / Double(factor), outputCount: width)
        let vertical = ReferenceFilterBank(inputCount: rows.height,
                                  inputExtent: Double(source.height) / Double(factor), outputCount: height)
        let c = source.channels
        let lanes = rows.lanes
        let outputStride = width * lanes
        let ringRows = vertical.taps
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: ringRows * outputStride)
        let inputRow = UnsafeMutablePointer<Float>.allocate(capacity: rows.width * lanes)
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: source.width * lanes)
        let accumulator = UnsafeMutablePointer<Float>.allocate(capacity: outputStride)
        defer {
            ring.deallocate()
            inputRow.deallocate()
            scratch.deallocate()
            accumulator.deallocate()
        }
        var output = [UInt8](repeating: 0, count: width * c * height)
        var filteredUpTo = -1
        horizontal.weights.withUnsafeBufferPointer { hWeights in
            horizontal.starts.withUnsafeBufferPointer { hStarts in
                vertical.weights.withUnsafeBufferPointer { vWeights in
                    output.withUnsafeMutableBufferPointer { out in
                        for y in 0..<height {
                            let start = vertical.starts[y]
                            while filteredUpTo < start + vertical.taps - 1 {
                                filteredUpTo += 1
                                rows.fill(row: filteredUpTo, into: inputRow, scratch: scratch)
                                filterRow(inputRow, into: ring + (filteredUpTo % ringRows) * outputStride,
                                          lanes: lanes, outputWidth: width, taps: horizontal.taps,
                                          starts: hStarts.baseAddress!, weights: hWeights.baseAddress!)
                            }
                            for k in 0..<vertical.taps {
                                let weight = vWeights[y * vertical.taps + k]
                                let line = ring + ((start + k) % ringRows) * outputStride
                                if k == 0 {
                                    for i in 0..<outputStride { accumulator[i] = weight * line[i] }
                                } else {
                                    for i in 0..<outputStride { accumulator[i] += weight * line[i] }
                                }
                            }
                            store(accumulator, pixels: width, channels: c, table: encodeTable, into: out.baseAddress! + y * width * c)
                        }
                    }
                }
            }
        }
        return PixelBuffer(unchecked: width, height, c, output)
    }

    /// One row through the horizontal filter bank; colour pixels are 4 lanes (RGB0 or RGBA).
    private static func filterRow(_ input: UnsafeMutablePointer<Float>, into output: UnsafeMutablePointer<Float>,
                                  lanes: Int, outputWidth: Int, taps: Int,
                                  starts: UnsafePointer<Int>, weights: UnsafePointer<Float>) {
        if lanes == 4 {
            // Four scalar accumulators rather than SIMD4: as fast once optimised, and SIMD types
            // are very slow in unoptimised (debug/test) builds.
            for x in 0..<outputWidth {
                var p = input + starts[x] * 4
                let w = weights + x * taps
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                for k in 0..<taps {
                    let weight = w[k]
                    r += weight * p[0]
                    g += weight * p[1]
                    b += weight * p[2]
                    a += weight * p[3]
                    p += 4
                }
                let o = output + 4 * x
                o[0] = r
                o[1] = g
                o[2] = b
                o[3] = a
            }
        } else {
            for x in 0..<outputWidth {
                let p = input + starts[x]
                let w = weights + x * taps
                var v: Float = 0
                for k in 0..<taps { v += w[k] * p[k] }
                output[x] = v
            }
        }
    }

    /// Linear floats (1 or 4 lanes per pixel) → 8-bit sRGB, un-premultiplying RGBA and clamping
    /// Lanczos overshoot.
    private static func store(_ values: UnsafeMutablePointer<Float>, pixels: Int, channels c: Int, table: [UInt8],
                              into out: UnsafeMutablePointer<UInt8>) {
        let top = Float(SRGB.steps - 1)
        table.withUnsafeBufferPointer { lut in
            @inline(__always) func encode(_ v: Float) -> UInt8 { lut[Int(min(max(v, 0), 1) * top + 0.5)] }
            switch c {
            case 4:
                for x in 0..<pixels {
                    let v = values + 4 * x
                    let alpha = min(max(v[3], 0), 1)
                    let scale: Float = alpha > 0 ? 1 / alpha : 0
                    out[4 * x] = encode(v[0] * scale)
                    out[4 * x + 1] = encode(v[1] * scale)
                    out[4 * x + 2] = encode(v[2] * scale)
                    out[4 * x + 3] = UInt8(alpha * 255 + 0.5)
                }
            case 3:
                for x in 0..<pixels {
                    let v = values + 4 * x
                    out[3 * x] = encode(v[0])
                    out[3 * x + 1] = encode(v[1])
                    out[3 * x + 2] = encode(v[2])
                }
            default:
                for x in 0..<pixels { out[x] = encode(values[x]) }
            }
        }
    }
}

/// Rows of an 8-bit sRGB buffer in linear light, optionally box-shrunk by an integer factor.
///
/// Colour pixels are laid out as 4 floats (RGB0 or premultiplied RGBA) so the filters handle RGB
/// and RGBA with one code path; grey stays 1 float. RGBA is premultiplied by alpha so transparent
/// pixels' colours do not bleed into their neighbours when filtered. The box shrink (the mean of
/// `factor`×`factor` blocks; edge blocks average what they have) is the cheap first stage of a big
/// reduction, as libvips does: the Lanczos stage that follows then reduces by less than about 4×.
struct ReferenceRows {
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

/// The tables the Swift resampler used; the C one needs none for the sRGB codes.
extension SRGB {
    /// For `ResamplingSpace.gammaEncoded`: codes scaled to 0...1 and back, no transfer function.
    static let identityToLinear: [Float] = (0..<256).map { Float($0) / 255 }
    static let identityFromLinear: [UInt8] = (0..<steps).map { index in
        UInt8(max(0, min(255, (Double(index) / Double(steps - 1) * 255).rounded())))
    }

    static func decodeTable(_ space: ResamplingSpace) -> [Float] {
        space == .linearLight ? toLinear : identityToLinear
    }

    static func encodeTable(_ space: ResamplingSpace) -> [UInt8] {
        space == .linearLight ? fromLinear : identityFromLinear
    }
}
