/// The element names the vocabulary check accepts.
enum Vocabulary {
    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"
    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// Every element of the WHATWG HTML Living Standard (obsolete ones left out).
    static let htmlElements: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
        "blockquote", "body", "br", "button", "canvas", "caption", "cite", "code", "col",
        "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div", "dl", "dt",
        "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
        "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins",
        "kbd", "label", "legend", "li", "link", "main", "map", "mark", "menu", "meta", "meter",
        "nav", "noscript", "object", "ol", "optgroup", "option", "output", "p", "picture", "pre",
        "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search", "section", "select",
        "slot", "small", "source", "span", "strong", "style", "sub", "summary", "sup", "svg",
        "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title",
        "tr", "track", "u", "ul", "var", "video", "wbr",
    ]

    /// HTML elements that never have content; written `<x />` in XHTML syntax.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr",
    ]

    /// Common SVG 1.1/2 elements for inline icons. Left out on purpose:
    /// `script`, and `foreignObject` (HTML inside SVG is not checked).
    static let svgElements: Set<String> = [
        "svg", "a", "circle", "clipPath", "defs", "desc", "ellipse", "feBlend", "feColorMatrix",
        "feComponentTransfer", "feComposite", "feDropShadow", "feFlood", "feFuncA", "feFuncB",
        "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "feTile", "feTurbulence", "filter", "g", "image", "line",
        "linearGradient", "marker", "mask", "metadata", "path", "pattern", "polygon", "polyline",
        "radialGradient", "rect", "stop", "style", "switch", "symbol", "text", "textPath", "title",
        "tspan", "use", "view",
    ]

    /// Elements whose text HTML parsers read raw (no references).
    static let rawTextElements: Set<String> = ["script", "style"]
}
