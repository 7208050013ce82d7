@testable import MarkupCheck
import Testing

/// The flattened result of the libxml2 check, which streams (SAX2) instead
/// of building a tree: every value below is what libxml2's tree held for
/// the page, worked out by hand from the XML and Namespaces specs and
/// libxml2's rules (entities unexpanded, no DTD attribute defaults).
@Suite("Streaming parse: flattened elements")
struct StreamingParseTests {
    static let xhtml = "http://www.w3.org/1999/xhtml"
    static let svg = "http://www.w3.org/2000/svg"
    static let xlink = "http://www.w3.org/1999/xlink"

    /// One element as the checks see it; attributes as `prefix:name=value`.
    struct Flat: Equatable, CustomStringConvertible {
        var name: String
        var prefix: String? = nil
        var namespace: String? = nil
        var parent: Int?
        var selfClosed = false
        var escaped = false
        var attributes: [String] = []

        var description: String {
            "\(prefix.map { $0 + ":" } ?? "")\(name) {\(namespace ?? "")} ^\(parent.map(String.init) ?? "-")"
                + (selfClosed ? " />" : "") + (escaped ? " escaped" : "") + " \(attributes)"
        }

        init(_ name: String, prefix: String? = nil, namespace: String? = nil, parent: Int?,
             selfClosed: Bool = false, escaped: Bool = false, attributes: [String] = []) {
            (self.name, self.prefix, self.namespace, self.parent) = (name, prefix, namespace, parent)
            (self.selfClosed, self.escaped, self.attributes) = (selfClosed, escaped, attributes)
        }

        init(_ element: ParsedElement) {
            self.init(element.name, prefix: element.prefix, namespace: element.namespaceURI, parent: element.parent,
                      selfClosed: element.isSelfClosed, escaped: element.hasEscapedText,
                      attributes: element.attributes.map { ($0.prefix.map { $0 + ":" } ?? "") + $0.name + "=" + $0.value })
        }
    }

    static func read(_ page: String) throws -> ParsedPage {
        try #require(ParsedPage.read(Array(page.utf8)))
    }

    /// Byte offset of the first `needle` in `page`.
    static func offset(of needle: String, in page: String) throws -> Int {
        let bytes = Array(page.utf8), pattern = Array(needle.utf8)
        return try #require(bytes.indices.first { bytes[$0...].starts(with: pattern) })
    }

