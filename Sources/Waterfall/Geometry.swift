/// A rectangle in CSS pixels, origin at the top left of the layout.
public struct Frame: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// True when the two frames share interior area (touching edges do not count).
    public func overlaps(_ other: Frame) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}

/// Space kept clear around the tiles, in CSS pixels.
public struct Insets: Sendable, Equatable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every side.
    public static func all(_ value: Double) -> Insets {
        Insets(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = Insets()
}
