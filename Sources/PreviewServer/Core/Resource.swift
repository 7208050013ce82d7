/// What the response planner knows of a file to send: its size, when it
/// changed, its entity tag and type. Built from `stat` at the edge.
public struct Resource: Equatable, Sendable {
    public var size: Int
    /// Last modification, seconds since 1970.
    public var modified: Int
    /// A strong entity tag, quoted.
    public var etag: String
    public var contentType: String

    public init(size: Int, modified: Int, etag: String, contentType: String) {
        self.size = size
        self.modified = modified
        self.etag = etag
        self.contentType = contentType
    }

    /// A tag from what changes when the file does: size, modification time
    /// to the nanosecond and inode (a rebuild's atomic rename gives a new one).
    public static func etag(size: Int, seconds: Int, nanoseconds: Int, inode: UInt64) -> String {
        "\"\(String(inode, radix: 16))-\(String(size, radix: 16))-\(String(seconds, radix: 16)).\(String(nanoseconds, radix: 16))\""
    }
}
