import MarkupCheck
import Mustache
import Synchronization

extension Theme {
    /// Checks every page and its links against the files the build writes;
    /// the first issue fails the build, naming the template and data behind it.
    /// `checked` hears of each page parsed (done, total), from any thread.
    ///
    /// `trusted` are pages known to pass as they are (same text as a page
    /// the last build checked, and no file they link to gone), with their
    /// links; it names pages of `files` only. They are not parsed again,
    /// unless a changed page lost an id one of them links to, or a changed
    /// page links into one of them (its ids are then read). Returns every
    /// page's links.
    @discardableResult
    func check(_ files: [RenderedFile], trusted: consuming [String: PageLinks] = [:], siteFiles: Set<String>,
               output: OutputFolder,
               checked: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(BuildError) -> [String: PageLinks] {
        // Pages by their place in `files`, and whether each is parsed: a
        // site of 100,000 pages, nearly all trusted, is walked by number
        // rather than filtered into copies three times over.
        let pages = files.indices.filter { files[$0].path.hasSuffix(".html") }
        let allowance = allowance
        let done = Atomic<Int>(0)
        var facts: [String: PageFacts] = [:]
        var links: [String: PageLinks] = [:]
        var parsed = [Bool](repeating: false, count: pages.count)
        // A slice at a time, so only a slice's texts are inflated at once;
        // the site-wide check needs each page's path and facts, not its text.
        func parse(_ batch: [Int]) {
            for start in stride(from: 0, to: batch.count, by: 512) {
                let slice = batch[start..<min(batch.count, start + 512)]
                let slicePages = slice.map { SitePage(path: files[pages[$0]].path, text: Self.text(of: files[pages[$0]], in: output)) }
                let found = SiteCheck.facts(of: slicePages, allowing: allowance, checked: {
                    checked(done.add(1, ordering: .relaxed).newValue, pages.count)
                })
                for (position, (page, pageFacts)) in zip(slice, zip(slicePages, found)) {
                    facts[page.path] = pageFacts
                    links[page.path] = PageLinks(facts: pageFacts, page: page.path)
                    parsed[position] = true
                }
            }
        }
        parse(pages.indices.filter { trusted[files[pages[$0]].path] == nil })
        // An unchanged page linking to an id a changed page no longer has is
        // checked again (and fails, with its position); an unchanged page a
        // changed one links into is parsed for its ids.
        let ids = facts.mapValues { Set($0.ids) }
        let targets = Set(links.values.flatMap(\.fragments).map(\.page))
        parse(pages.indices.filter { position in
            guard !parsed[position], let own = trusted[files[pages[position]].path] else { return false }
            return targets.contains(files[pages[position]].path)
                || own.fragments.contains { link in ids[link.page].map { !$0.contains(link.id) } ?? false }
        })
        // The site-wide check reads each parsed page's path and facts, not its text.
        let checkedPages = pages.indices.filter { parsed[$0] }.map { SitePage(path: files[pages[$0]].path, text: "") }
        let issues = SiteCheck.check(pages: checkedPages, facts: checkedPages.map { facts[$0.path]! }, fileSet: siteFiles)
        if let first = issues.first {
            let file = files.first { $0.path == first.page }
            throw .markupCheckFailed(page: output.display(first.page), issue: first.issue, more: issues.count - 1,
                                     origin: file.flatMap { origin(of: first.issue, in: $0) })
        }
        // Every page is parsed or trusted: the trusted links (taken over,
        // not copied), the parsed ones over them.
        var all = consume trusted
        all.reserveCapacity(pages.count)
        for (path, pageLinks) in links { all[path] = pageLinks }
        return all
    }

    /// The file's text: a kept page's is read from the output folder (it was
    /// found there as the last build left it a moment ago).
    static func text(of file: RenderedFile, in output: OutputFolder) -> String {
        guard file.kept else { return file.text }
        return output.read(file.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
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
