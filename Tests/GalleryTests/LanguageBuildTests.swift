import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Gallery

/// A copy of the default theme, strings and all, to edit.
private func themeCopy() throws -> (TemporaryFolder, URL) {
    let folder = TemporaryFolder()
    let theme = folder.file("Theme")
    try FileManager.default.copyItem(at: Repo.templates, to: theme)
    return (folder, theme)
}

private func page(_ url: URL) throws -> XMLDocument {
    try XMLDocument(data: Data(contentsOf: url), options: [])
}

private func text(_ document: XMLDocument, _ xpath: String) throws -> [String] {
    try document.nodes(forXPath: xpath).compactMap(\.stringValue)
}

/// The viewer's strings a page carries.
private func viewerStrings(_ document: XMLDocument) throws -> [String: String] {
    let json = try #require(try text(document, "//script[@id='cascade-strings']").first)
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
}

struct StringsFileCase: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var message: String
    var testDescription: String { message }
}

@Suite("Pages in the album's language")
struct LanguageBuildTests {
    /// A French root (two photos, one dated with keywords), a sub-album
    /// that inherits French and one that is Japanese.
    func frenchAlbum() throws -> TemporaryFolder {
        let album = TemporaryFolder()
        try makeAlbum(album)
        try album.write("album.json", Data("""
            {"title": "Voyage", "language": "fr",
             "photos": {"coffee.jpg": {"date": "2024-05-12 14:03", "keywords": ["café"]}}}
            """.utf8))
        for folder in ["Paris", "Tokyo"] {
            try album.write("\(folder)/dogs.jpg", Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("dogs.jpg")))
        }
        try album.write("Tokyo/album.json", Data(#"{"language": "ja"}"#.utf8))
        return album
    }

    @Test func aFrenchAlbumHasFrenchPagesAndSubAlbumsInheritOrSetTheirOwn() throws {
        let album = try frenchAlbum(), output = TemporaryFolder()
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates, strictTemplates: true))
        let home = try page(output.file("index.html"))
        #expect(try text(home, "/html/@lang") == ["fr"])
        #expect(try text(home, "//p[@class='count']") == ["2 albums · 2 photos"])
        #expect(try text(home, "//footer/p") == ["Réalisé avec \(Site.generator)"])
        #expect(try text(home, "//span[@class='album-meta']") == ["1 photo · 18 novembre 2024", "1 photo · 18 novembre 2024"])
        #expect(try viewerStrings(home)["viewerClose"] == "Fermer")
        #expect(try viewerStrings(home)["viewerPosition"] == "{n} sur {total}")

        let photo = try page(output.file("coffee.html"))
        #expect(try text(photo, "/html/@lang") == ["fr"])
        // "2 sur 2" comes from photos.json at view time, in the page's words.
        #expect(try text(photo, "//p[@class='position']/@data-photos") == ["photos.json"])
        #expect(try viewerStrings(photo)["viewerPosition"] == "{n} sur {total}")
        #expect(try text(photo, "//time") == ["12 mai 2024 à 14:03"])
        #expect(try text(photo, "//ul[@class='keywords']/@aria-label") == ["Mots-clés"])
        #expect(try text(photo, "//nav[@class='pager']/a") == ["← Précédente\u{A0}: Chelsea the cat"])
        let first = try page(output.file("chelsea.html"))
        #expect(try text(first, "//nav[@class='pager']/a") == ["Suivante\u{A0}: Espresso →"])
        #expect(try viewerStrings(photo)["viewerNext"] == "Photo suivante")

