import Foundation
import Testing
@testable import Gallery

/// The sidecars in `Tests/Fixtures/Library` read as `EXPECTED.md` says: the
/// part of that contract these importers own.
struct FixtureLibrarySidecarTests {
    static let library = Repo.root.appendingPathComponent("Tests/Fixtures/Library")

    private func path(_ relative: String) -> String { Self.library.appendingPathComponent(relative).path }

    @Test func sigalAlbumIndex() throws {
        let index = try #require(try SigalSidecar.read(fileAt: path("Trips/Café de Flore/index.md")))
        #expect(index.title == "Café de Flore, Paris")
        #expect(index.cover == "espresso.jpg")
        #expect(index.author == "Fixture Author")
        #expect(index.meta == ["location": "Paris 6e", "tags": "coffee\nterrace"])
        #expect(index.text == "A morning at Café de Flore, on the boulevard Saint-Germain.\n\nLater\n\nCroissants & café crème, no rush.")
    }

    @Test(arguments: [
        ("terrace.jpg", SigalSidecar(title: "Terrace at nine", date: PhotoDate(year: 2023, month: 9, day: 1, hour: 9, minute: 0, second: 0),
                                     text: "Chairs facing the street.", html: "<p>Chairs <em>facing</em> the street.</p>")),
        ("espresso.jpg", SigalSidecar(title: "Espresso", text: "Small and strong.", html: "<p>Small and <em>strong</em>.</p>",
                                      meta: ["rating": "5"])),
    ])
    func sigalPhotoFiles(_ photo: String, _ expected: SigalSidecar) throws {
        let file = path("Trips/Café de Flore/" + SigalSidecar.fileName(forPhoto: photo))
        #expect(try SigalSidecar.read(fileAt: file) == expected)
    }

    @Test func aPhotoWithoutItsMarkdownFileHasNone() throws {
        #expect(try SigalSidecar.read(fileAt: path("Trips/Café de Flore/" + SigalSidecar.fileName(forPhoto: "croissant #2.jpg"))) == nil)
    }

    @Test func picasaFolder() throws {
        let index = try #require(try PicasaIndex.read(inFolder: path("Trips/溪流 #2")))
        #expect(index.albumTitle == "Mountain stream 溪流")
        #expect(index.albumDescription == "Clear water, cold.\n\nSecond paragraph.")
        #expect(index.photos == [
            "IMG_0001.jpg": PicasaEntry(caption: "Stones under water", keywords: ["stream", "stone, round", "溪流"], starred: true),
            "IMG_0002.jpg": PicasaEntry(keywords: ["stream"]),
            "IMG_0003.jpg": PicasaEntry(caption: "Picasa caption that album.json overrides"),
        ])
    }

    @Test func hiddenPicasaFileBesideSigalFiles() throws {
        let index = try #require(try PicasaIndex.read(inFolder: path("Trips/Café de Flore")))
        #expect(index == PicasaIndex(photos: ["terrace.jpg": PicasaEntry(caption: "Picasa terrace caption", keywords: ["terrace", "paris"])]))
    }

    @Test func foldersWithoutSidecars() throws {
        #expect(try PicasaIndex.read(inFolder: path("Mixed #sources")) == nil)
        #expect(try SigalSidecar.read(fileAt: path("Mixed #sources/" + SigalSidecar.albumFileName)) == nil)
    }
}
