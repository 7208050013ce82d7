/// An element of a parsed page, in document order, copied out of the C result.
struct ParsedElement {
    /// One attribute, references resolved.
    struct Attribute {
        var name: String
        var prefix: String?
        var value: String
    }

    /// Local name.
    var name: String
    var prefix: String?
    var namespaceURI: String?
    /// Byte offset of the `<` of the start tag, when known.
    var offset: Int?
    /// Index of the parent element; nil for the root.
    var parent: Int?
    /// Written as `<x/>`.
    var isSelfClosed: Bool
    /// A direct text child holds an escaped `<` or `&`, or a CDATA section.
    var hasEscapedText: Bool
    /// Its attributes: a slice of one array shared by the whole page.
    var attributes: ArraySlice<Attribute>

    /// `prefix:name`, as an HTML parser would name the element.
    var qualifiedName: String {
        prefix.map { "\($0):\(name)" } ?? name
    }

    /// The value of the unprefixed attribute `name`.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.prefix == nil && $0.name == name }?.value
    }

    /// The value of the unprefixed attribute `name` (lowercase) written in
    /// any case, as an HTML parser reads `HREF` as `href`.
    func attribute(anyCase name: String) -> String? {
        attributes.first { $0.prefix == nil && $0.name.asciiLowercased == name }?.value
    }
}
