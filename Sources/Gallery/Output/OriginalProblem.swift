import ImageHeaders
import Thumbnails

/// Why an original could not be published with `--originals`.
public enum OriginalProblem: Sendable, Equatable, CustomStringConvertible {
    /// The original could not be read.
    case unreadable(SystemCallError)
    /// A JPEG whose segments could not be walked to remove its metadata.
    case metadataNotRemoved(JPEGStripError)
    /// A format Cascade cannot remove metadata from.
    case unsupportedFormat

    public var description: String {
        switch self {
        case .unreadable(let error): "cannot read it (\(error.call): \(error))"
        case .metadataNotRemoved(let error): "cannot remove its metadata: \(error)"
        case .unsupportedFormat:
            "cannot remove metadata from this format; publish it with --keep-metadata or not at all"
        }
    }
}
