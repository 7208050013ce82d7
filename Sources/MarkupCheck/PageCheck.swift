import SourcePosition

/// Checks a page Cascade is about to write: XML well-formedness through
/// libxml2's XML parser, then an HTML5 vocabulary check on the tree.
///
/// Cascade emits XHTML-syntax HTML5 (`<!DOCTYPE html>`, every element
/// closed, void elements written `<img … />`, attributes quoted, only the
/// five XML named references). Such a page parses identically as XML and as
/// HTML, so an XML parser can prove it well-formed — libxml2's HTML parser
/// (HTML 4) cannot: it reports `main`, `figure`, `picture`, … as invalid and
/// silently repairs what it does not like.
///
/// Pure: no file I/O, nothing printed (libxml2's messages are collected
/// through a per-call error handler). Safe to call from several threads.
public enum PageCheck {
    /// Every issue in `page`, ordered by position; empty when the page passes.
    ///
    /// An ill-formed page gets only its well-formedness errors (there is no
    /// tree to check further).
    ///
    /// `<script>` elements, `on…` attributes and `javascript:` URLs are
    /// issues unless `allowance` (the theme's own templates) has them.
    public static func check(_ page: String, allowing allowance: ScriptAllowance = .none) -> [MarkupIssue] {
        analyze(page, allowing: allowance).issues
    }

    /// The issues plus the parse, for the site-level link check.
    static func analyze(_ page: String, allowing allowance: ScriptAllowance)
        -> (issues: [MarkupIssue], parsed: ParsedPage?, lines: LineTable) {
        let bytes = Array(page.utf8)
        let lines = LineTable(bytes, breaks: .xml)
        // libxml2 reads a NUL as the end of input or, at the start, as a
        // UTF-16 signature; either would misplace every later position.
        if let nul = bytes.firstIndex(of: 0) {
            let at = lines.location(ofByte: nul)
            return ([MarkupIssue(line: at.line, column: at.column, kind: .notWellFormed("NUL character is not allowed"))],
                    nil, lines)
        }
        guard let parsed = ParsedPage.read(bytes) else {
            return ([MarkupIssue(line: 1, column: 1, kind: .notWellFormed("page too large or out of memory"))], nil, lines)
        }
        var issues = parsed.problems.map { problem in
            let at = problem.offset.map { lines.location(ofByte: $0) }
                ?? SourceLocation(line: problem.line, column: problem.column)
            return MarkupIssue(line: at.line, column: at.column, kind: .notWellFormed(problem.message))
        }
        if parsed.problemsOmitted > 0, let last = issues.last {
            issues.append(MarkupIssue(line: last.line, column: last.column, kind: .tooManyErrors(omitted: parsed.problemsOmitted)))
        }
        if parsed.hasDocument {
            issues += VocabularyCheck.issues(in: parsed, lines: lines, bytes: bytes, allowance: allowance)
        }
        return (sorted(issues), parsed.hasDocument ? parsed : nil, lines)
    }

    /// Stable: equal positions keep their order (libxml2's, then document order).
    static func sorted(_ issues: [MarkupIssue]) -> [MarkupIssue] {
        issues.enumerated()
            .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
    }

    /// Throws ``MarkupCheckError`` naming `name` when `page` has any issue.
    ///
    /// Call before writing a page; a page that throws must not be written.
    public static func verify(_ page: String, named name: String,
                              allowing allowance: ScriptAllowance = .none) throws(MarkupCheckError) {
        let issues = check(page, allowing: allowance)
        if !issues.isEmpty {
            throw MarkupCheckError(page: name, issues: issues)
        }
    }
}
