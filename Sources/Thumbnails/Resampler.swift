import CThumbnails

/// Separable Lanczos-3 resampling on the sRGB codes or in linear light (a ``ResamplingSpace``;
/// ``ResamplingSpace/default`` unless given), streaming: rows are converted, box-shrunk and filtered horizontally as the vertical filter needs them, into a ring
/// of `taps` rows, so memory stays at a few rows however large the source is.
///
/// The weights come from ``FilterBank`` (Double precision, `cth_filter_bank`, cached per size); the loops that multiply and add
/// are C with SSE2 and AVX2 (`cth_resample.c`, the AVX2 loops chosen at run time), several times faster than Swift's scalar loops and giving
/// the same bytes on every machine. The sRGB codes of RGB and grey images (the default space, every
/// opaque photo) take a fixed-point path (`cth_resample_fixed.c`: 16-bit weights and rows, integer
/// sums, so exact on every path), about twice as fast as the float loops; linear light and
/// RGBA stay in float.
enum Resampler {
    /// Which loops run; all give the same bytes (the tests check it), only the speed differs.
    enum Loops: Int32, CaseIterable {
        /// The fastest this CPU has: AVX2, else SSE2 (x86-64), else portable.
        case fastest = 0
        /// Plain C loops, as on a CPU without SIMD.
        case portable = 1   // CTH_RESAMPLE_SCALAR
        /// SSE2 (SSSE3 for fixed-point RGB rows) even when the CPU has AVX2 (portable where there is no SSE).
        case noAVX2 = 2     // CTH_RESAMPLE_NO_AVX2
    }

    /// Resizes `source` to exactly `width` × `height` (stored orientation). `loops` is for tests
    /// that compare the code paths. `extent` and `offset` place the output on `source` when it is
    /// not simply `source` resized (a chroma plane, whose samples are sited by the luma grid:
    /// ``YCbCrPlanes``): output pixel i's centre maps to (i + 0.5) · extent / count − 0.5 + offset.
    static func resize(_ source: PixelBuffer, width: Int, height: Int, space: ResamplingSpace = .default,
                       extent: (x: Double, y: Double)? = nil, offset: (x: Double, y: Double) = (0, 0),
                       loops: Loops = .fastest) -> PixelBuffer {
        let extentX = extent?.x ?? Double(source.width), extentY = extent?.y ?? Double(source.height)
        if width == source.width && height == source.height && extentX == Double(width) && extentY == Double(height)
            && offset == (0, 0) {
            return source
        }
        // Box-shrink first by the whole factor that still leaves at least 2× for Lanczos
        // (libvips's "gap" of 2): fast, and indistinguishable after the Lanczos stage.
        let factor = max(1, min(Int(extentX) / (2 * width), Int(extentY) / (2 * height),
                                source.width / (2 * width), source.height / (2 * height)))
        let rowsWidth = (source.width + factor - 1) / factor
        let rowsHeight = (source.height + factor - 1) / factor
        // A box-shrunk pixel b spans source pixels [b·factor, (b + 1)·factor), so offsets shrink with it.
        let horizontal = FilterBank.cached(inputCount: rowsWidth, inputExtent: extentX / Double(factor),
                                           outputCount: width, offset: offset.x / Double(factor))
        let vertical = FilterBank.cached(inputCount: rowsHeight, inputExtent: extentY / Double(factor),
                                         outputCount: height, offset: offset.y / Double(factor))
        let channels = source.channels
        // Linear light goes through the sRGB tables; the codes themselves need none.
        let decode: [Float]? = space == .linearLight ? SRGB.toLinear : nil
        let encode: [UInt8]? = space == .linearLight ? SRGB.fromLinear : nil
        var status: Int32 = -1
        // Uninitialised: cth_resample writes every sample (zeroing 9 MB per large image first
        // was measurable), and on failure the precondition below stops before any is read.
        let output = [UInt8](unsafeUninitializedCapacity: width * height * channels) { out, count in
            count = out.count
            status = source.samples.withUnsafeBufferPointer { samples in
                withOptionalBuffer(decode) { decodeTable in
                    withOptionalBuffer(encode) { encodeTable in
                        var tables = cth_resample_tables(decode_lut: decodeTable, encode_lut: encodeTable,
                                                         encode_steps: Int32(SRGB.steps))
                        return cth_resample(samples.baseAddress, Int32(source.width), Int32(source.height),
                                            Int32(channels), Int32(factor),
                                            horizontal.starts, horizontal.weights, Int32(horizontal.taps),
                                            vertical.starts, vertical.weights, Int32(vertical.taps),
                                            out.baseAddress, Int32(width), Int32(height),
                                            &tables, loops.rawValue)
                    }
                }
            }
        }
        // The sizes are consistent by construction, so only allocation can fail, and Swift
        // itself stops on an allocation failure too.
        precondition(status == 0, "resampling \(source.width)x\(source.height) to \(width)x\(height): out of memory")
        return PixelBuffer(unchecked: width, height, channels, output)
    }

    private static func withOptionalBuffer<Element, Result>(
        _ array: [Element]?, _ body: (UnsafePointer<Element>?) -> Result
    ) -> Result {
        guard let array else { return body(nil) }
        return array.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
