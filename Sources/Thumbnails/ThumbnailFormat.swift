/// The encoded formats Thumbnails reads and writes.
public enum ThumbnailFormat: String, Sendable, Equatable, CustomStringConvertible {
    case jpeg = "JPEG"
    case png = "PNG"

    public var description: String { rawValue }

    /// The file name extension renditions in this format get.
    public var fileExtension: String { self == .jpeg ? "jpg" : "png" }

    /// Detects the format from the first bytes (never the file name).
    public static func detect(_ bytes: [UInt8]) -> ThumbnailFormat? {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= 8, Array(bytes[0..<8]) == signature { return .png }
        return nil
    }
}
