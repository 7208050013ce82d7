import CThumbnails
import ImageHeaders

extension ImageDecoder {
    /// A JPEG decoded to its planes (``decodePlanes(_:minimumSize:limits:)``).
    struct DecodedPlanes {
        var planes: YCbCrPlanes
        /// The size stored in the file, before DCT scaling.
        var fullWidth: Int
        var fullHeight: Int
        var iccProfile: [UInt8]?
        var warnings: Int
    }

    /// The Y′CbCr planes of a 4:2:0 JPEG (`cth_jpeg_planes`), at the DCT scale ``decode(_:minimumSize:limits:)``
    /// would use, decoded straight into the arrays returned; nil when `bytes` is any other JPEG
    /// (grey, 4:4:4, 4:2:2, CMYK, 12-bit…), which ``decode(_:minimumSize:limits:)`` serves. Errors
    /// and limits are the RGB decode's.
    static func decodePlanes(_ bytes: [UInt8], minimumSize: (width: Int, height: Int),
                             limits: DecodeLimits) throws(ThumbnailError) -> DecodedPlanes? {
        var cLimits = cLimits(limits)
        let target = (UInt32(clamping: max(0, minimumSize.width)), UInt32(clamping: max(0, minimumSize.height)))
        var layout = cth_planes()
        var image = cth_image()
        var error = cth_error()
        var code = bytes.withUnsafeBufferPointer {
            cth_jpeg_planes($0.baseAddress, $0.count, target.0, target.1, &cLimits, &layout, &image, &error)
        }
        cth_image_release(&image)
        if code == Int32(CTH_ERR_UNSUPPORTED) { return nil }
        guard code == Int32(CTH_OK) else {
            throw mapError(code: code, message: message(of: &error), format: .jpeg, image: image, limits: limits)
        }
        // Sizes from libjpeg's own header arithmetic, at most the stored size times 16/8 each way.
        let strides = [layout.stride.0, layout.stride.1, layout.stride.2].map(Int.init)
        let rows = [layout.rows.0, layout.rows.1, layout.rows.2].map(Int.init)
        let sizes = [(layout.width.0, layout.height.0), (layout.width.1, layout.height.1),
                     (layout.width.2, layout.height.2)].map { (Int($0.0), Int($0.1)) }
        for k in 0..<3 where strides[k] < sizes[k].0 || rows[k] < sizes[k].1 || sizes[k].0 == 0 || sizes[k].1 == 0 {
            throw .corrupt(format: .jpeg, reason: "bad plane layout")
        }
        // Uninitialised: the decoder writes every row, and on failure the arrays are dropped.
        func buffer(_ k: Int) -> [UInt8] {
            let count = sizes[k].0 * sizes[k].1
            return [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
        var luma = buffer(0), blue = buffer(1), red = buffer(2)
        var planes = cth_planes()
        code = luma.withUnsafeMutableBufferPointer { luma in
            blue.withUnsafeMutableBufferPointer { blue in
                red.withUnsafeMutableBufferPointer { red in
                    planes.data = (luma.baseAddress, blue.baseAddress, red.baseAddress)
                    planes.capacity = (luma.count, blue.count, red.count)
                    return bytes.withUnsafeBufferPointer {
                        cth_jpeg_planes($0.baseAddress, $0.count, target.0, target.1, &cLimits, &planes, &image, &error)
                    }
                }
            }
        }
        defer { cth_image_release(&image) }
        guard code == Int32(CTH_OK) else {
            throw mapError(code: code, message: message(of: &error), format: .jpeg, image: image, limits: limits)
        }
        let widths = [planes.width.0, planes.width.1, planes.width.2].map(Int.init)
        guard widths == sizes.map(\.0) else { throw .corrupt(format: .jpeg, reason: "layout changed between passes") }
        var icc: [UInt8]?
        if let iccPointer = image.icc, image.icc_length > 0 {
            icc = [UInt8](UnsafeBufferPointer(start: iccPointer, count: Int(image.icc_length)))
        }
        // Whole MCUs on both: the luma's stride and rows are 1 or 2 times the chroma's.
        let factor = (x: strides[0] == 2 * strides[1] ? 2 : 1, y: rows[0] == 2 * rows[1] ? 2 : 1)
        return DecodedPlanes(planes: YCbCrPlanes(luma: PixelBuffer(unchecked: sizes[0].0, sizes[0].1, 1, luma),
                                                                 blue: PixelBuffer(unchecked: sizes[1].0, sizes[1].1, 1, blue),
                                                                 red: PixelBuffer(unchecked: sizes[2].0, sizes[2].1, 1, red),
                                                                 chromaFactor: factor),
                             fullWidth: Int(image.full_width), fullHeight: Int(image.full_height),
                             iccProfile: icc, warnings: Int(image.warnings))
    }
}
