extension Vocabulary {
    /// Attributes every HTML element may carry (WHATWG "global attributes"),
    /// plus `role` (ARIA) and `xmlns`. `data-*`, `aria-*` and `on…` are
    /// accepted by prefix (event handlers are judged by the script rule).
    static let globalAttributes: Set<String> = [
        "accesskey", "autocapitalize", "autocorrect", "autofocus", "class", "contenteditable", "dir",
        "draggable", "enterkeyhint", "hidden", "id", "inert", "inputmode", "is", "itemid", "itemprop",
        "itemref", "itemscope", "itemtype", "lang", "nonce", "popover", "slot", "spellcheck", "style",
        "tabindex", "title", "translate", "writingsuggestions", "role", "xmlns",
    ]

    /// Element-specific attributes of the WHATWG HTML Living Standard
    /// (obsolete ones left out); elements not listed take only global ones.
    static let elementAttributes: [String: Set<String>] = [
        "a": ["href", "target", "download", "ping", "rel", "hreflang", "type", "referrerpolicy"],
        "area": ["alt", "coords", "shape", "href", "target", "download", "ping", "rel", "referrerpolicy"],
        "audio": ["src", "crossorigin", "preload", "autoplay", "loop", "muted", "controls"],
        "base": ["href", "target"],
        "blockquote": ["cite"],
        "button": ["disabled", "form", "formaction", "formenctype", "formmethod", "formnovalidate", "formtarget",
                   "name", "popovertarget", "popovertargetaction", "type", "value", "command", "commandfor"],
        "canvas": ["width", "height"],
        "col": ["span"],
        "colgroup": ["span"],
        "data": ["value"],
        "del": ["cite", "datetime"],
        "details": ["open", "name"],
        "dialog": ["open", "closedby"],
        "embed": ["src", "type", "width", "height"],
        "fieldset": ["disabled", "form", "name"],
        "form": ["accept-charset", "action", "autocomplete", "enctype", "method", "name", "novalidate", "target", "rel"],
        "iframe": ["src", "srcdoc", "name", "sandbox", "allow", "allowfullscreen", "width", "height",
                   "referrerpolicy", "loading"],
        "img": ["alt", "src", "srcset", "sizes", "crossorigin", "usemap", "ismap", "width", "height",
                "referrerpolicy", "decoding", "loading", "fetchpriority"],
        "input": ["accept", "alpha", "alt", "autocomplete", "checked", "colorspace", "dirname", "disabled", "form",
                  "formaction", "formenctype", "formmethod", "formnovalidate", "formtarget", "height", "list", "max",
                  "maxlength", "min", "minlength", "multiple", "name", "pattern", "placeholder", "popovertarget",
                  "popovertargetaction", "readonly", "required", "size", "src", "step", "type", "value", "width"],
        "ins": ["cite", "datetime"],
        "label": ["for"],
        "li": ["value"],
        "link": ["href", "crossorigin", "rel", "as", "media", "hreflang", "type", "sizes", "imagesrcset",
                 "imagesizes", "referrerpolicy", "integrity", "blocking", "color", "disabled", "fetchpriority"],
        "map": ["name"],
        "meta": ["name", "http-equiv", "content", "charset", "media", "property"],
        "meter": ["value", "min", "max", "low", "high", "optimum"],
        "object": ["data", "type", "name", "form", "width", "height"],
        "ol": ["reversed", "start", "type"],
        "optgroup": ["disabled", "label"],
        "option": ["disabled", "label", "selected", "value"],
        "output": ["for", "form", "name"],
        "progress": ["value", "max"],
        "q": ["cite"],
        "script": ["src", "type", "nomodule", "async", "defer", "crossorigin", "integrity", "referrerpolicy",
                   "blocking", "fetchpriority"],
        "select": ["autocomplete", "disabled", "form", "multiple", "name", "required", "size"],
        "slot": ["name"],
        "source": ["type", "media", "src", "srcset", "sizes", "width", "height"],
        "style": ["media", "blocking"],
        "td": ["colspan", "rowspan", "headers"],
        "template": ["shadowrootmode", "shadowrootdelegatesfocus", "shadowrootclonable", "shadowrootserializable"],
        "textarea": ["autocomplete", "cols", "dirname", "disabled", "form", "maxlength", "minlength", "name",
                     "placeholder", "readonly", "required", "rows", "wrap"],
        "th": ["colspan", "rowspan", "headers", "scope", "abbr"],
        "time": ["datetime"],
        "track": ["default", "kind", "label", "src", "srclang"],
        "video": ["src", "crossorigin", "poster", "preload", "autoplay", "playsinline", "loop", "muted", "controls",
                  "width", "height"],
    ]

    /// Whether HTML element `element` may carry the unprefixed attribute `name`.
    static func isKnownAttribute(_ name: String, on element: String) -> Bool {
        let lower = name.lowercased()
        if globalAttributes.contains(lower) || elementAttributes[element]?.contains(lower) == true { return true }
        return lower.hasPrefix("data-") || lower.hasPrefix("aria-") || VocabularyCheck.isEventHandlerName(lower)
    }
}
