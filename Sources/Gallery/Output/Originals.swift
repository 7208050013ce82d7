import Foundation
import ImageHeaders
import Thumbnails

/// The original files, published beside the renditions with `--originals`.
enum Originals {
    /// The formats whose originals can be published without their metadata.
    static let strippableFormats: Set<ImageFormat> = [.jpeg, .png]

    /// Whether `photo`'s original is published under `policy`: under
    /// `.stripped` only where its metadata can be removed (the others are
    /// withheld, with a note, rather than published with GPS and all).
    static func publishes(_ photo: Photo, policy: OriginalsPolicy) -> Bool {
        switch policy {
        case .none: false
        case .asIs: true
        case .stripped: strippableFormats.contains(photo.header.format)
        }
    }

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
            do throws(JPEGStripError) {
                cleaned = try JPEGMetadataStripper.strip(bytes).data
            } catch {
                throw .originalNotPublished(path: output.display(path), reason: .metadataNotRemoved(error))
            }
        } else if let png = PNGMetadataStripper.strip(bytes) {
            cleaned = png
        } else {
            throw .originalNotPublished(path: output.display(path), reason: .unsupportedFormat)
        }
        try output.write(Data(cleaned), to: path)
    }
}
