/// Why an XMP packet could not be read, and where.
public struct XMPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the fault (libxml2's), when known.
    public var line: Int?
    /// Byte offset the fault refers to (a cap that was passed), when known.
    public var offset: Int?
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(reason: Reason, line: Int? = nil, offset: Int? = nil) {
        self.reason = reason
        self.line = line
        self.offset = offset
    }

    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The packet is empty (or only whitespace and NUL padding).
        case empty
        /// The packet is longer than the cap (the associated value, in bytes).
        case tooLarge(Int)
        /// libxml2 found the XML not well-formed; its message.
        case notWellFormed(String)
        /// A document type declaration: never part of XMP, refused so that no
        /// entity or DTD is ever processed.
        case documentTypeDeclaration
        /// Elements nest deeper than the cap.
        case tooDeep(Int)
        /// More elements than the cap.
        case tooManyElements(Int)
        /// No `rdf:RDF` element anywhere in the packet.
        case noRDF
        /// libxml2 ran out of memory.
        case outOfMemory
        /// The sidecar file could not be read; the system call and errno text.
        case readFailed(String)
    }

    /// One line for people, e.g. `XMP not well-formed (…) at line 3`.
    public var description: String {
        let place = line.map { " at line \($0)" } ?? offset.map { " at byte \($0)" } ?? ""
        switch reason {
        case .empty: return "empty XMP packet"
        case .tooLarge(let cap): return "XMP packet over \(cap) bytes" + place
        case .notWellFormed(let message): return "XMP not well-formed (\(message))" + place
        case .documentTypeDeclaration: return "XMP packet with a DOCTYPE (refused)" + place
        case .tooDeep(let cap): return "XMP elements nested deeper than \(cap)" + place
        case .tooManyElements(let cap): return "XMP packet with more than \(cap) elements" + place
        case .noRDF: return "XMP packet without rdf:RDF"
        case .outOfMemory: return "out of memory parsing XMP"
        case .readFailed(let message): return "cannot read XMP sidecar: \(message)"
        }
    }
}
