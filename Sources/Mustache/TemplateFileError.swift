/// A template file that could not be read, with its path and the reason.
public struct TemplateFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as shown to the user, e.g. `Templates/album.mustache`.
    public var path: String
    /// Why, e.g. `is not valid UTF-8`.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
