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
        // The stored sample shown at display (x, y) is origin + x * stepX + y * stepY.
        let row = w * c
        let (origin, stepX, stepY): (Int, Int, Int)
        switch orientation {
        case 2: (origin, stepX, stepY) = ((w - 1) * c, -c, row)
        case 3: (origin, stepX, stepY) = ((h - 1) * row + (w - 1) * c, -c, -row)
        case 4: (origin, stepX, stepY) = ((h - 1) * row, c, -row)
        case 5: (origin, stepX, stepY) = (0, row, c)
        case 6: (origin, stepX, stepY) = ((h - 1) * row, -row, c)
        case 7: (origin, stepX, stepY) = ((h - 1) * row + (w - 1) * c, -row, -c)
        default: (origin, stepX, stepY) = ((w - 1) * c, row, -c) // 8
        }
        var output = [UInt8](repeating: 0, count: samples.count)
        samples.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                let from = source.baseAddress!, to = target.baseAddress!
                var t = 0
                for y in 0..<outHeight {
                    var s = origin + y * stepY
                    for _ in 0..<outWidth {
                        for k in 0..<c { to[t + k] = from[s + k] }
                        t += c
                        s += stepX
                    }
                }
            }
        }
        return PixelBuffer(unchecked: outWidth, outHeight, c, output)
    }
}
