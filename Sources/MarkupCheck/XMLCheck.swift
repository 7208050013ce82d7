import SourcePosition

/// Checks that a file Cascade is about to write that is XML but not HTML
/// (an Atom feed, a sitemap) is well-formed, through the same libxml2 XML
/// parser as ``PageCheck`` (no network, no DTD, no external entities), and
/// names its root element and namespace.
///
/// Pure, safe to call from several threads.
public enum XMLCheck {
    /// What the parser made of a document.
    public struct Outcome: Sendable, Equatable {
        /// Every well-formedness error, in libxml2's order; empty when the
        /// document is well-formed.
        public var issues: [MarkupIssue]
        /// The root element's local name, when a tree was built.
        public var rootName: String?
        /// The root element's namespace URI, when it has one.
        public var rootNamespace: String?
    }

    /// Parses `document` as XML.
    public static func check(_ document: String) -> Outcome {
        let bytes = Array(document.utf8)
        let lines = LineTable(bytes, breaks: .xml)
        if let nul = bytes.firstIndex(of: 0) {
            let at = lines.location(ofByte: nul)
            return Outcome(issues: [MarkupIssue(line: at.line, column: at.column,
                                                kind: .notWellFormed("NUL character is not allowed"))])
        }
        guard let parsed = ParsedPage.read(bytes) else {
            return Outcome(issues: [MarkupIssue(line: 1, column: 1, kind: .notWellFormed("file too large or out of memory"))])
        }
        var issues = parsed.problems.map { problem in
            let at = problem.offset.map { lines.location(ofByte: $0) }
                ?? SourceLocation(line: problem.line, column: problem.column)
            return MarkupIssue(line: at.line, column: at.column, kind: .notWellFormed(problem.message))
        }
        if !parsed.isWellFormed && issues.isEmpty {
            issues.append(MarkupIssue(line: 1, column: 1, kind: .notWellFormed("libxml2 rejected the document")))
        }
        let root = parsed.hasDocument ? parsed.elements.first { $0.parent == nil } : nil
        return Outcome(issues: issues, rootName: root?.name, rootNamespace: root?.namespaceURI)
    }
}
