import CThumbnails
import Foundation
import ImageHeaders

/// Makes renditions: one decode per image (DCT-scaled to what the widths need, ``decodeHint(_:fullViewWidth:)``), then for each width
/// a Lanczos-3 resample (in ``RenditionRequest/space``), the EXIF orientation applied to the
/// pixels, and an encode.
///
/// A value with no shared mutable state: call it from as many threads as there are cores.
public struct RenditionMaker: Sendable {
    /// Applied to every decode, and to the JPEG header read that comes before it.
    public var limits: DecodeLimits

    /// A maker that decodes within `limits`.
    public init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// Renditions of the image in `source` (bytes in any format the registry gives a decoder), sorted by width.
    public func make(_ request: RenditionRequest, from source: [UInt8]) throws(ThumbnailError) -> [Rendition] {
        guard (1...100).contains(request.quality) else {
            throw .invalidRequest("JPEG quality \(request.quality) is not 1...100")
        }
        try Self.validateAlternates(request.alternates)
        let allWidths = request.widths + request.alternates.flatMap(\.widths)
        guard !allWidths.isEmpty else { throw .invalidRequest("no widths") }
        if let bad = allWidths.first(where: { $0 < 1 }) {
            throw .invalidRequest("width \(bad)")
        }
        let (_, decoder) = try ImageDecoder.decodable(source)
        let requested = (1...8).contains(request.orientation) ? request.orientation : 1

        // The stored size decides the DCT scale, so read the JPEG header first (no pixel memory).
        var hint: (width: Int, height: Int)?
        if decoder == .libjpeg {
            let stored = try Self.jpegSize(source, limits: limits)
            let swaps = PixelBuffer.orientationSwapsAxes(requested)
            let plan = Self.plan(widths: allWidths, storedWidth: stored.width, storedHeight: stored.height, swaps: swaps,
                                 fullView: request.fullView)
            guard !plan.isEmpty else { throw .invalidRequest("no widths") }
            hint = Self.decodeHint(plan, fullViewWidth: request.fullViewWidth.map { min($0, swaps ? stored.height : stored.width) })
            if Self.servesFromPlanes(request),
               let jpegs = try makeFromPlanes(request, source: source, stored: stored, orientation: requested) {
                guard !request.alternates.isEmpty else { return jpegs }
                // The alternates need RGB: made apart, so a JPEG's bytes do not depend on whether
                // `--formats` asked for WebP or AVIF in the same request (an incremental build that
                // adds a format makes only its files, and must equal a cold build).
                var rest = request
                rest.widths = []
                return Self.sorted(jpegs + (try make(rest, from: source)), request: request)
            }
        }
        var decoded = try ImageDecoder.decode(source, minimumSize: hint, limits: limits)
        // HEIF, AVIF and JPEG XL come out of their decoders upright (the same irot/imir or
        // codestream orientation the header scan reports): turning them again would rotate twice.
        let orientation = decoded.isOriented ? 1 : requested
        let swaps = PixelBuffer.orientationSwapsAxes(orientation)
        // Take the pixels out of `decoded` so they are the only reference to
        // the buffer: dropping the alpha channel then compacts it in place.
        var pixels = PixelBuffer(unchecked: 0, 0, 1, [])
        swap(&pixels, &decoded.pixels)
        if pixels.channels == 4 && !pixels.hasTransparency { pixels = (consume pixels).droppingAlphaInPlace() }

        let plan = Self.plan(widths: allWidths, storedWidth: decoded.fullWidth, storedHeight: decoded.fullHeight, swaps: swaps,
                             fullView: request.fullView)
        let displayWidth = swaps ? decoded.fullHeight : decoded.fullWidth
        let fallbackWidths = Self.clamped(request.widths, to: displayWidth)
        let alternateWidths = request.alternates.map { Self.clamped($0.widths, to: displayWidth) }
        var renditions: [Rendition] = []
        // Largest first, each width resampled from the smallest image already
        // made that is at least 1.5× as wide (else from the decode): a
        // filter's cost grows with its input, so six widths cost little more
        // than one. That image is already Lanczos-filtered, so a 1.5× margin
        // keeps the result as sharp as from the decode (measured on 30 photos:
        // 1280 px from the 2048 px image scores 0.01 dB below 1280 px from the
        // decode against a `vips resize` reference). `decodeHint` sizes the
        // decode for the widths this leaves to it.
        var made: [PixelBuffer] = []
        for size in plan {
            let base = made.last { Self.canResample(size, from: ($0.width, $0.height)) } ?? pixels
            let resized = Resampler.resize(base, width: min(size.storedWidth, base.width),
                                           height: min(size.storedHeight, base.height), space: request.space)
            made.append(resized)
            // Marked after the resample, at this width's own size: the next width is made from the clean pixels.
            var upright = resized.applyingOrientation(orientation)
            if let mark = request.mark { upright = try mark.marking(upright) }
            if fallbackWidths.contains(size.width) {
                if upright.channels == 4 {
                    let data = try ImageEncoder.png(upright, iccProfile: decoded.iccProfile)
                    renditions.append(Rendition(width: upright.width, height: upright.height, format: .png, data: data))
                } else {
                    let data = try ImageEncoder.jpeg(upright, quality: request.quality, iccProfile: decoded.iccProfile)
                    renditions.append(Rendition(width: upright.width, height: upright.height, format: .jpeg, data: data))
                }
            }
            for (alternate, widths) in zip(request.alternates, alternateWidths) where widths.contains(size.width) {
                let data = alternate.format.capabilities.encoder == .libheif
                    ? try ImageEncoder.avif(upright, quality: alternate.quality, iccProfile: decoded.iccProfile)
                    : try ImageEncoder.webp(upright, quality: alternate.quality, iccProfile: decoded.iccProfile)
                renditions.append(Rendition(width: upright.width, height: upright.height, format: alternate.format, data: data))
            }
        }
        return Self.sorted(renditions, request: request)
    }

