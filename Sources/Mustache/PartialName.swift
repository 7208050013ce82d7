/// The name in a partial or parent tag: fixed, or looked up at render time
/// (`{{>*name}}`, the dynamic-names module).
enum PartialName: Sendable, Hashable {
    case fixed(String)
    case dynamic(Name)
}
