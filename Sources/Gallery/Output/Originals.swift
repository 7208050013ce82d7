import Foundation
import ImageHeaders
import Thumbnails

/// The original files, published beside the renditions with `--originals`.
enum Originals {
    /// The formats whose originals can be published without their metadata:
    /// those the registry says can be stripped losslessly.
    static let strippableFormats: Set<ImageFormat> = Set(ImageFormat.allCases.filter(\.canStripMetadata))

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

    /// `photo`'s camera RAW companion as a photo of its own (its file, the format its name says),
    /// when its album links RAWs (`"raw": "link"`) and `--originals` is on. A RAW's metadata
    /// cannot be removed without rewriting the file, so it is published byte for byte: under
    /// `.asIs` (`--keep-metadata`); under `.stripped` it is withheld with a note, as other
    /// originals Cascade cannot strip are (``rawWithheld(_:policy:)``).
    static func rawCompanion(of photo: Photo, policy: OriginalsPolicy) -> Photo? {
        guard policy != .none, let name = photo.rawCompanion else { return nil }
        var header = photo.header
        header.format = RawPairing.format(ofCompanion: name) ?? header.format
        return Photo(fileName: name, folder: photo.folder, header: header)
    }

    /// Whether `photo`'s RAW companion is published under `policy` (byte for byte, so `.asIs` only).
    static func publishesRaw(_ photo: Photo, policy: OriginalsPolicy) -> Bool {
        policy == .asIs && photo.rawCompanion != nil
    }

    /// Publishes one original. Under `.stripped` its format comes from the
    /// sniffer the header scan uses, and the registry's ``MetadataStripping``
    /// says how: JPEGs are rewritten losslessly without their metadata
    /// segments (EXIF with GPS, XMP, IPTC, comments; the orientation survives
    /// as a minimal EXIF block); PNGs (APNGs too) lose their text, time and
    /// EXIF chunks; GIFs their comments and private application blocks;
    /// WebPs their EXIF and XMP chunks. Animations stay whole.
    /// Other formats are copied only under `.asIs`.
    /// `rights` (the album's `"copyright"`) is written into a stripped original (``CopyrightMetadata``).
    static func publish(_ source: URL, to path: String, policy: OriginalsPolicy,
                        output: OutputFolder, rights: String? = nil) throws(BuildError) {
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
        let clean = try stripped(bytes, path: path, output: output)
        try output.write(Data(rights.map { CopyrightMetadata.adding($0, to: clean) } ?? clean), to: path)
    }

    /// `bytes` without their metadata, as the registry says their format is stripped.
    static func stripped(_ bytes: [UInt8], path: String, output: OutputFolder) throws(BuildError) -> [UInt8] {
        switch ImageFormat.detect(bytes)?.capabilities.metadataStripping {
        case .jpegSegments:
            do throws(JPEGStripError) {
                return try JPEGMetadataStripper.strip(bytes).data
            } catch {
                throw .originalNotPublished(path: output.display(path), reason: .metadataNotRemoved(error))
            }
        case .pngChunks:
            if let png = PNGMetadataStripper.strip(bytes) { return png }
        case .gifBlocks:
            if let gif = GIFMetadataStripper.strip(bytes) { return gif }
        case .webpChunks:
            if let webp = WebPMetadataStripper.strip(bytes) { return webp }
        case nil:
            break
        }
        throw .originalNotPublished(path: output.display(path), reason: .unsupportedFormat)
    }
}
