/// What `TemplateLibrary.render(_:_:options:)` records besides the text.
///
/// Both are off by default: a plain render does no bookkeeping, so the fast
/// path stays fast. Builds turn `reportMissingVariables` on for
/// `--strict-templates`, and re-render with `traceOrigins` only when a page
/// fails a check, to say which template and data made the failing spot.
public struct RenderOptions: OptionSet, Sendable {
    public let rawValue: Int

    /// Creates options from their raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Record every `{{name}}` whose lookup found nothing (section probes such
    /// as `{{#caption}}` are not misses: asking is their job).
    public static let reportMissingVariables = RenderOptions(rawValue: 1)
    /// Record which template text or variable wrote each part of the output.
    public static let traceOrigins = RenderOptions(rawValue: 2)
}
