/// A property name: namespace URI and local name. Prefixes are not part of
/// it, since writers choose them freely (`dc:` is only a convention).
public struct XMPName: Sendable, Hashable, CustomStringConvertible {
    /// The namespace URI, e.g. `http://purl.org/dc/elements/1.1/`.
    public var namespace: String
    /// The local name, e.g. `title`.
    public var name: String

    /// Creates a name.
    public init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// `{namespace}name`, Clark notation.
    public var description: String { "{\(namespace)}\(name)" }
}
