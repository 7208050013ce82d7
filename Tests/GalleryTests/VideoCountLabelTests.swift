import Foundation
@testable import Gallery
import ImageHeaders
import Mustache
import Testing

/// An album's count label counts its videos as videos: an album holding one
/// clip is `1 video`, not `1 photo`, on its own page and on its parent's card.
@Suite struct VideoCountLabelTests {
    static func item(_ name: String, _ format: ImageFormat) -> Photo {
        Photo(fileName: name, header: ImageHeader(format: format, storedSize: PixelSize(width: 4, height: 3)))
    }

    static func album(_ path: [String], _ photos: [Photo]) -> Album {
        var album = Album(path: path, config: AlbumConfig(), sort: .name, files: photos.map(\.fileName))
        album.photos = photos
        return album
    }

    static func label(_ fields: [String: Value]) -> String? {
        if case .string(let text)? = fields["countLabel"] { return text }
        return nil
    }

    @Test("The page's label", arguments: [
        ([ImageFormat.mp4], "1 video"),
        ([.jpeg, .jpeg, .mov], "2 photos · 1 video"),
        ([.jpeg], "1 photo"),
        ([.webm, .mkv], "2 videos"),
        ([], "0 photos"),
    ])
    func pageLabel(formats: [ImageFormat], expected: String) {
        let photos = formats.enumerated().map { Self.item("f\($0.offset)", $0.element) }
        let model = PageModel(title: "A", photos: photos)
        #expect(Self.label(model.commonFields(generator: "test")) == expected)
    }

    @Test func aPageWithAlbumsCountsThemFirst() {
        var model = PageModel(title: "A", photos: [Self.item("a.jpg", .jpeg), Self.item("b.mp4", .mp4)])
        model.albums = [AlbumCard(album: Self.album(["x"], [Self.item("c.jpg", .jpeg)]))]
        #expect(Self.label(model.commonFields(generator: "test")) == "1 album · 1 photo · 1 video")
    }

    @Test func anAlbumOfOneVideoIsOneVideoOnItsCard() {
        var parent = Self.album(["trip"], [])
        parent.albums = [Self.album(["trip", "clip"], [Self.item("c.mp4", .mp4)])]
        let card = AlbumCard(album: parent.albums[0])
        #expect(card.countLabel(.english) == "1 video")
        // A parent counts what is below it: the clip's album and its video.
        #expect(AlbumCard(album: parent).countLabel(.english) == "1 album · 1 video")
        var model = PageModel(title: "Trip", photos: [])
        model.albums = [card]
        #expect(Self.label(model.albumFields(0, slug: "clip")) == "1 video")
    }

    @Test func aMixedCardCountsPhotosAndVideosApart() throws {
        let mixed = Self.album(["m"], [Self.item("a.jpg", .jpeg), Self.item("b.mov", .mov), Self.item("c.png", .png)])
        let french = try #require(try StringsCatalog.load(theme: Repo.templates, displayPath: "Templates").strings(for: "fr"))
        #expect(AlbumCard(album: mixed).countLabel(.english) == "2 photos · 1 video")
        #expect(AlbumCard(album: mixed).countLabel(french) == "2 photos · 1 vidéo")
    }
}
