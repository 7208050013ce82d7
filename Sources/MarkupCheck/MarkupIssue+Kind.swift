extension MarkupIssue {
    /// The kinds of problem ``PageCheck`` reports.
    ///
    /// Cascade writes XHTML-syntax HTML5 that browsers read with their HTML
    /// parser, so beyond XML well-formedness the check rejects what an HTML
    /// parser would read differently (`<div/>`, `<br></br>`, escapes inside
    /// `<script>`) and what a page must not contain (unknown elements, images
    /// without alt text or dimensions, duplicate ids, script injected
    /// through an attribute).
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// libxml2's XML parser rejected the page; its message, verbatim.
        case notWellFormed(String)
        /// More libxml2 errors followed than are listed.
        case tooManyErrors(omitted: Int)
        /// The page has no document type declaration.
        case missingDoctype
        /// The document type declaration is not exactly `<!DOCTYPE html>`.
        case unexpectedDoctype
        /// The root element is not `<html>`.
        case unexpectedRoot(String)
        /// An element HTML5 (or, inside `<svg>`, SVG) does not define.
        case unknownElement(String)
        /// An element in a namespace other than none or XHTML (SVG inside `<svg>`).
        case wrongNamespace(element: String, namespace: String)
        /// An attribute HTML5 does not define for the element (`data-*`,
        /// `aria-*` and global attributes are always known).
        case unknownAttribute(element: String, attribute: String)
        /// A required attribute is absent (`alt`, `width`, `height` on `<img>`).
        case missingAttribute(element: String, attribute: String)
        /// An attribute's value is not allowed (e.g. `width="auto"` on `<img>`).
        case invalidAttributeValue(element: String, attribute: String, value: String)
        /// A second element with the same `id`.
        case duplicateID(String)
        /// An `id` that is empty or contains whitespace.
        case invalidID(String)
        /// A non-void HTML element written `<x/>`: HTML parsers read an open tag.
        case selfClosedNonVoidElement(String)
        /// A void element not written `<x/>` (e.g. `<br></br>`, which HTML reads as two breaks).
        case voidElementNotSelfClosed(String)
        /// `<script>`/`<style>` text holding an escaped `<`/`&` or CDATA, which HTML reads literally.
        case escapedRawText(String)
        /// An `on…` event-handler attribute, e.g. an unescaped caption's `onerror`.
        case eventHandlerAttribute(element: String, attribute: String)
        /// A `javascript:` or `vbscript:` URL in a URL-bearing attribute
        /// (``URLAttribute``; in any `srcset` candidate or `ping` URL).
        case unsafeURL(element: String, attribute: String)
        /// A `data:` URL other than a raster image (PNG, JPEG, GIF, WebP,
        /// AVIF) in `src`/`srcset` of `<img>` or `<source>`, where a browser
        /// does not load a document (that is ``dataURLDocument(element:attribute:)``).
        case dataURL(element: String, attribute: String)
        /// `action`/`formaction` with a scheme or a host: the form, and what
        /// the visitor typed, would go off the site. `url` as a browser reads it.
        case offSiteSubmission(element: String, attribute: String, url: String)
        /// A `<script>` element the theme's templates do not contain.
        case scriptNotFromTheme
        /// A local URL that names no file of the site.
        case brokenLink(attribute: String, url: String)
        /// A link to `page#id` (or `#id`) where the page has no such id.
        case missingFragment(attribute: String, url: String)
        /// A URL starting with `/`: it breaks under `file://` and sub-paths.
        case rootRelativeURL(attribute: String, url: String)
        /// A resource loaded from another host (`src`, `srcset`, stylesheets, icons).
        case externalResource(attribute: String, url: String)
        /// A `srcdoc` attribute (not empty): a whole HTML document, which may
        /// run script, that the check would have to parse as HTML.
        case embeddedDocument(element: String, attribute: String)
        /// A `data:` URL where a browser loads a document (`<iframe src>`,
        /// `<object data>`, `<embed src>`, SVG `<use href>`), which may run script.
        case dataURLDocument(element: String, attribute: String)
        /// `@import` in a `<style>` element: it loads a stylesheet the check never sees.
        case styleImport(element: String)
        /// A `url(…)` (or URL string) in CSS that is not relative: it loads from another host.
        case styleExternalURL(element: String, url: String)
        /// `<meta http-equiv="refresh">`: a reload loop or a redirect, possibly elsewhere.
        case metaRefresh
        /// `<base href>`: it re-points every relative URL of the page.
        case baseURL(String)
        /// `<link rel="import">`: an HTML import, a document that may run script.
        case htmlImport

        /// The text after `line:column: `.
        public var description: String {
            switch self {
            case .notWellFormed(let message):
                "not well-formed: \(message.displaySafe)"
            case .tooManyErrors(let omitted):
                "\(omitted) more libxml2 errors not listed"
            case .missingDoctype:
                "missing <!DOCTYPE html>"
            case .unexpectedDoctype:
                "document type must be exactly <!DOCTYPE html>"
            case .unexpectedRoot(let name):
                "root element is <\(name.displaySafe)>, expected <html>"
            case .unknownElement(let name):
                "unknown element <\(name.displaySafe)>"
            case .wrongNamespace(let element, let namespace):
                "element <\(element.displaySafe)> in namespace '\(namespace.displaySafe)'"
            case .unknownAttribute(let element, let attribute):
                "unknown attribute \(attribute.displaySafe) on <\(element.displaySafe)>"
            case .missingAttribute(let element, let attribute):
                "<\(element.displaySafe)> without \(attribute.displaySafe) attribute"
            case .invalidAttributeValue(let element, let attribute, let value):
                "invalid \(attribute.displaySafe)=\"\(value.displaySafe)\" on <\(element.displaySafe)>"
            case .duplicateID(let id):
                "duplicate id '\(id.displaySafe)'"
            case .invalidID(let id):
                "invalid id '\(id.displaySafe)' (must be non-empty, without whitespace)"
            case .selfClosedNonVoidElement(let name):
                "<\(name.displaySafe)/> is not a void element; HTML parsers read it as an open tag"
            case .voidElementNotSelfClosed(let name):
                "void element <\(name.displaySafe)> must be written <\(name.displaySafe) />"
            case .escapedRawText(let name):
                "<\(name.displaySafe)> text uses an escape or CDATA, which HTML reads literally"
            case .eventHandlerAttribute(let element, let attribute):
                "event handler attribute \(attribute.displaySafe) on <\(element.displaySafe)> is not in the theme's templates"
            case .unsafeURL(let element, let attribute):
                "script URL in \(attribute.displaySafe) on <\(element.displaySafe)> is not in the theme's templates"
            case .dataURL(let element, let attribute):
                "data: URL in \(attribute.displaySafe) on <\(element.displaySafe)> is not in the theme's templates; "
                    + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"
            case .offSiteSubmission(let element, let attribute, let url):
                "\(attribute.displaySafe)=\"\(url.displaySafe)\" on <\(element.displaySafe)> sends the form off the site "
                    + "and is not in the theme's templates"
            case .scriptNotFromTheme:
                "<script> element is not one of the theme's templates"
            case .brokenLink(let attribute, let url):
                "\(attribute.displaySafe)=\"\(url.displaySafe)\" names no file in the output folder"
            case .missingFragment(let attribute, let url):
                "\(attribute.displaySafe)=\"\(url.displaySafe)\" points at an id the page does not have"
            case .rootRelativeURL(let attribute, let url):
                "\(attribute.displaySafe)=\"\(url.displaySafe)\" starts with '/', which breaks from file:// and sub-paths; use a relative URL"
            case .externalResource(let attribute, let url):
                "\(attribute.displaySafe)=\"\(url.displaySafe)\" loads from another host; pages must work offline"
            case .embeddedDocument(let element, let attribute):
                "\(attribute.displaySafe) on <\(element.displaySafe)> is an embedded document, which may run script"
            case .dataURLDocument(let element, let attribute):
                "data: URL in \(attribute.displaySafe) on <\(element.displaySafe)> is a document, which may run script"
            case .styleImport(let element):
                "@import in <\(element.displaySafe)> loads a stylesheet the check cannot see"
            case .styleExternalURL(let element, let url):
                "CSS on <\(element.displaySafe)> loads \"\(url.displaySafe)\" from another host; pages must work offline"
            case .metaRefresh:
                "<meta http-equiv=\"refresh\"> reloads or redirects the page; gallery pages never need one"
            case .baseURL(let url):
                "<base href=\"\(url.displaySafe)\"> re-points every relative URL of the page"
            case .htmlImport:
                "<link rel=\"import\"> loads a document, which may run script"
            }
        }
    }
}
