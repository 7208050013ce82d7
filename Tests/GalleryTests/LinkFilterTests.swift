@testable import Gallery
import MarkupCheck
import Testing

/// The files a page links to, kept between builds as a Bloom filter.
@Suite("Link filter")
struct LinkFilterTests {
    static func paths(_ prefix: String, _ count: Int) -> [[UInt8]] {
        (0..<count).map { Array("\(prefix)/IMG_\($0).html".utf8) }
    }

    @Test("Every file put in is found, and the stored text reads back the same", arguments: [0, 1, 10, 100, 3000])
    func noFalseNegatives(count: Int) throws {
        let targets = Self.paths("album", count)
        let filter = LinkFilter(targets)
        #expect(targets.allSatisfy { filter.mayContain(key: LinkFilter.key($0)) })
        let read = try #require(LinkFilter(text: Array(filter.text.utf8)[...]))
        #expect(read == filter)
        #expect(filter.text.utf8.count % 16 == 0)
    }

    /// Each file gone since the last build is asked of every kept page, so
    /// the rate decides how many of 100,000 kept pages are read again when
    /// one photo (a dozen files) is removed: under 0.03 % here, where ten
    /// bits a file gave about 1 % and 24 bits with four probes about 0.06 %
    /// (6 in 10,000 expected at the tightest sizing).
    @Test("Files not put in are rarely reported", arguments: [1, 10, 12, 100, 3000])
    func fewFalsePositives(count: Int) {
        let filter = LinkFilter(Self.paths("album", count))
        let others = Self.paths("other", 10_000)
        let hits = others.filter { filter.mayContain(key: LinkFilter.key($0)) }.count
        #expect(hits < 3, "\(hits) of 10000 with \(count) files in")
    }

    @Test("An empty filter holds nothing")
    func emptyFilter() {
        #expect(!LinkFilter([]).mayContain(key: LinkFilter.key(Array("a.html".utf8))))
    }

    @Test("Damaged stored text is refused", arguments: ["", "0", "0123456789abcdeg", String(repeating: "0", count: 48)])
    func damagedText(text: String) {
        #expect(LinkFilter(text: Array(text.utf8)[...]) == nil)
    }

    @Test("A page's file targets are its local links and loads, resolved, each once")
    func fileTargets() {
        let facts = PageFacts(issues: [], hasDocument: true, ids: [], urls: [
            .init(attribute: "href", url: "../index.html", loads: false, line: 1, column: 1),
            .init(attribute: "src", url: "../renditions/a-320.jpg?v=1", loads: true, line: 1, column: 1),
            .init(attribute: "href", url: "IMG_2.html#top", loads: false, line: 1, column: 1),
            .init(attribute: "href", url: "#only-a-fragment", loads: false, line: 1, column: 1),
            .init(attribute: "href", url: "https://example.com/x.html", loads: false, line: 1, column: 1),
            .init(attribute: "href", url: "/rooted.html", loads: false, line: 1, column: 1),
            .init(attribute: "href", url: "../../outside.html", loads: false, line: 1, column: 1),
            .init(attribute: "href", url: "../index.html", loads: false, line: 1, column: 1),
            .init(attribute: "href", url: "sub/", loads: false, line: 1, column: 1),
            .init(attribute: "href", url: "caf%C3%A9.html", loads: false, line: 1, column: 1),
        ])
        let targets = SiteCheck.fileTargets(of: facts, page: "album/IMG_1.html").map { String(decoding: $0, as: UTF8.self) }
        #expect(targets == ["index.html", "renditions/a-320.jpg", "album/IMG_2.html", "album/sub/index.html", "album/café.html"])
    }
}
