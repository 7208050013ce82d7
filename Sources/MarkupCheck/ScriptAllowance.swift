/// The script a theme may put on its pages: exactly the `<script>` elements,
/// `on…` attributes and refused URLs (``URLRules``: `javascript:`, `data:`
/// documents, forms sent off the site) its own templates contain.
///
/// Anything else of the kind in a page can only have come from data — a file
/// name, a caption, EXIF text — so the markup check rejects it. Build one
/// from the theme's template sources:
///
///     let allowance = ScriptAllowance(templateSources: [layoutSource, tileSource])
///     let issues = PageCheck.check(page, allowing: allowance)
///
/// A page script matches a template script when it has the same attribute
/// names, each value fits the template's value (Mustache tags in a value are
/// wildcards: `src="{{root}}viewer.js"`), and its text is byte-for-byte the
/// template's. Script text holding a Mustache tag is never allowed, except
/// in a JSON data block (`<script type="application/json">{{{json}}}</script>`),
/// which browsers never run: its page text may be anything without `<` or `&`.
/// A page URL matches a template URL on the same element and attribute whose
/// literal text decides why it is refused (see ``URLRules/templateRefuses(_:element:attribute:shape:)``).
public struct ScriptAllowance: Sendable, Equatable {
    /// An attribute as a template writes it.
    struct Attribute: Sendable, Equatable {
        /// Lowercased name.
        var name: String
        var value: ValuePattern
    }

    /// A `<script>` element as a template writes it.
    struct Script: Sendable, Equatable {
        var attributes: [Attribute]
        var content: [UInt8]
        /// A JSON data block (`type="application/json"`, content one Mustache
        /// tag): any content without `<` or `&` fits, since a browser never
        /// runs it and without `<` the text cannot end the element early.
        var isDataBlock = false
    }

    /// A URL-bearing attribute as a template writes it, with a URL the
    /// rules refuse in its literal text.
    struct ThemeURL: Sendable, Equatable {
        /// Lowercased element name (`a`, `feimage`).
        var element: String
        /// Lowercased attribute name (`href`, `xlink:href`).
        var attribute: String
        var value: ValuePattern
    }

    var scripts: [Script] = []
    /// `on…` attributes.
    var attributes: [Attribute] = []
    var urls: [ThemeURL] = []

    /// No script at all: every `<script>`, `on…` attribute and refused URL is an issue.
    public static let none = ScriptAllowance()

    /// Allows nothing.
    public init() {}

    /// Allows the script found in these theme template sources.
    public init(templateSources: [String]) {
        for source in templateSources {
            TemplateScan.scan(source, into: &self)
        }
    }

    /// Whether the theme has a script element with these attributes and text.
    func allowsScript(attributes pageAttributes: [(name: String, value: String)], content: ArraySlice<UInt8>) -> Bool {
        scripts.contains { script in
            let contentFits = script.isDataBlock
                ? !content.contains(UInt8(ascii: "<")) && !content.contains(UInt8(ascii: "&"))
                : script.content.elementsEqual(content)
            guard contentFits, script.attributes.count == pageAttributes.count else { return false }
            return pageAttributes.allSatisfy { attribute in
                script.attributes.contains { $0.name == attribute.name.lowercased() && $0.value.matches(Array(attribute.value.utf8)) }
            }
        }
    }

    /// Whether the theme writes this `on…` attribute.
    func allowsAttribute(name: String, value: String) -> Bool {
        let lowered = name.lowercased()
        let bytes = Array(value.utf8)
        return attributes.contains { $0.name == lowered && $0.value.matches(bytes) }
    }

    /// Whether the theme writes this URL value on this element's attribute
    /// (`attribute` lowercased, as ``URLAttribute`` keys it).
    func allowsURL(element: String, attribute: String, value: String) -> Bool {
        guard !urls.isEmpty else { return false }
        let element = element.lowercased()
        let bytes = Array(value.utf8)
        return urls.contains { $0.element == element && $0.attribute == attribute && $0.value.matches(bytes) }
    }
}
