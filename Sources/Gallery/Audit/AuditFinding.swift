/// One file that carries privacy-relevant metadata, or could not be audited.
public struct AuditFinding: Sendable, Equatable {
    /// The file's path, as the walk built it from the folder given.
    public var path: String
    /// What it carries, e.g. `Exif GPS`, `XMP aux:SerialNumber`; empty for an error.
    public var carries: [String]
    /// Why the file or folder could not be read, when it could not.
    public var error: String?

    /// Creates a finding.
    public init(path: String, carries: [String], error: String? = nil) {
        self.path = path
        self.carries = carries
        self.error = error
    }

    /// `path<TAB>what, what` or `path<TAB>error<TAB>reason`: the line `cascade audit` prints.
    public var line: String {
        if let error { return "\(path)\terror\t\(error)" }
        return "\(path)\t\(carries.joined(separator: ", "))"
    }
}
