/// The top-level properties of an XMP packet, by namespace URI and name.
///
/// ```swift
/// let packet = try XMPPacket.parse(header.metadata?.xmpPacket ?? [])
/// print(packet.title, packet.keywords)
/// ```
///
/// Made by ``parse(_:)`` (libxml2, locked down) from the bytes ImageHeaders
/// finds in a file or from a sidecar (``parse(fileAt:)``). Every
/// `rdf:Description` under `rdf:RDF` contributes, in element and attribute
/// form; for a property given twice the first counts. Text is cleaned like
/// Exif text (`ImageMetadata.cleanedText`): single-line, no controls.
public struct XMPPacket: Sendable, Equatable {
    /// Every property found, by name.
    public var properties: [XMPName: XMPValue]

    /// Creates a packet from properties (tests, merging).
    public init(properties: [XMPName: XMPValue] = [:]) {
        self.properties = properties
    }

    /// The value of `name` in `namespace`, or `nil`.
    public subscript(_ namespace: String, _ name: String) -> XMPValue? {
        properties[XMPName(namespace, name)]
    }

    /// Largest packet accepted, in bytes (sidecars included): 4 MiB.
    public static let maxLength = 4 << 20
    /// Deepest element nesting accepted; real packets nest about 8 deep.
    public static let maxDepth = 64
    /// Most elements accepted in one packet.
    public static let maxElements = 200_000
}
