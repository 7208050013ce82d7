/// Named templates that can include each other as partials and parents.
///
/// Partials and parents share one namespace: `{{>tile}}` and `{{<layout}}`
/// both look up templates by name here. A missing partial renders as nothing,
/// as the spec asks; call `missingPartials()` after loading to make it a
/// load-time error instead.
///
///     let library = try TemplateLibrary(templates: [
///         "page": "<ul>{{#tiles}}{{>tile}}{{/tiles}}</ul>",
///         "tile": "<li>{{alt}}</li>",
///     ])
///     let html = try library.render("page", ["tiles": [["alt": "Fjord"]]])
public struct TemplateLibrary: Sendable {
    /// The parsed templates by name.
    public let templates: [String: Template]

    /// Wraps already parsed templates, keyed by the name partials use.
    public init(_ templates: [String: Template]) {
        self.templates = templates
    }

    /// Parses every template, named by its key (also used in errors).
    ///
    /// - Throws: The first `TemplateError`, trying names in sorted order.
    public init(templates sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for name in sources.keys.sorted() {
            templates[name] = try Template(parsing: sources[name] ?? "", name: name)
        }
        self.templates = templates
    }

    /// The template named `name`, if any.
    public subscript(name: String) -> Template? { templates[name] }

    /// Renders the template named `name` with `value` as the root context.
    ///
    /// - Throws: `TemplateError` if there is no such template or rendering
    ///   nests too deep (a partial including itself).
    public func render(_ name: String, _ value: Value) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            throw TemplateError(template: name, location: SourceLocation(line: 1, column: 1),
                                kind: .templateNotFound(name))
        }
        return try render(template: template, value)
    }

    /// Renders `template`, which need not be in the library, resolving its
    /// partials and parents here.
    public func render(template: Template, _ value: Value) throws(TemplateError) -> String {
        var pass = RenderPass(templates: templates, value: value, templateName: template.name)
        try pass.render(template.nodes)
        return pass.output
    }

    /// Renders the template named `name`, recording what `options` asks for:
    /// missing variables (strict mode) and the origin of each output stretch.
    ///
    /// - Throws: As `render(_:_:)`.
    public func render(_ name: String, _ value: Value, options: RenderOptions) throws(TemplateError) -> RenderResult {
        guard let template = templates[name] else {
            throw TemplateError(template: name, location: SourceLocation(line: 1, column: 1),
                                kind: .templateNotFound(name))
        }
        var pass = RenderPass(templates: templates, value: value, templateName: template.name, options: options)
        try pass.render(template.nodes)
        return RenderResult(text: pass.output, missingVariables: pass.missingVariables,
                            origins: pass.origins)
    }

    /// Every fixed partial or parent name a template uses that the library
    /// lacks, sorted by template name then position. Dynamic names
    /// (`{{>*name}}`) depend on data and are not checked.
    ///
    /// `template` is the template's `name` (as used in errors), so
    /// `"\(template):\(location)"` points at the tag.
    public func missingPartials() -> [(template: String, partial: String, location: SourceLocation)] {
        var missing: [(template: String, partial: String, location: SourceLocation)] = []
        for key in templates.keys.sorted() {
            guard let template = templates[key] else { continue }
            for reference in template.referencedPartials() where templates[reference.name] == nil {
                missing.append((template.name, reference.name, reference.location))
            }
        }
        return missing
    }
}
