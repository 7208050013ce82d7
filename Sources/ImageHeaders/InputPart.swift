/// The structure a read belongs to, named in a `truncated` error: its name
/// (`SOF0 segment`, `IHDR chunk`) and the offset where it starts.
struct InputPart {
    private let label: Label
    /// Start of the structure in the input.
    let offset: Int

    /// How the name is made. A JPEG segment's is built only for an error:
    /// every file walks several, and building "APP1 segment" for each was a
    /// measurable part of a scan.
    private enum Label {
        case text(String)
        case jpegSegment(marker: UInt8)
    }

    init(_ name: String, at offset: Int) {
        label = .text(name)
        self.offset = offset
    }

    /// The segment of JPEG `marker` starting at `offset`.
    init(jpegSegment marker: UInt8, at offset: Int) {
        label = .jpegSegment(marker: marker)
        self.offset = offset
    }

    /// Name used in the error text.
    var name: String {
        switch label {
        case .text(let text): text
        case .jpegSegment(let marker): JPEGMarker.name(marker) + " segment"
        }
    }

    /// The error for this part running past the end of the input.
    var truncated: HeaderError {
        HeaderError(offset: offset, reason: .truncated(name))
    }
}