        // Inherited from the root.
        let paris = try page(output.file("Paris/index.html"))
        #expect(try text(paris, "/html/@lang") == ["fr"])
        #expect(try text(paris, "//nav[@class='breadcrumbs']/@aria-label") == ["Fil d’Ariane"])
        // Its own.
        let tokyo = try page(output.file("Tokyo/index.html"))
        #expect(try text(tokyo, "/html/@lang") == ["ja"])
        #expect(try text(tokyo, "//p[@class='count']") == ["写真 1 枚"])
        #expect(try viewerStrings(tokyo)["viewerClose"] == "閉じる")
        let tokyoPhoto = try page(output.file("Tokyo/dogs.html"))
        #expect(try viewerStrings(tokyoPhoto)["viewerPosition"] == "{n} / {total}")
    }

    @Test func theSettingsLanguageIsTheDefaultAndAnAlbumJSONWins() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try makeAlbum(album)
        var options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates, strictTemplates: true)
        options.language = "de"
        _ = try Site.build(options)
        let german = try page(output.file("index.html"))
        #expect(try text(german, "/html/@lang") == ["de"])
        #expect(try text(german, "//p[@class='count']") == ["2 Fotos"])
        try album.write("album.json", Data(#"{"language": "es"}"#.utf8))
        _ = try Site.build(options)
        let spanish = try page(output.file("index.html"))
        #expect(try text(spanish, "/html/@lang") == ["es"])
        #expect(try text(spanish, "//p[@class='count']") == ["2 fotos"])
        // With neither, English.
        try FileManager.default.removeItem(at: album.file("album.json"))
        options.language = nil
        _ = try Site.build(options)
        #expect(try text(try page(output.file("index.html")), "/html/@lang") == ["en"])
    }

    @Test func keywordAlbumsAreTitledInTheRootsLanguage() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try makeAlbum(album)
        try album.write("album.json", Data(#"{"language": "de", "keywordAlbums": true, "photos": {"coffee.jpg": {"keywords": ["Kaffee"]}}}"#.utf8))
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates))
        let index = try page(output.file("keywords/index.html"))
        #expect(try text(index, "//h1") == ["Schlagwörter"])
        #expect(try text(index, "/html/@lang") == ["de"])
    }

    @Test func anUnknownLanguageInAnAlbumJSONIsAUsageErrorNamingTheKey() throws {
        let album = try frenchAlbum(), output = TemporaryFolder()
        try album.write("Tokyo/album.json", Data("{\n  \"language\": \"tlh\"\n}".utf8))
        let error = #expect(throws: BuildError.self) {
            _ = try Site.build(BuildOptions(album: album.url, output: output.file("site"), templates: Repo.templates))
        }
        #expect(error?.isUsageError == true)
        let templates = PathText.display(Repo.templates)
        #expect(error?.description == "'\(PathText.display(album.url))/Tokyo/album.json':2:3: the theme '\(templates)' has no strings for "
                + "language \"tlh\" (it has de, en, es, fr, ja, zh); choose one of those or add '\(templates)/strings/tlh.json'")
        #expect(!FileManager.default.fileExists(atPath: output.file("site").path))
    }

    @Test func anUnknownSiteLanguageOrAThemeWithoutStringsFailsTheSameWay() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try makeAlbum(album)
        var options = BuildOptions(album: album.url, output: output.file("site"), templates: Repo.templates)
        options.language = "pt"
        #expect(throws: BuildError.unknownLanguage(language: "pt", setIn: nil, location: nil, theme: PathText.display(Repo.templates),
                                                   available: ["de", "en", "es", "fr", "ja", "zh"])) {
            _ = try Site.build(options)
        }
        // A theme with no strings folder still builds, in built-in English, and offers only that.
        let (folder, theme) = try themeCopy()
        try FileManager.default.removeItem(at: theme.appendingPathComponent("strings"))
        options.templates = theme
        options.language = nil
        _ = try Site.build(options)
        #expect(try text(try page(output.file("site/index.html")), "/html/@lang") == ["en"])
        #expect(try text(try page(output.file("site/index.html")), "//p[@class='count']") == ["2 photos"])
        options.language = "fr"
        #expect(throws: BuildError.unknownLanguage(language: "fr", setIn: nil, location: nil, theme: PathText.display(theme), available: ["en"])) {
            _ = try Site.build(options)
        }
        withExtendedLifetime(folder) {}
    }

    @Test func aMissingKeyFallsBackToEnglishAndFailsUnderStrictTemplates() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try makeAlbum(album)
        try album.write("album.json", Data(#"{"language": "fr"}"#.utf8))
        let (folder, theme) = try themeCopy()
        let file = theme.appendingPathComponent("strings/fr.json")
        var french = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        french["madeWith"] = nil
        try JSONSerialization.data(withJSONObject: french, options: [.sortedKeys]).write(to: file)
        var options = BuildOptions(album: album.url, output: output.file("site"), templates: theme)
        _ = try Site.build(options)
        let home = try page(output.file("site/index.html"))
        #expect(try text(home, "//footer/p") == ["Made with \(Site.generator)"])
        #expect(try text(home, "//p[@class='count']") == ["2 photos"])
        options.strictTemplates = true
        #expect(throws: BuildError.stringsInvalid(path: PathText.display(theme) + "/strings/fr.json", location: nil, problem: .missingKeys(["madeWith"]))) {
            _ = try Site.build(options)
        }
        // A key English does not have is a typo under --strict-templates.
        french["madeWith"] = "Réalisé avec {generator}"
        french["previus"] = "Précédente"
        try JSONSerialization.data(withJSONObject: french, options: [.sortedKeys]).write(to: file)
        let error = #expect(throws: BuildError.self) { _ = try Site.build(options) }
        #expect(error?.description.hasSuffix("has \"previus\", which English does not (did you mean \"previous\"?) (--strict-templates)") == true,
                "\(String(describing: error))")
        withExtendedLifetime(folder) {}
    }

    @Test("A broken strings file fails when the theme loads", arguments: [
        StringsFileCase(name: "fr.json", json: #"{"photos": "photos"}"#,
                        message: "'Theme/strings/fr.json':1:2: \"photos\" must be an object of plural forms with \"other\""),
        StringsFileCase(name: "fr.json", json: #"{"photos": {"one": "{count} photo"}}"#,
                        message: "'Theme/strings/fr.json':1:2: \"photos\" must be a string, a list of strings, an object of plural forms with \"other\", or a whole number"),
        StringsFileCase(name: "fr.json", json: "{\n \"pluralRule\": \"dual\"}",
                        message: "'Theme/strings/fr.json':2:2: \"pluralRule\" must be one of \"none\", \"one\", \"one-million\", \"zero-one-million\", \"east-slavic\", \"polish\""),
        StringsFileCase(name: "fr.json", json: #"{"months": ["janvier"]}"#,
                        message: "'Theme/strings/fr.json':1:2: \"months\" must be a list of 12 month names"),
        StringsFileCase(name: "fr.json", json: #"{"previous": x}"#,
                        message: "'Theme/strings/fr.json':1:14: is not valid JSON: Invalid value"),
        StringsFileCase(name: "french.json", json: "{}",
                        message: "'Theme/strings/french.json' is not named after a language (fr.json, pt-BR.json)"),
    ])
    func brokenStringsFiles(_ testCase: StringsFileCase) throws {
        let (folder, theme) = try themeCopy()
        try Data(testCase.json.utf8).write(to: theme.appendingPathComponent("strings/" + testCase.name))
        let error = #expect(throws: BuildError.self) { _ = try Theme.load(theme) }
        #expect(error?.description == testCase.message.replacingOccurrences(of: "'Theme/", with: "'\(PathText.display(theme))/"))
        #expect(error?.isUsageError == false)
        withExtendedLifetime(folder) {}
    }

    @Test func theStringsBlockIsEscapedAndPassesTheMarkupCheck() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try makeAlbum(album)
        let (folder, theme) = try themeCopy()
        let file = theme.appendingPathComponent("strings/en.json")
        var english = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        english["viewerClose"] = "</script><script>alert(1)</script> & <!--"
        try JSONSerialization.data(withJSONObject: english, options: [.sortedKeys]).write(to: file)
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: theme, strictTemplates: true))
        let source = try String(contentsOf: output.file("index.html"), encoding: .utf8)
        #expect(source.contains(#""viewerClose":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e \u0026 \u003c!--""#))
        #expect(source.components(separatedBy: "<script").count == 3)
        #expect(try viewerStrings(try page(output.file("index.html")))["viewerClose"] == "</script><script>alert(1)</script> & <!--")
        withExtendedLifetime(folder) {}
    }

    @Test func changedStringsRenderThePagesAgain() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try makeAlbum(album)
        let (folder, theme) = try themeCopy()
        let options = BuildOptions(album: album.url, output: output.url, templates: theme)
        let first = try Site.build(options)
        #expect(first.pagesRendered == first.pages)
        let kept = try Site.build(options)
        #expect(kept.pagesRendered == 0)
        let file = theme.appendingPathComponent("strings/en.json")
        let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"Previous\"", with: "\"Back\"")
        try Data(edited.utf8).write(to: file)
        let again = try Site.build(options)
        #expect(again.pagesRendered == again.pages)
        #expect(try String(contentsOf: output.file("coffee.html"), encoding: .utf8).contains("</span>Back<span"))
        withExtendedLifetime(folder) {}
    }
}
