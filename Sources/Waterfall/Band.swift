/// A section header or footer: a full-width band of fixed height with its own insets.
public struct Band: Sendable, Equatable, Hashable {
    public var height: Double
    public var insets: Insets

    public init(height: Double, insets: Insets = .zero) {
        self.height = height
        self.insets = insets
    }
}
