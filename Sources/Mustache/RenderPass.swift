/// One rendering of a node tree into one output string: the output so far,
/// the context stack, indentation, and what strict mode and origin tracing
/// collect. A fresh pass per `render` call, so renders share no state.
///
/// Indentation is applied lazily: a `.lineStart` marker only notes that a
/// line began, and the indentation is written just before that line's first
/// output. Standalone partials, parents and blocks extend the indentation, so
/// each line of the included template is indented, but interpolated data is not.
struct RenderPass {
    /// Deepest nesting of sections, partials, parents and blocks while
    /// rendering; stops runaway recursion well before the stack runs out.
    static let depthLimit = 200

    private(set) var output = ""
    private let templates: [String: Template]
    private var context: Context
    /// Block arguments of the parents being rendered, outermost first: the
    /// outermost template's argument wins.
    private var arguments: [[String: [Node]]] = []
    private var indentation = ""
    private var lineStarted = false
    private var depth = 0
    private var templateName: String
    private let options: RenderOptions
    /// Misses already recorded, so each is listed once.
    private var missSeen: Set<MissingVariable> = []
    private(set) var missingVariables: [MissingVariable] = []
    private(set) var origins: [OutputOrigin] = []

    init(templates: [String: Template], value: Value, templateName: String, options: RenderOptions = []) {
        self.templates = templates
        self.context = Context(value)
        self.templateName = templateName
        self.options = options
    }

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text, let location):
                startLine()
                if options.contains(.traceOrigins) {
                    let start = output.utf8.count
                    output += text
                    origins.append(OutputOrigin(range: start..<output.utf8.count, template: templateName,
                                                location: location))
                } else {
                    output += text
                }
            case .lineStart:
                lineStarted = true
            case .variable(let name, let escaped, let location):
                if let value = context.lookup(name) {
                    if options.contains(.traceOrigins) {
                        let start = output.utf8.count
                        write(value, escaped: escaped)
                        if output.utf8.count > start {
                            origins.append(OutputOrigin(
                                range: start..<output.utf8.count, template: templateName, location: location,
                                variable: name.text, value: value.scalarText))
                        }
                    } else {
                        write(value, escaped: escaped)
                    }
                } else if options.contains(.reportMissingVariables) {
                    let miss = MissingVariable(template: templateName, location: location, name: name.text)
                    if missSeen.insert(miss).inserted { missingVariables.append(miss) }
                }
            case .section(let name, let children, let inverted, let location):
                try renderSection(name, children, inverted: inverted, location: location)
            case .partial(let name, let indentation, let location):
                try renderPartial(name, indentation: indentation, arguments: nil, location: location)
            case .parent(let name, let indentation, let arguments, let location):
                try renderPartial(name, indentation: indentation, arguments: arguments, location: location)
            case .block(let name, let children, let indentation, let location):
                try renderBlock(name, children, indentation: indentation, location: location)
            }
        }
    }

    private mutating func write(_ value: Value, escaped: Bool) {
        if case .string(let string) = value {
            guard !string.isEmpty else { return }
            startLine()
            if escaped { Escaping.appendHTML(string, to: &output) } else { output += string }
        } else if let text = value.scalarText {
            // Numbers and booleans contain nothing to escape.
            startLine()
            output += text
        }
    }

    private mutating func startLine() {
        if lineStarted {
            lineStarted = false
            output += indentation
        }
    }

    private mutating func renderSection(_ name: Name, _ children: [Node], inverted: Bool,
                                        location: SourceLocation) throws(TemplateError) {
        let value = context.lookup(name)
        let truthy = value?.isTruthy ?? false
        guard truthy != inverted else { return }
        try enter(location)
        defer { depth -= 1 }
        switch value {
        case .list(let items)? where !inverted:
            for item in items {
                context.push(item)
                try render(children)
                context.pop()
            }
        case let value? where !inverted:
            context.push(value)
            try render(children)
            context.pop()
        default:
            try render(children)
        }
    }

    /// Partials and parents: a parent is a partial whose blocks may be
    /// replaced by `arguments`. A missing template renders as nothing.
    private mutating func renderPartial(_ name: PartialName, indentation extra: String?,
                                        arguments: [String: [Node]]?,
                                        location: SourceLocation) throws(TemplateError) {
        guard let resolved = resolve(name), let template = templates[resolved] else { return }
        try enter(location)
        let savedIndentation = indentation, savedName = templateName
        defer {
            indentation = savedIndentation
            templateName = savedName
            depth -= 1
        }
        if let extra {
            indentation += extra
        } else {
            // An inline partial is not indented: finish this line's
            // indentation now, then include the partial as is.
            startLine()
            indentation = ""
        }
        templateName = template.name
        if let arguments { self.arguments.append(arguments) }
        try render(template.nodes)
        if arguments != nil { self.arguments.removeLast() }
        // A last line with no output is still a line of the partial.
        startLine()
    }

    private mutating func renderBlock(_ name: String, _ fallback: [Node], indentation extra: String,
                                      location: SourceLocation) throws(TemplateError) {
        var content = fallback
        for level in arguments {
            if let argument = level[name] {
                content = argument
                break
            }
        }
        try enter(location)
        let savedIndentation = indentation
        defer {
            indentation = savedIndentation
            depth -= 1
        }
        indentation += extra
        try render(content)
    }

    /// A dynamic name is looked up like an interpolation, once: the value
    /// found is the template name, never looked up again.
    private func resolve(_ name: PartialName) -> String? {
        switch name {
        case .fixed(let fixed):
            return fixed
        case .dynamic(let dynamic):
            guard let value = context.lookup(dynamic) else { return nil }
            if case .string(let string) = value { return string }
            return value.scalarText
        }
    }

    private mutating func enter(_ location: SourceLocation) throws(TemplateError) {
        guard depth < Self.depthLimit else {
            throw TemplateError(template: templateName, location: location,
                                kind: .renderingTooDeep(limit: Self.depthLimit))
        }
        depth += 1
    }
}
