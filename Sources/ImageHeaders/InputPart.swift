/// The structure a read belongs to, named in a `truncated` error: its name
/// (`SOF0 segment`, `IHDR chunk`) and the offset where it starts.
struct InputPart {
    /// Name used in the error text.
    let name: String
    /// Start of the structure in the input.
    let offset: Int

    init(_ name: String, at offset: Int) {
        self.name = name
        self.offset = offset
    }

    /// The error for this part running past the end of the input.
    var truncated: HeaderError {
        HeaderError(offset: offset, reason: .truncated(name))
    }
}