    /// Narrowest first; at one width the fallback, then the alternates in the request's order.
    static func sorted(_ renditions: [Rendition], request: RenditionRequest) -> [Rendition] {
        let rank = [ImageFormat.jpeg, .png] + request.alternates.map(\.format)
        return renditions.sorted {
            $0.width != $1.width ? $0.width < $1.width
                : rank.firstIndex(of: $0.format) ?? 0 < rank.firstIndex(of: $1.format) ?? 0
        }
    }

    /// Renditions of the file at `path`; every error is `.file(path:, reason)`.
    public func make(_ request: RenditionRequest, contentsOf path: String) throws(ThumbnailError) -> [Rendition] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw .file(path: path, .unreadable(reason: error.localizedDescription))
        }
        do {
            return try make(request, from: [UInt8](data))
        } catch {
            throw .file(path: path, error)
        }
    }

    /// One output size: display width/height and the stored-orientation size to resample to.
    struct PlannedSize: Equatable {
        let width: Int
        let height: Int
        let storedWidth: Int
        let storedHeight: Int
    }

    /// The display widths `widths` give once clamped to the image, as ``plan(widths:storedWidth:storedHeight:swaps:)`` clamps them.
    static func clamped(_ widths: [Int], to displayWidth: Int) -> Set<Int> {
        Set(widths.map { min(max($0, 1), displayWidth) })
    }

    /// Each alternate is WebP or AVIF, once, at a quality 0...100.
    static func validateAlternates(_ alternates: [AlternateEncoding]) throws(ThumbnailError) {
        for (position, alternate) in alternates.enumerated() {
            guard AlternateEncoding.formats.contains(alternate.format) else {
                throw .invalidRequest("renditions cannot be encoded as \(alternate.format)")
            }
            guard (0...100).contains(alternate.quality) else {
                throw .invalidRequest("\(alternate.format) quality \(alternate.quality) is not 0...100")
            }
            guard !alternates[..<position].contains(where: { $0.format == alternate.format }) else {
                throw .invalidRequest("\(alternate.format) asked for twice")
            }
        }
    }

    /// Display sizes for the requested widths, clamped to the display width, unique, largest first;
    /// the full-view width `fullView` names takes its height when that is within a pixel of the
    /// aspect ratio's (``RenditionRequest/fullViewHeight``).
    static func plan(widths: [Int], storedWidth: Int, storedHeight: Int, swaps: Bool,
                     fullView: (width: Int, height: Int)? = nil) -> [PlannedSize] {
        let displayWidth = swaps ? storedHeight : storedWidth
        let displayHeight = swaps ? storedWidth : storedHeight
        guard displayWidth > 0, displayHeight > 0 else { return [] }
        let unique = Set(widths.map { min(max($0, 1), displayWidth) }).sorted(by: >)
        return unique.map { width in
            var height = Self.height(forWidth: width, displayWidth: displayWidth, displayHeight: displayHeight)
            if let fullView, fullView.width == width,
               Self.isWithinAPixel(height: fullView.height, width: width, displayWidth: displayWidth, displayHeight: displayHeight) {
                height = fullView.height
            }
            return PlannedSize(width: width, height: height,
                               storedWidth: swaps ? height : width, storedHeight: swaps ? width : height)
        }
    }

    /// Whether `height` (at least 1) is less than a pixel from the aspect ratio's exact height at `width`.
    static func isWithinAPixel(height: Int, width: Int, displayWidth: Int, displayHeight: Int) -> Bool {
        let exact = Double(width) * Double(displayHeight) / Double(displayWidth)
        return height >= 1 && abs(Double(height) - exact) < 1
    }

    /// The height that keeps the aspect ratio at `width`, rounded half up, at least 1.
    public static func height(forWidth width: Int, displayWidth: Int, displayHeight: Int) -> Int {
        guard displayWidth > 0 else { return 1 }
        let (product, overflow) = width.multipliedReportingOverflow(by: displayHeight)
        if overflow { return max(1, Int((Double(width) * Double(displayHeight) / Double(displayWidth)).rounded())) }
        return max(1, (2 * product + displayWidth) / (2 * displayWidth))
    }

    /// The stored size from the JPEG header (no pixel memory); errors are mapped as the
    /// decode's are, with the configured `limits`.
    static func jpegSize(_ source: [UInt8], limits: DecodeLimits) throws(ThumbnailError) -> (width: Int, height: Int) {
        var width: UInt32 = 0, height: UInt32 = 0, components: UInt32 = 0
        var error = cth_error()
        let code = source.withUnsafeBufferPointer { buffer in
            cth_jpeg_header(buffer.baseAddress, buffer.count, &width, &height, &components, &error)
        }
        guard code == Int32(CTH_OK) else {
            throw ImageDecoder.mapError(code: code, message: ImageDecoder.message(of: &error), format: .jpeg,
                                        image: cth_image(), limits: limits)
        }
        return (Int(width), Int(height))
    }
}
