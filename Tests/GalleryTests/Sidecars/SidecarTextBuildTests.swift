import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Gallery
import Testing

/// What the photographer wrote in sigal's and Picasa's files is what the
/// visitor sees: the root's own title, titles and captions kept by
/// `cascade init`, and Markdown rendered as its safe HTML subset.
struct SidecarTextBuildTests {
    private func photo(_ name: String) throws -> Data {
        try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent(name))
    }

    private func page(_ output: TemporaryFolder, _ path: String) throws -> XMLDocument {
        try XMLDocument(data: Data(contentsOf: output.file(path)), options: [])
    }

    /// A tree two levels deep under a root whose title comes from `rootFile`.
    private func tree(rootFile: (name: String, text: String)) throws -> TemporaryFolder {
        let album = TemporaryFolder()
        try album.write(rootFile.name, Data(rootFile.text.utf8))
        try album.write("coffee.jpg", photo("coffee.jpg"))
        try album.write("Trips/Paris/chelsea.png", photo("chelsea.png"))
        return album
    }

    @Test(arguments: [
        ("index.md", "Title: Sigal test gallery\n\nThe root's own words.\n"),
        ("picasa.ini", "[Picasa]\nname=Sigal test gallery\n"),
    ])
    func theRootAlbumsOwnTitleIsTheHomePagesTitle(_ name: String, _ text: String) throws {
        let album = try tree(rootFile: (name, text)), output = TemporaryFolder()
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates, strictTemplates: true))
        let home = try page(output, "index.html")
        #expect(try strings(home, "//h1") == ["Sigal test gallery"])
        #expect(try strings(home, "/html/head/title").first?.hasPrefix("Sigal test gallery") == true)
        for path in ["Trips/Paris/index.html", "Trips/Paris/chelsea.html"] {
            let deep = try page(output, path)
            #expect(try strings(deep, "//nav[contains(@class,'breadcrumbs')]//a").first == "Sigal test gallery", "\(path)")
        }
        // `--title` still wins.
        let titled = TemporaryFolder()
        _ = try Site.build(BuildOptions(album: album.url, output: titled.url, templates: Repo.templates, title: "Given"))
        #expect(try strings(page(titled, "index.html"), "//h1") == ["Given"])
    }

    @Test func albumJSONStillOutranksTheRootsSidecar() throws {
        let album = try tree(rootFile: ("index.md", "Title: Sigal test gallery\n"))
        try album.write("album.json", Data(#"{"title": "Cascade's own"}"#.utf8))
        let output = TemporaryFolder()
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates))
        #expect(try strings(page(output, "index.html"), "//h1") == ["Cascade's own"])
    }

    /// A sigal-style library: `index.md` titles at three levels and a
    /// photo's `NAME.md` caption in Markdown.
    private func sigalLibrary() throws -> TemporaryFolder {
        let album = TemporaryFolder()
        try album.write("index.md", Data("Title: Sigal test gallery\n\nHome *text*.\n".utf8))
        try album.write("coffee.jpg", photo("coffee.jpg"))
        try album.write("coffee.md", Data("Title: Morning coffee\n\nBlack, **no sugar**.\n".utf8))
        try album.write("Trips/index.md", Data("Title: Trips abroad\n".utf8))
        try album.write("Trips/Paris/index.md", Data("Title: Paris in spring\n\nSee [the map](https://example.com/map).\n".utf8))
        try album.write("Trips/Paris/chelsea.png", photo("chelsea.png"))
        try album.write("Trips/Paris/chelsea.md", Data("""
            This is a caption of this image

            With a nice list

            * item 1
            * item 2
            * item 3

            and a [source](https://example.com/x).

            """.utf8))
        return album
    }

    @Test func initKeepsEveryTitleAndCaptionASigalLibraryHas() throws {
        let album = try sigalLibrary(), output = TemporaryFolder()
        let report = try StarterAlbum.create(album: album.url, theme: Repo.templates)
        #expect(report.configs == ["album.json", "Trips/album.json", "Trips/Paris/album.json"])
        let root = try String(contentsOf: album.file("album.json"), encoding: .utf8)
        #expect(root == "{\n  \"title\": \"Sigal test gallery\",\n  \"photos\": {\n    \"coffee.jpg\": {}\n  }\n}\n")
        #expect(try String(contentsOf: album.file("Trips/album.json"), encoding: .utf8) == "{\n  \"title\": \"Trips abroad\",\n  \"photos\": {}\n}\n")

        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: album.file("Templates"),
                                        strictTemplates: true))
        #expect(try strings(page(output, "index.html"), "//h1") == ["Sigal test gallery"])
        #expect(try strings(page(output, "Trips/index.html"), "//h1") == ["Trips abroad"])
        let paris = try page(output, "Trips/Paris/index.html")
        #expect(try strings(paris, "//h1") == ["Paris in spring"])
        #expect(try strings(paris, "//nav[contains(@class,'breadcrumbs')]//a") == ["Sigal test gallery", "Trips abroad"])
        #expect(try strings(paris, "//div[@class='description']/p/a/@href") == ["https://example.com/map"])
        let coffee = try page(output, "coffee.html")
        #expect(try strings(coffee, "//h1") == ["Morning coffee"])
        #expect(try strings(coffee, "//div[@class='caption']/p/strong") == ["no sugar"])
        let chelsea = try page(output, "Trips/Paris/chelsea.html")
        #expect(try strings(chelsea, "//div[@class='caption']/p").prefix(2) == ["This is a caption of this image", "With a nice list"])
        #expect(try strings(chelsea, "//div[@class='caption']/ul/li") == ["item 1", "item 2", "item 3"])
        #expect(try strings(chelsea, "//div[@class='caption']//a/@href") == ["https://example.com/x"])
        // Plain text where markup cannot go: alt, the tile's caption, link previews.
        let alt = try #require(try strings(chelsea, "//img/@alt").first)
        #expect(alt.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                == "This is a caption of this image With a nice list item 1 item 2 item 3 and a source.", "\(alt)")
        #expect(try strings(paris, "//span[@class='tile-caption']").first?.hasPrefix("This is a caption of this image") == true)
        #expect(try strings(chelsea, "//meta[@property='og:description']/@content").first?.contains("<") == false)
    }

    @Test func initGivesAVideosOnlyFolderAnAlbumJSON() throws {
        let album = TemporaryFolder()
        try album.write("coffee.jpg", photo("coffee.jpg"))
        let clip = Repo.root.appendingPathComponent("Tests/GalleryTests/Fixtures/video/located-h264.mov")
        try album.write("Clips/clip.mov", Data(contentsOf: clip))
        let report = try StarterAlbum.create(album: album.url, theme: Repo.templates)
        #expect(report.configs == ["album.json", "Clips/album.json"])
        #expect(try String(contentsOf: album.file("Clips/album.json"), encoding: .utf8)
                == "{\n  \"photos\": {\n    \"clip.mov\": {}\n  }\n}\n")
    }

    @Test(arguments: MarkdownHTMLSidecarTests.hostile.filter { $0.count < 1_000 })
    func hostileMarkdownBuildsAPageWithoutScript(_ markdown: String) throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try album.write("index.md", Data(("Title: Hostile\n\n" + markdown + "\n").utf8))
        try album.write("coffee.jpg", photo("coffee.jpg"))
        try album.write("coffee.md", Data(("Title: Cup\n\n" + markdown + "\n").utf8))
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates, strictTemplates: true))
        for path in ["index.html", "coffee.html"] {
            let document = try page(output, path)
            let hrefs = try strings(document, "//@href | //@src")
            #expect(!hrefs.contains { $0.lowercased().filter { !$0.isWhitespace }.contains("javascript:") }, "\(path)")
            let handlers = try document.nodes(forXPath: "//@*[starts-with(name(), 'on')]")
            #expect(handlers.isEmpty, "\(path)")
            for block in try document.nodes(forXPath: "//div[@class='caption' or @class='description']") {
                let markup = (block as? XMLElement)?.xmlString ?? ""
                #expect(!markup.contains("<script") && !markup.contains("<img") && !markup.contains("<iframe")
                        && !markup.contains("<style") && !markup.contains("<svg"), "\(path): \(markup.prefix(200))")
            }
        }
    }
}
