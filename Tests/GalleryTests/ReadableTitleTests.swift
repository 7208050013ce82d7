import Foundation
@testable import Gallery
import ImageHeaders
import Mustache
import Testing

/// Titles made from file and folder names read as words (underscores and
/// hyphens become spaces, so a long name wraps between words), and the
/// default theme wraps long words only where they would otherwise overflow.
@Suite struct ReadableTitleTests {
    static func album(_ path: [String], config: AlbumConfig = AlbumConfig()) -> Album {
        var album = Album(path: path, config: config, sort: .name, files: ["a.jpg"])
        album.photos = [Photo(fileName: "a.jpg", header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 4, height: 3)))]
        return album
    }

    @Test("A folder name on pages", arguments: [
        ("Keck_Observatory-2007-10-20", "Keck Observatory 2007 10 20"),
        ("Summer 2024", "Summer 2024"),
        ("___", "___"),
    ])
    func folderTitle(folder: String, shown: String) {
        #expect(Self.album([folder]).displayTitle == shown)
        #expect(AlbumCard(album: Self.album([folder])).title == shown)
    }

    @Test func anAlbumsOwnTitleIsShownAsWritten() {
        #expect(Self.album(["x_y"], config: AlbumConfig(title: "Keck_Observatory")).displayTitle == "Keck_Observatory")
    }

    @Test func aPhotoHeadingFromItsFileName() {
        let photo = Photo(fileName: "Keck_Observatory-night.jpg", header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 4, height: 3)))
        #expect(PhotoText.heading(of: photo, position: 1, count: 1) == "Keck Observatory night")
    }

    @Test func theStylesheetBreaksOnlyWordsThatOverflow() throws {
        let css = try String(contentsOf: Repo.templates.appendingPathComponent("style.css.mustache"), encoding: .utf8)
        #expect(!css.contains("overflow-wrap: anywhere") && !css.contains("break-all"))
        for rule in [".album-title {", ".photo h1 {", ".tile-caption {", ".album-header h1 {"] {
            let start = try #require(css.range(of: rule), "\(rule)")
            let body = css[start.upperBound...].prefix { $0 != "}" }
            #expect(body.contains("overflow-wrap: break-word"), "\(rule)")
        }
    }
}
