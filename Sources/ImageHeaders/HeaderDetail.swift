/// How much of a header to read: everything, or only what lays an image out.
///
/// `cascade scan` prints format, size and orientation and nothing else, so it
/// asks for ``layout`` and parsers that honour it pass over the descriptive
/// metadata (Exif text, exposure, the MakerNote, XMP, IPTC) without decoding
/// it. Format, sizes, orientation, animation and video facts are the same in
/// both; a header read for ``layout`` may lack metadata one read in ``full``
/// has (a JPEG's keeps only ``ImageMetadata/hasICCProfile``).
public enum HeaderDetail: Sendable, Equatable {
    /// Format, sizes, orientation, animation and video facts only.
    case layout
    /// Also the descriptive metadata (``ImageMetadata``): what a build publishes.
    case full
}
