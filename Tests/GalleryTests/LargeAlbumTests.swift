import Foundation
@testable import Gallery
import ImageHeaders
import MarkupCheck
import Mustache
import Testing

/// A 5,000-photo album page from the real theme and model: every tile there,
/// ids distinct, the page valid, and only the first screen loading eagerly.
@Test func aFiveThousandPhotoAlbumPageIsCompleteValidAndMostlyLazy() throws {
    let sizes = [(4032, 3024), (3024, 4032), (1600, 351), (1080, 1080), (6000, 4000), (900, 1600)]
    let photos: [Photo] = (0..<5000).map { index in
        let size = sizes[(index * 7) % sizes.count]
        var photo = Photo(fileName: "IMG_\(index).jpg", header: ImageHeader(format: .jpeg,
                          storedSize: PixelSize(width: size.0, height: size.1)))
        photo.renditions = [320, 640, 1024].map { width in
            RenditionFile(width: width, height: width * size.1 / size.0, path: "renditions/\(index)-\(width).jpg")
        }
        return photo
    }
    let theme = try Theme.load(Repo.templates)
    var model = PageModel(title: "Big", photos: photos)
    // All on one page: the page itself is what is measured here.
    model.photosPerPage = 0
    model.path = ["2024", "Summer"]
    let files = try theme.render([model], generator: "Cascade test", strictTemplates: true)
    let page = try #require(files.first { $0.path == "2024/Summer/index.html" })
    #expect(PageCheck.check(page.text, allowing: theme.allowance).isEmpty)
    let rendered = try RenderedPage(html: page.text)
    #expect(rendered.tiles.count == 5000)
    #expect(Set(rendered.tiles.map(\.href)).count == 5000)
    #expect(rendered.tiles.allSatisfy { $0.src.hasPrefix("../../renditions/") })
    let eager = rendered.tiles.filter { !$0.lazy }.count
    #expect(eager > 0 && eager < 40)
    // Every photo page was made too, each with its neighbours inside the album.
    #expect(files.filter { $0.template == "photo" }.count == 5000)
}