    @Test("Namespaces: default from an ancestor, prefixes, xmlns=\"\", unbound prefixes")
    func namespaces() throws {
        let page = #"<html xmlns="\#(Self.xhtml)"><body><svg xmlns="\#(Self.svg)" xmlns:xlink="\#(Self.xlink)">"#
            + ##"<use xlink:href="#a" /><a:b xmlns:a="urn:a" a:c="1" d="2"></a:b></svg><p xmlns="">x</p>"##
            + #"<u:x u:y="1">z</u:x></body></html>"#
        let parsed = try Self.read(page)
        #expect(parsed.isWellFormed)
        #expect(parsed.hasDocument)
        // An unbound prefix is a namespace error, not a well-formedness one
        // (libxml2 checks a start tag's attributes before its name); the
        // tree named such an element or attribute `u:x`, in no namespace.
        #expect(parsed.problems.map(\.message) == ["Namespace prefix u for y on x is not defined",
                                                   "Namespace prefix u on x is not defined"])
        #expect(parsed.elements.map(Flat.init) == [
            Flat("html", namespace: Self.xhtml, parent: nil),
            Flat("body", namespace: Self.xhtml, parent: 0),
            Flat("svg", namespace: Self.svg, parent: 1),
            Flat("use", namespace: Self.svg, parent: 2, selfClosed: true, attributes: ["xlink:href=#a"]),
            Flat("b", prefix: "a", namespace: "urn:a", parent: 2, attributes: ["a:c=1", "d=2"]),
            Flat("p", parent: 1),
            Flat("u:x", parent: 1, attributes: ["u:y=1"]),
        ])
        #expect(parsed.elements.map(\.offset) == [
            0, try Self.offset(of: "<body", in: page), try Self.offset(of: "<svg", in: page),
            try Self.offset(of: "<use", in: page), try Self.offset(of: "<a:b", in: page),
            try Self.offset(of: "<p", in: page), try Self.offset(of: "<u:x", in: page),
        ])
    }

    @Test("References in attributes and text; escaped text only from a direct text child")
    func references() throws {
        let page = """
            <!DOCTYPE html [<!ENTITY e "café">]>
            <html><body><p title="a &amp; b" alt="&#x3C;&#60;" data-e="&e;" data-q="&quot;&apos;&amp;#60;" \
            data-w="a&#10;b\tc">T &amp; J</p>\
            <script>if (a &lt; b) {}</script><script><![CDATA[a < b]]></script><script>plain()</script>\
            <style>p{}</style><em>&e;</em><i>&#x26;</i><s>&gt;</s><q><b>&amp;</b>text</q></body></html>
            """
        let parsed = try Self.read(page)
        #expect(parsed.isWellFormed)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.elements.map(Flat.init) == [
            Flat("html", parent: nil),
            Flat("body", parent: 0),
            // Character and predefined references decoded, an entity replaced
            // by its text, a tab normalized to a space but not &#10;.
            Flat("p", parent: 1, escaped: true,
                 attributes: ["title=a & b", "alt=<<", "data-e=café", "data-q=\"'&#60;", "data-w=a\nb c"]),
            Flat("script", parent: 1, escaped: true),
            Flat("script", parent: 1, escaped: true),
            Flat("script", parent: 1),
            Flat("style", parent: 1),
            // The tree held an entity reference node there, not text.
            Flat("em", parent: 1),
            Flat("i", parent: 1, escaped: true),
            Flat("s", parent: 1),
            Flat("q", parent: 1),
            Flat("b", parent: 10, escaped: true),
        ])
    }

    @Test("Self-closed tags against explicit end tags")
    func selfClosed() throws {
        let parsed = try Self.read(#"<p><br/><br /><hr></hr><img src="x" alt=""/><span> </span></p>"#)
        #expect(parsed.elements.map(\.isSelfClosed) == [false, true, true, false, true, false])
    }

    @Test("Attributes the internal subset defaults are not listed")
    func defaultedAttributes() throws {
        let parsed = try Self.read(#"<!DOCTYPE p [<!ATTLIST p d CDATA "def" e CDATA #IMPLIED>]><p e="1">x</p>"#)
        #expect(parsed.elements.map(Flat.init) == [Flat("p", parent: nil, attributes: ["e=1"])])
    }

    @Test("Doctype fields", arguments: [
        ("<!DOCTYPE html>\n<p/>", "html", nil, nil, false, 0),
        (#"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><p/>"#,
         "html", "-//W3C//DTD XHTML 1.0 Strict//EN", "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd", false, 0),
        (#"<!-- c --> <!DOCTYPE svg SYSTEM "s.dtd"><p/>"#, "svg", nil, "s.dtd", false, 11),
        ("<!DOCTYPE html []><p/>", "html", nil, nil, false, 0),
        ("<!DOCTYPE html [<!-- note -->]><p/>", "html", nil, nil, true, 0),
        (#"<!DOCTYPE html [<!ENTITY e "x">]><p/>"#, "html", nil, nil, true, 0),
    ] as [(String, String, String?, String?, Bool, Int)])
    func doctype(_ page: String, name: String, publicID: String?, systemID: String?, subset: Bool, at: Int) throws {
        let parsed = try Self.read(page)
        let doctype = try #require(parsed.doctype)
        #expect(doctype.name == name)
        #expect(doctype.publicID == publicID)
        #expect(doctype.systemID == systemID)
        #expect(doctype.hasInternalSubset == subset)
        #expect(parsed.doctypeOffset == at)
        #expect(parsed.problems.isEmpty)
    }

    @Test("An ill-formed page yields problems and no document", arguments: [
        "<!DOCTYPE html>\n<html><body><p>broken</b></body></html>",
        #"<html><body><p title="&nbsp;">x</p></body></html>"#,
        "<html><body></body></html><p>after the root</p>",
    ])
    func illFormed(_ page: String) throws {
        let parsed = try Self.read(page)
        #expect(!parsed.isWellFormed)
        #expect(!parsed.hasDocument)
        #expect(parsed.elements.isEmpty)
        #expect(parsed.doctype == nil)
        #expect(parsed.doctypeOffset == nil)
        #expect(!parsed.problems.isEmpty)
    }

    @Test("IDs: a repeated or malformed xml:id is reported as the tree builder did")
    func xmlIDs() throws {
        let parsed = try Self.read(#"<r><p xml:id="a"/><p xml:id="a"/><p xml:id="1"/><p xml:id="&amp;1"/></r>"#)
        #expect(parsed.isWellFormed)
        // The tree builder checked the value as the parser handed it over,
        // `&` still written `&#38;`.
        #expect(parsed.problems.map(\.message) == ["ID a already defined",
                                                   "xml:id : attribute value 1 is not an NCName",
                                                   "xml:id : attribute value &#38;1 is not an NCName"])
        #expect(parsed.elements.last?.attributes.first?.value == "&1")
        #expect(parsed.elements.map(Flat.init)[1] == Flat("p", prefix: nil, parent: 0, selfClosed: true, attributes: ["xml:id=a"]))
    }

    @Test("Text delivered in many chunks: a late `<` or `&` still marks its element")
    func chunkedText() throws {
        let long = String(repeating: "a", count: 1_000_000)
        let page = "<html><body><p>\(long)&amp;z</p><p>\(long)</p><script>\(long) &lt; 1</script>"
            + "<div>\(long)<b>&amp;</b>\(long)</div></body></html>"
        let parsed = try Self.read(page)
        #expect(parsed.isWellFormed)
        #expect(parsed.elements.map(\.hasEscapedText) == [false, false, true, false, true, false, true])
    }
}
