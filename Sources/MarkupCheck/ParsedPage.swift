/// What libxml2 made of a page: its problems and, when it built a tree,
/// the doctype and the elements in document order.
struct ParsedPage {
    /// The document type declaration.
    struct Doctype {
        var name: String?
        var publicID: String?
        var systemID: String?
        var hasInternalSubset: Bool
    }

    var isWellFormed: Bool
    var problems: [ParsedProblem]
    /// Problems libxml2 raised beyond the ones kept.
    var problemsOmitted: Int
    /// False when libxml2 built no tree (the page is not well-formed).
    var hasDocument: Bool
    var doctype: Doctype?
    /// Byte offset of the doctype's `<`, when known.
    var doctypeOffset: Int?
    var elements: [ParsedElement]
}
