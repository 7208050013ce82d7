extension PixelBuffer {
    /// True for EXIF orientations 5–8, whose display size is the stored size turned a quarter.
    public static func orientationSwapsAxes(_ orientation: Int) -> Bool { (5...8).contains(orientation) }

    /// The pixels as they should be displayed for EXIF `orientation` (1–8; anything else is 1):
    /// 2 mirror, 3 turn 180°, 4 flip, 5 transpose, 6 turn 90° clockwise, 7 transverse, 8 turn 90° anticlockwise.
    public func applyingOrientation(_ orientation: Int) -> PixelBuffer {
        guard (2...8).contains(orientation) else { return self }
        let swaps = Self.orientationSwapsAxes(orientation)
        let outWidth = swaps ? height : width
        let outHeight = swaps ? width : height
        let c = channels, w = width, h = height
        var output = [UInt8](repeating: 0, count: samples.count)
        samples.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var t = 0
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // The stored pixel shown at display position (x, y).
                        let sx: Int, sy: Int
                        switch orientation {
                        case 2: sx = w - 1 - x; sy = y
                        case 3: sx = w - 1 - x; sy = h - 1 - y
                        case 4: sx = x; sy = h - 1 - y
                        case 5: sx = y; sy = x
                        case 6: sx = y; sy = h - 1 - x
                        case 7: sx = w - 1 - y; sy = h - 1 - x
                        default: sx = w - 1 - y; sy = x // 8
                        }
                        let s = (sy * w + sx) * c
                        for k in 0..<c { target[t + k] = source[s + k] }
                        t += c
                    }
                }
            }
        }
        return PixelBuffer(unchecked: outWidth, outHeight, c, output)
    }
}
