import ImageHeaders

/// Why `JPEGMetadataStripper` could not rewrite a file; each case says where (byte offset).
public enum JPEGStripError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not start with the JPEG SOI marker.
    case notJPEG
    /// A byte that should start a marker (0xFF) does not.
    case expectedMarker(offset: Int)
    /// A segment's length field runs past the end of the file or is below 2.
    case badSegmentLength(marker: UInt8, offset: Int)
    /// The file ends (or reaches EOI) before the first SOS: there is no image data to keep.
    case noImageData

    /// The stripper's view of a fault the segment walk found.
    init(_ error: JPEGSegmentError) {
        switch error.reason {
        case .missingSOI:
            self = .notJPEG
        case .expectedMarker:
            self = .expectedMarker(offset: error.offset)
        case .truncated(let marker, _), .badLength(let marker, _):
            self = .badSegmentLength(marker: marker, offset: error.offset)
        }
    }

    public var description: String {
        switch self {
        case .notJPEG:
            return "not a JPEG file (no SOI marker)"
        case .expectedMarker(let offset):
            return "expected a JPEG marker at byte \(offset)"
        case .badSegmentLength(let marker, let offset):
            return "bad length in the \(JPEGMarker.name(marker)) segment at byte \(offset)"
        case .noImageData:
            return "no image data (no SOS segment)"
        }
    }
}
