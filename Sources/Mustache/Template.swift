/// A parsed Mustache template: parse once, render many times.
///
/// Parsing is pure and checks the whole template up front, so a typo fails
/// at load time with a position rather than producing a broken page:
///
///     let template = try Template(parsing: "<h1>{{title}}</h1>", name: "page")
///     let html = try template.render(["title": "Iceland"])   // "<h1>Iceland</h1>"
///
/// Supports the core spec v1.4 plus the optional inheritance
/// (`{{<parent}}`/`{{$block}}`) and dynamic-names (`{{>*name}}`) modules.
/// To resolve partials, render through a `TemplateLibrary`.
public struct Template: Sendable {
    /// The name used in error messages, e.g. `Templates/album.mustache`.
    public let name: String
    /// The text it was parsed from (the markup check scans theme sources for
    /// the script they are allowed to contain).
    public let source: String
    let nodes: [Node]

    /// Parses `source`.
    ///
    /// - Parameters:
    ///   - source: The template text.
    ///   - name: How errors refer to this template.
    /// - Throws: `TemplateError` locating the first syntax error.
    public init(parsing source: String, name: String = "") throws(TemplateError) {
        self.name = name
        self.source = source
        self.nodes = try Self.parse(source, name: name)
    }

    /// Renders with `value` as the root context. Partials and parents render
    /// as nothing, since a lone template has no others to include.
    ///
    /// - Throws: `TemplateError` only when rendering nests too deep.
    public func render(_ value: Value) throws(TemplateError) -> String {
        var pass = RenderPass(templates: [:], value: value, templateName: name)
        try pass.render(nodes)
        return pass.output
    }
}
