/// One element of a parsed template. Templates are immutable trees of these,
/// parsed once and rendered many times.
enum Node: Sendable {
    /// Literal text; never contains a line break except at its end.
    /// `location` is its first byte in the template, for origin traces.
    case text(String, location: SourceLocation)
    /// A source line begins here; the renderer writes the current
    /// indentation before the line's first output.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw); `location`
    /// is the opening delimiter, for strict-mode misses and origin traces.
    case variable(Name, escaped: Bool, location: SourceLocation)
    /// `{{#name}}…{{/name}}` or, inverted, `{{^name}}…{{/name}}`.
    case section(Name, [Node], inverted: Bool, location: SourceLocation)
    /// `{{>name}}`. `indentation` is set when the tag stands alone on its line:
    /// it is then added to every line of the partial.
    case partial(PartialName, indentation: String?, location: SourceLocation)
    /// `{{<name}}…{{/name}}`: the named template with the blocks in
    /// `arguments` replacing its own.
    case parent(PartialName, indentation: String?, arguments: [String: [Node]], location: SourceLocation)
    /// `{{$name}}default{{/name}}` outside a parent: a slot a parent's caller
    /// may fill. `indentation` is added to each line of whatever fills it.
    case block(String, [Node], indentation: String, location: SourceLocation)
}
