/// How a stored image must be turned to be shown upright: the Exif/TIFF
/// `Orientation` tag (0x0112), whose raw values are 1…8.
///
/// Case names follow Apple's `CGImagePropertyOrientation`: they say where the
/// stored image's top row ends up when displayed.
public enum Orientation: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// 1: shown as stored (also the value when no tag is present).
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the main diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned 90° clockwise to display.
    case right = 6
    /// 7: mirrored along the anti-diagonal (transversed).
    case rightMirrored = 7
    /// 8: turned 90° counter-clockwise to display.
    case left = 8

    /// Whether displaying the image exchanges its width and height (values 5–8).
    public var swapsDimensions: Bool {
        rawValue >= 5
    }

    /// The raw tag value, e.g. `6`.
    public var description: String {
        String(rawValue)
    }
}
