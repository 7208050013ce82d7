import ImageHeaders
import XMP

extension MergedMetadata {
    /// Camera exposure and lens, field by field: the file's Exif first (the
    /// camera's own record), then each XMP packet in `packets`' order (the
    /// sidecar, then the embedded packet) for the fields Exif lacks. Nil
    /// when no source knows any.
    public static func exposure(exif: CameraExposure?, packets: [XMPPacket]) -> CameraExposure? {
        var result = exif ?? CameraExposure()
        for packet in packets {
            result.exposureTime = result.exposureTime ?? rational(packet.exposureTimeText)
            result.fNumber = result.fNumber ?? rational(packet.fNumberText)
            result.focalLength = result.focalLength ?? rational(packet.focalLengthText)
            result.focalLength35mm = result.focalLength35mm ?? whole(packet.focalLength35mmText)
            result.iso = result.iso ?? whole(packet.isoText)
            result.lensModel = result.lensModel ?? text(packet.lensModelText)
            result.lensMake = result.lensMake ?? text(packet.lensMakeText)
        }
        return result.isEmpty ? nil : result
    }

    /// An XMP rational (`1/250`, `28/10`) or decimal (`2.8`), checked like Exif's.
    static func rational(_ text: String?) -> Double? {
        guard let text = text?.filter({ !$0.isWhitespace }), !text.isEmpty else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return CameraExposure.checked(Double(text))
        case 2:
            guard let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 else { return nil }
            return CameraExposure.checked(numerator / denominator)
        default: return nil
        }
    }

    /// A whole number, checked.
    static func whole(_ text: String?) -> Int? {
        guard let text = text?.filter({ !$0.isWhitespace }), let value = Int(text),
              let checked = CameraExposure.checked(Double(value)) else { return nil }
        return Int(checked)
    }

    private static func text(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return String(text.prefix(ImageMetadata.maxStringLength))
    }
}
