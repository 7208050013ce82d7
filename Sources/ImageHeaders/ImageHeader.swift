/// What an image's header says about its size and orientation: everything a
/// layout needs without decoding pixels.
public struct ImageHeader: Sendable, Equatable, CustomStringConvertible {
    /// The format recognised from the file's signature.
    public var format: ImageFormat
    /// The coded size (JPEG SOFn, PNG IHDR) before any orientation is applied.
    public var storedSize: PixelSize
    /// How to turn the stored pixels for display; ``Orientation/up`` when the
    /// file has no valid orientation (see ``orientationSource``).
    public var orientation: Orientation
    /// Whether ``orientation`` was read from the file or implied.
    public var orientationSource: OrientationSource
    /// Whether the image is animated (PNG with an APNG `acTL` chunk before `IDAT`).
    public var isAnimated: Bool

    /// Creates a header; ``orientationSource`` defaults to ``OrientationSource/exif``
    /// when an orientation other than ``Orientation/up`` is given.
    public init(
        format: ImageFormat,
        storedSize: PixelSize,
        orientation: Orientation = .up,
        orientationSource: OrientationSource? = nil,
        isAnimated: Bool = false
    ) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
        self.orientationSource = orientationSource ?? (orientation == .up ? .none : .exif)
        self.isAnimated = isAnimated
    }

    /// The size as displayed: the stored size, with width and height exchanged
    /// for orientations 5–8. Layout uses only this.
    public var displaySize: PixelSize {
        orientation.swapsDimensions ? storedSize.transposed : storedSize
    }

    /// A one-line summary, e.g. `jpeg 1200x1800 orientation 6 (exif) -> 1800x1200`.
    public var description: String {
        var text = "\(format.rawValue) \(storedSize)"
        if orientationSource != .none {
            text += " orientation \(orientation) (\(orientationSource))"
        }
        if isAnimated {
            text += " animated"
        }
        if displaySize != storedSize {
            text += " -> \(displaySize)"
        }
        return text
    }
}
