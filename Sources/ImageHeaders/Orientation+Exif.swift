extension Orientation {
    /// The orientation an Exif block gives, read as the header scan reads it
    /// (``ImageHeader/orientation``): the IFD0 Orientation tag, SHORT (or LONG)
    /// 1…8. `tiff` starts at the TIFF header (`II*\0` or `MM\0*`), after a JPEG
    /// APP1's `Exif\0\0`. `nil` when the tag is absent, out of range or the block
    /// is malformed. Pure: reads only `tiff`.
    public init?(exifTIFF tiff: [UInt8]) {
        var reader = Reader(source: tiff)
        guard let result = try? ExifReader.read(in: &reader, tiffStart: 0, end: tiff.count),
              let orientation = result.orientation else { return nil }
        self = orientation
    }
}
