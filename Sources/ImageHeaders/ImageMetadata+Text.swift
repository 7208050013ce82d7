extension ImageMetadata {
    /// Cleans text from any metadata source the way Exif text is cleaned: CR,
    /// LF, CRLF and tab become one space, other control and bidi-override
    /// characters are removed, surrounding spaces trimmed, the length capped
    /// at ``maxStringLength``; `nil` when nothing is left. Public so that the
    /// XMP reader and the merged view clean their text identically.
    public static func cleanedText(_ text: String) -> String? {
        ExifText.clean(text: text)
    }
}
