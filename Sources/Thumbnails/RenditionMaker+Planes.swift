extension RenditionMaker {
    /// Whether a 4:2:0 JPEG's renditions for `request` can be made on its Y′CbCr planes
    /// (``YCbCrPlanes``): JPEG renditions only, 4:2:0 (quality below 90), the sRGB codes filtered
    /// as they are, nothing drawn on them. Anything else needs RGB pixels.
    /// WebP and AVIF alternates are made apart, from RGB (``make(_:from:)``).
    static func servesFromPlanes(_ request: RenditionRequest) -> Bool {
        !request.widths.isEmpty && request.quality < 90 && request.space == .gammaEncoded && request.mark == nil
    }

    /// The JPEG renditions of `request.widths` made on a 4:2:0 JPEG's planes, planned and decoded
    /// for those widths alone; nil when `source` is not a 4:2:0 JPEG.
    func makeFromPlanes(_ request: RenditionRequest, source: [UInt8], stored: (width: Int, height: Int),
                        orientation: Int) throws(ThumbnailError) -> [Rendition]? {
        let swaps = PixelBuffer.orientationSwapsAxes(orientation)
        let plan = Self.plan(widths: request.widths, storedWidth: stored.width, storedHeight: stored.height,
                             swaps: swaps, fullView: request.fullView)
        let hint = Self.decodeHint(plan, fullViewWidth: request.fullViewWidth.map { min($0, swaps ? stored.height : stored.width) })
        guard !plan.isEmpty, let decoded = try ImageDecoder.decodePlanes(source, minimumSize: hint, limits: limits) else {
            return nil
        }
        return try Self.renditions(of: decoded, plan: plan, request: request, orientation: orientation)
    }

    /// The renditions of a photo decoded to its planes, made as ``make(_:from:)`` makes them from
    /// RGB: largest first, each from the smallest planes already made at least 1.5× its size,
    /// turned upright, then encoded without leaving Y′CbCr.
    static func renditions(of decoded: ImageDecoder.DecodedPlanes, plan: [PlannedSize], request: RenditionRequest,
                           orientation: Int) throws(ThumbnailError) -> [Rendition] {
        let swaps = PixelBuffer.orientationSwapsAxes(orientation)
        let widths = clamped(request.widths, to: swaps ? decoded.fullHeight : decoded.fullWidth)
        var made: [YCbCrPlanes] = []
        var renditions: [Rendition] = []
        for size in plan {
            let base = made.last { canResample(size, from: ($0.width, $0.height)) } ?? decoded.planes
            let (width, height) = (min(size.storedWidth, base.width), min(size.storedHeight, base.height))
            let resized = base.resized(width: width, height: height,
                                       shift: YCbCrPlanes.chromaShift(width: width, height: height, orientation: orientation))
            made.append(resized)
            guard widths.contains(size.width) else { continue }
            let upright = resized.applyingOrientation(orientation)
            let data = try ImageEncoder.jpeg(upright, quality: request.quality, iccProfile: decoded.iccProfile)
            renditions.append(Rendition(width: upright.width, height: upright.height, format: .jpeg, data: data))
        }
        return renditions.sorted { $0.width < $1.width }
    }
}
