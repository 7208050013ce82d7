import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Gallery
import ImageHeaders
import Testing

/// Sibling albums that name no cover show different ones: a photo under
/// two keywords does not cover both keyword albums, nor the keyword index
/// beside the album it comes from; named covers are kept even when equal.
@Suite struct SiblingCoverTests {
    static func photo(_ name: String) -> Photo {
        Photo(fileName: name, header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 4, height: 3)))
    }

    static func album(_ name: String, _ photos: [Photo], cover: String? = nil) -> Album {
        var config = AlbumConfig()
        config.cover = cover
        var album = Album(path: [name], config: config, sort: .name, files: photos.map(\.fileName))
        album.photos = photos
        album.cover = album.chosenCover
        return album
    }

    static func covers(_ children: [Album]) -> [String?] {
        var parent = Album(path: [], config: AlbumConfig(), sort: .name, files: [])
        parent.albums = children
        parent.distinguishSiblingCovers()
        return parent.albums.map { $0.cover?.fileName }
    }

    @Test func aDefaultCoverAnEarlierSiblingShowsGivesWayToTheNextPhoto() {
        let a = Self.photo("a.jpg"), b = Self.photo("b.jpg"), c = Self.photo("c.jpg")
        #expect(Self.covers([Self.album("x", [a, b]), Self.album("y", [a, b, c])]) == ["a.jpg", "b.jpg"])
        #expect(Self.covers([Self.album("x", [a]), Self.album("y", [b]), Self.album("z", [a, b, c])]) == ["a.jpg", "b.jpg", "c.jpg"])
    }

    @Test func whenEveryPhotoIsUsedTheDefaultStays() {
        let a = Self.photo("a.jpg"), b = Self.photo("b.jpg")
        #expect(Self.covers([Self.album("x", [a]), Self.album("y", [b]), Self.album("z", [a, b])]) == ["a.jpg", "b.jpg", "a.jpg"])
    }

    @Test func namedCoversAreKeptEvenWhenEqual() {
        let a = Self.photo("a.jpg"), b = Self.photo("b.jpg")
        #expect(Self.covers([Self.album("x", [a, b], cover: "a.jpg"), Self.album("y", [a, b], cover: "a.jpg")]) == ["a.jpg", "a.jpg"])
        // A named cover still counts as used by the siblings after it.
        #expect(Self.covers([Self.album("x", [a, b], cover: "a.jpg"), Self.album("y", [a, b])]) == ["a.jpg", "b.jpg"])
    }

    /// Two keywords on the same photos, and the keyword index beside the
    /// album those photos are in: every card on a page shows its own photo.
    @Test func keywordAlbumsAndTheirIndexShowDistinctCovers() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        let kitchen = Repo.sampleAlbum
        for name in ["coffee.jpg", "fig.jpg", "wine.jpg"] {
            try root.write("a/" + name, Data(contentsOf: kitchen.appendingPathComponent(name)))
        }
        try root.write("album.json", Data(#"{"keywordAlbums": true}"#.utf8))
        try root.write("a/album.json", Data(#"{"photos": {"coffee.jpg": {"keywords": ["dawn", "sea"]}, "fig.jpg": {"keywords": ["dawn", "sea"]}, "wine.jpg": {"keywords": ["sea"]}}}"#.utf8))
        _ = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        func cardImages(_ page: String) throws -> [String] {
            let document = try XMLDocument(data: Data(contentsOf: output.file(page)), options: [])
            return try strings(document, "//a[contains(@class,'album-tile')]//img/@src")
        }
        let keywords = try cardImages("keywords/index.html")
        #expect(keywords.count == 2 && Set(keywords).count == 2, "\(keywords)")
        let home = try cardImages("index.html")
        #expect(home.count == 2 && Set(home).count == 2, "\(home)")
    }
}
