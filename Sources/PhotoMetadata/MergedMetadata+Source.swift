extension MergedMetadata {
    /// Where a merged field came from, highest precedence first.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// An XMP sidecar file next to the photo (`NAME.xmp` or `NAME.EXT.xmp`).
        case sidecar
        /// The XMP packet embedded in the photo.
        case embeddedXMP
        /// The IPTC-IIM record (JPEG APP13, TIFF tag 33723).
        case iptc
        /// Exif / TIFF tags (ImageDescription, DateTimeOriginal, Windows `XP*`).
        case exif
    }
}
