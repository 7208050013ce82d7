/// A problem libxml2 reported, copied out of the C result.
struct ParsedProblem {
    /// Byte offset where libxml2 stood, when known.
    var offset: Int?
    /// libxml2's line and character column, used only when `offset` is nil.
    var line: Int
    var column: Int
    /// libxml2's `xmlParserErrors` code.
    var code: Int
    var message: String
}
