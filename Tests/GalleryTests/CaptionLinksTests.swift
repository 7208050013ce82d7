import Foundation
@testable import Gallery
import Testing

/// Links in sidecar Markdown to things the site does not publish: shown as
/// text with a notice, instead of failing the build at the markup check.
struct CaptionLinksTests {
    static let files: Set<String> = ["index.html", "Trip/index.html", "Trip/dogs.html", "Space/index.html",
                                     "Space/rocket.html", "renditions/abc-640.jpg"]

    @Test(arguments: [
        ("https://example.com/a", CaptionLinks.Resolver.Outcome.keep),
        ("#p-dogs", .keep),
        ("?x=1", .keep),
        ("../Space/index.html", .keep),
        ("../Space/", .keep),
        ("../Space", .keep),
        ("..", .keep),
        ("./dogs.html#top", .keep),
        ("dogs.jpg", .replace("dogs.html")),
        ("dogs.jpg#x", .replace("dogs.html#x")),
        ("../LICENSES.md", .drop),
        ("../../outside.html", .drop),
        ("cats.jpg", .drop),
        ("../Space/rocket.jpg", .drop),
        ("caf%C3%A9.html", .drop),
    ])
    func linksFromAnAlbumPage(href: String, outcome: CaptionLinks.Resolver.Outcome) {
        let resolver = CaptionLinks.Resolver(folder: ["Trip"], files: Self.files, photoPages: ["dogs.jpg": "dogs.html"],
                                             keepsRelative: true)
        #expect(resolver.target(of: href) == outcome)
    }

    @Test func aKeywordAlbumShowsRelativeLinksAsText() {
        let resolver = CaptionLinks.Resolver(folder: ["keywords", "sea"], files: Self.files, photoPages: [:], keepsRelative: false)
        let (html, dropped) = resolver.links(in: #"<p><a href="../../Space/index.html">Space</a> and <a href="https://a.example/?q=1&amp;r=2">web</a></p>"#)
        #expect(html == #"<p>Space and <a href="https://a.example/?q=1&amp;r=2">web</a></p>"#)
        #expect(dropped == ["../../Space/index.html"])
    }

    /// The album of sigal users' habits: a licence file beside the album, a
    /// photo linked by its file name, a sibling album. The build passes the
    /// markup check, says what it did, and a rebuild after the link's target
    /// appears equals a cold build.
    @Test func aCaptionLinkingAnUnpublishedFileBuilds() throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        try folder.write("album/Trip/dogs.jpg", Data(contentsOf: Repo.sampleLibrary.appendingPathComponent("dogs.jpg")))
        try folder.write("album/Space/rocket.jpg", Data(contentsOf: Repo.sampleLibrary.appendingPathComponent("Space/rocket.jpg")))
        try folder.write("album/LICENSES.md", Data("# Licences\n".utf8))
        try folder.write("album/Trip/index.md", Data("""
            Title: Trip

            Under [the licences](../LICENSES.md); see [the dogs](dogs.jpg) and [space](../Space/index.html).
            """.utf8))
        try folder.write("album/Trip/dogs.md", Data("Two friends, [licensed](../LICENSES.md#dogs).\n".utf8))
        let site = folder.file("site")
        let report = try Site.build(BuildOptions(album: album, output: site, templates: Repo.templates))
        #expect(report.warnings.isEmpty)
        #expect(report.notices.map(\.reason.description).sorted()
            == ["../LICENSES.md", "../LICENSES.md#dogs"].map { BuildWarning.Reason.linkToNothing(href: $0).description }.sorted())
        #expect(report.notices.map(\.path).sorted() == [album.path + "/Trip", album.path + "/Trip/dogs.jpg"].sorted())
        let page = String(decoding: try Data(contentsOf: site.appendingPathComponent("Trip/index.html")), as: UTF8.self)
        #expect(page.contains("Under the licences; see <a href=\"dogs.html\">the dogs</a> and <a href=\"../Space/index.html\">space</a>."))
        let photo = String(decoding: try Data(contentsOf: site.appendingPathComponent("Trip/dogs.html")), as: UTF8.self)
        #expect(photo.contains("Two friends, licensed."))
        // The album grows the page the link meant: the rebuild keeps the link, as a cold build does.
        try folder.write("album/LICENSES/index.md", Data("Title: Licences\n".utf8))
        try folder.write("album/LICENSES/bridge.jpg", Data(contentsOf: Repo.sampleLibrary.appendingPathComponent("bridge.jpg")))
        try folder.write("album/Trip/index.md", Data("Title: Trip\n\nUnder [the licences](../LICENSES/).\n".utf8))
        let again = try Site.build(BuildOptions(album: album, output: site, templates: Repo.templates))
        #expect(again.notices.map(\.reason) == [.linkToNothing(href: "../LICENSES.md#dogs")])
        let cold = folder.file("cold")
        _ = try Site.build(BuildOptions(album: album, output: cold, templates: Repo.templates))
        let a = try snapshot(site), b = try snapshot(cold)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted().filter { a[$0] != b[$0] } == [])
        #expect(String(decoding: a["Trip/index.html"] ?? Data(), as: UTF8.self).contains("<a href=\"../LICENSES/\">the licences</a>"))
    }
}
