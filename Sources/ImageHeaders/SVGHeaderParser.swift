/// Reads an SVG's intrinsic size from the root `<svg>` element's `width` and
/// `height` (units px, in, cm, mm, pt, pc, em = 16 px, ex = 8 px), using the
/// `viewBox` aspect ratio when only one is given and the `viewBox` size when
/// neither is, or when they are relative (`%`). Sizes round to whole pixels.
///
/// Only the prolog (XML declaration, comments, doctype) and the root start
/// tag are read, at most ``maxPrefix`` bytes. The tag must be well-formed XML
/// as far as it goes: quoted attribute values without `<`.
enum SVGHeaderParser: HeaderParser {
    static var format: ImageFormat { .svg }

    static let maxPrefix = 65_536

    static func matches(signature: [UInt8]) -> Bool {
        var index = signature.matches([0xEF, 0xBB, 0xBF], at: 0) ? 3 : 0
        while index < signature.count, PNMHeaderParser.isSpace(signature[index]) {
            index += 1
        }
        let rest = Array(signature[min(index, signature.count)...])
        return ["<svg", "<?xml", "<!--", "<!DOCTYPE svg"].contains { rest.matches(Array($0.utf8), at: 0) }
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let bytes = try reader.readAvailable(at: 0, upTo: min(maxPrefix, reader.limits.maxBufferedBytes))
        var scanner = SVGScanner(bytes: bytes)
        let attributes = try scanner.rootAttributes()
        let size = try intrinsicSize(attributes, at: scanner.tagStart)
        return ImageHeader(format: .svg, storedSize: size)
    }

    /// Applies the sizing rules to the root element's attributes.
    static func intrinsicSize(_ attributes: [String: String], at offset: Int) throws(HeaderError) -> PixelSize {
        let width = attributes["width"].flatMap(SVGLength.pixels)
        let height = attributes["height"].flatMap(SVGLength.pixels)
        let viewBox = (attributes["viewBox"] ?? attributes["viewbox"]).flatMap(SVGLength.viewBoxSize)
        let size: (Double, Double)
        switch (width, height, viewBox) {
        case let (width?, height?, _):
            size = (width, height)
        case let (width?, nil, box?):
            size = (width, width * box.height / box.width)
        case let (nil, height?, box?):
            size = (height * box.width / box.height, height)
        case let (nil, nil, box?):
            size = (box.width, box.height)
        default:
            throw HeaderError(offset: offset, reason: .missing("width and height or viewBox on the <svg> element"))
        }
        guard size.0.isFinite, size.1.isFinite, size.0 < Double(PixelSize.maxSide), size.1 < Double(PixelSize.maxSide) else {
            throw HeaderError(offset: offset, reason: .malformed("<svg> size"))
        }
        return try PixelSize.checked(width: UInt64(max(0, size.0.rounded())), height: UInt64(max(0, size.1.rounded())),
                                     part: "<svg> element", at: offset)
    }
}
