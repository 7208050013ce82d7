/// A variable a template asked for that the data did not have.
///
/// Mustache renders such a miss as nothing, which hides typos
/// (`{{captoin}}`); strict mode lists them instead:
///
///     Templates/tile.mustache:3:12: {{captoin}} is not in the data
public struct MissingVariable: Sendable, Hashable, CustomStringConvertible {
    /// The template's name, e.g. `Templates/tile.mustache`.
    public var template: String
    /// The tag's opening delimiter.
    public var location: SourceLocation
    /// The name as written, e.g. `caption` or `photo.date`.
    public var name: String

    /// Creates a miss record.
    public init(template: String, location: SourceLocation, name: String) {
        self.template = template
        self.location = location
        self.name = name
    }

    /// `template:line:column: {{name}} is not in the data`.
    public var description: String {
        let prefix = template.isEmpty ? "\(location)" : "\(template):\(location)"
        return "\(prefix): {{\(name)}} is not in the data"
    }
}
