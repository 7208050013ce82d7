/// The data a template renders: a closed, `Sendable` JSON-like tree.
///
/// Templates see only these seven shapes, so rendering never reflects over
/// arbitrary Swift values. Build a `Value` in the view model, or write it as a
/// literal:
///
///     let value: Value = ["title": "Iceland", "count": 12, "tiles": [["alt": "Fjord"]]]
///
/// Truthiness (used by sections and inverted sections): `null`, `false`, `0`,
/// `0.0`, `""` and `[]` are falsy; everything else, including an empty object,
/// is truthy. An empty caption therefore hides `{{#caption}}…{{/caption}}`.
public enum Value: Sendable, Equatable {
    /// No value; renders as the empty string and is falsy.
    case null
    /// Renders as `true` or `false`.
    case bool(Bool)
    /// Renders in decimal, e.g. `85`.
    case int(Int)
    /// Renders without a trailing `.0` when integral (`85.0` → `85`), otherwise
    /// as Swift's shortest round-tripping form (`1.21`).
    case double(Double)
    /// Renders as is (HTML-escaped by `{{name}}`, raw by `{{{name}}}`).
    case string(String)
    /// Iterated by sections; renders as the empty string when interpolated.
    case list([Value])
    /// Pushed on the context stack by sections; looked up by dotted names.
    case object([String: Value])
}
