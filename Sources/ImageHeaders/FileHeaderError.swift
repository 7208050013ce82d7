/// Why the header of a file could not be read: the path and the cause.
///
/// ``description`` reads like `Could not read 'x.jpg': truncated SOF0 segment at byte 1234`.
public struct FileHeaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as given by the caller.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// Creates an error for `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The cause: the file could not be opened, or its bytes are not a readable header.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// Opening or inspecting the file failed.
        case system(SystemCallError)
        /// The path names a directory, FIFO, device or socket, which are never read.
        case notARegularFile
        /// The file's bytes were read but the header is bad (or reading them failed midway).
        case header(HeaderError)

        /// The cause alone, for callers that name the file themselves.
        public var description: String {
            switch self {
            case .system(let error): error.description
            case .notARegularFile: "not a regular file"
            case .header(let error): error.description
            }
        }
    }

    /// One line for people, e.g. `Could not read 'a.png': not a JPEG or PNG image (unrecognised signature)`.
    public var description: String {
        "Could not read '\(path)': \(reason)"
    }
}
