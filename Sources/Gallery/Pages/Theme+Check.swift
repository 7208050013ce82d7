import MarkupCheck
import Mustache
import Synchronization

extension Theme {
    /// Checks every page and its links against the files the build writes;
    /// the first issue fails the build, naming the template and data behind it.
    /// `checked` hears of each page checked (done, total), from any thread.
    func check(_ files: [RenderedFile], siteFiles: [String], output: OutputFolder,
               checked: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(BuildError) {
        let pages = files.filter { $0.path.hasSuffix(".html") }
        let sitePages = pages.map { SitePage(path: $0.path, text: $0.text) }
        let done = Atomic<Int>(0)
        let facts = SiteCheck.facts(of: sitePages, allowing: allowance, checked: {
            checked(done.add(1, ordering: .relaxed).newValue, sitePages.count)
        })
        let issues = SiteCheck.check(pages: sitePages, facts: facts, files: siteFiles)
        guard let first = issues.first else { return }
        let file = pages.first { $0.path == first.page }
        throw .markupCheckFailed(page: output.display(first.page), issue: first.issue, more: issues.count - 1,
                                 origin: file.flatMap { origin(of: first.issue, in: $0) })
    }

    /// Renders `file` again with origins traced and names what wrote the
    /// issue's position: a variable and its data, or a template's own text.
    func origin(of issue: MarkupIssue, in file: RenderedFile) -> MarkupOrigin? {
        guard let result = try? library.render(file.template, file.value(), options: .traceOrigins),
              result.text == file.text,
              let offset = LineTable(file.text, breaks: .xml)
                .byteOffset(of: SourceLocation(line: issue.line, column: issue.column)),
              let origin = result.origins.origin(at: offset) else { return nil }
        guard let variable = origin.variable else {
            return .templateText(template: origin.template, location: origin.location)
        }
        return .variable(name: variable, template: origin.template, location: origin.location, value: origin.value)
    }
}
