/// Something Cascade skipped but could build without: a file that is not an
/// image, or an image it could not read. Fatal under `--strict`.
public struct BuildWarning: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user named it (album path joined with the file name).
    public var path: String
    /// Why it was skipped, as a phrase (`truncated SOF0 segment at byte 1234`).
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "skipped '\(path)': \(reason)" }
}
