import Foundation
import ImageHeaders
import Thumbnails

/// The original files, published beside the renditions with `--originals`.
enum Originals {
    /// Publishes one original. JPEGs are rewritten losslessly without their
    /// metadata segments (EXIF with GPS, XMP, IPTC, comments; the orientation
    /// survives as a minimal EXIF block); PNGs lose their text, time and EXIF
    /// chunks. Other formats are copied only under `.asIs`.
    static func publish(_ source: URL, to path: String, policy: OriginalsPolicy,
                        output: OutputFolder) throws(BuildError) {
        if policy == .asIs {
            try output.copy(source, to: path)
            return
        }
        let bytes: [UInt8]
        do throws(SystemCallError) {
            bytes = try FileIO.read(source.path)
        } catch {
            throw .originalNotPublished(path: output.display(path), reason: .unreadable(error))
        }
        let cleaned: [UInt8]
        if bytes.starts(with: [0xFF, 0xD8]) {
            do {
                cleaned = try JPEGMetadataStripper.strip(bytes).data
            } catch let error as JPEGStripError {
                throw .originalNotPublished(path: output.display(path), reason: .metadataNotRemoved(error))
            } catch {
                throw .originalNotPublished(path: output.display(path), reason: .unsupportedFormat)
            }
        } else if let png = PNGMetadataFilter.strip(bytes) {
            cleaned = png
        } else {
            throw .originalNotPublished(path: output.display(path), reason: .unsupportedFormat)
        }
        try output.write(Data(cleaned), to: path)
    }
}

/// Removes PNG chunks that can carry private data — `eXIf`, `tEXt`, `zTXt`,
/// `iTXt`, `tIME` — keeping every other chunk byte for byte (so pixels,
/// transparency and colour profile stay). Nil when the bytes are not a
/// well-formed chunk sequence, so nothing half-understood is published.
enum PNGMetadataFilter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let dropped: Set<String> = ["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]

    static func strip(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.starts(with: signature) else { return nil }
        var result = signature
        var offset = signature.count
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { return nil }
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16
                | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            if !dropped.contains(type) { result.append(contentsOf: bytes[offset..<end]) }
            offset = end
            if type == "IEND" { return result }
        }
        return nil
    }
}
