/// A line of `cascade layout`'s input that is not an item.
public struct LayoutInputError: Error, Equatable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    public var reason: String
    public var description: String { "standard input line \(line): \(reason)" }
}
