import CThumbnails

extension PixelBuffer {
    /// True for EXIF orientations 5–8, whose display size is the stored size turned a quarter.
    public static func orientationSwapsAxes(_ orientation: Int) -> Bool { (5...8).contains(orientation) }

    /// The pixels as they should be displayed for EXIF `orientation` (1–8; anything else is 1):
    /// 2 mirror, 3 turn 180°, 4 flip, 5 transpose, 6 turn 90° clockwise, 7 transverse, 8 turn 90° anticlockwise.
    ///
    /// The copy is `cth_orient` (C), so it is fast in debug builds too.
    public func applyingOrientation(_ orientation: Int) -> PixelBuffer {
        guard (2...8).contains(orientation) else { return self }
        let swaps = Self.orientationSwapsAxes(orientation)
        // Uninitialised: cth_orient writes every sample, so zeroing first would only cost a pass.
        let output = [UInt8](unsafeUninitializedCapacity: samples.count) { target, initialized in
            samples.withUnsafeBufferPointer { source in
                cth_orient(source.baseAddress, Int32(width), Int32(height), Int32(channels),
                           Int32(orientation), target.baseAddress)
            }
            initialized = samples.count
        }
        return PixelBuffer(unchecked: swaps ? height : width, swaps ? width : height, channels, output)
    }
}
