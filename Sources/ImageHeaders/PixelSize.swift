/// A width and height in pixels.
///
/// Parsers only produce sizes whose sides are 1…2³¹−1, so the values always fit
/// layout arithmetic without overflow on 64-bit platforms.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal size in pixels.
    public var width: Int
    /// Vertical size in pixels.
    public var height: Int

    /// Creates a size from its two sides.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The same size with width and height exchanged, as seen after a quarter turn.
    public var transposed: PixelSize {
        PixelSize(width: height, height: width)
    }

    /// `WIDTHxHEIGHT`, e.g. `1200x1800`.
    public var description: String {
        "\(width)x\(height)"
    }
}
