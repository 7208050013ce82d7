import Foundation
@testable import Gallery
import ImageHeaders
import Mustache
import Testing

/// A small video's page gives the player a usable box: a 240 × 98 clip is
/// not covered by its own controls, and the box the page reserves is that
/// enlarged box, so nothing moves when the video loads.
@Suite struct VideoBoxTests {
    static func video(width: Int, height: Int) -> Photo {
        var photo = Photo(fileName: "clip.mp4", header: ImageHeader(format: .mp4, storedSize: PixelSize(width: width, height: height)))
        photo.renditions = [RenditionFile(width: width, height: height, path: "renditions/poster.jpg")]
        photo.video = RenditionFile(width: width, height: height, path: "renditions/clip-video.mp4")
        return photo
    }

    static func styles(_ photo: Photo) throws -> (video: [String: Value], stage: String) {
        let page = PageModel(title: "A", photos: [photo]).photoPageValue(0, generator: "test")
        guard case .object(let fields) = page, case .object(let shown)? = fields["photo"],
              case .object(let video)? = shown["video"], case .object(let large)? = shown["large"],
              case .string(let stage)? = large["style"] else { throw Missing() }
        return (video, stage)
    }
    struct Missing: Error {}

    @Test("The box", arguments: [
        (240, 98, 320, 180), (64, 36, 320, 180), (1920, 1080, 1920, 1080), (400, 100, 400, 180), (100, 400, 320, 1280),
    ])
    func box(width: Int, height: Int, boxWidth: Int, boxHeight: Int) {
        let box = PageModel.videoBox(width: width, height: height)
        #expect(box.width == boxWidth && box.height == boxHeight)
    }

    @Test func aSmallVideoReservesAtLeastTheMinimum() throws {
        let (video, stage) = try Self.styles(Self.video(width: 240, height: 98))
        #expect(video["width"] == .int(320) && video["height"] == .int(180))
        #expect(video["style"] == .string("--pw:320px;--pr:320 / 180"))
        // The stage reserves the same box the player fills.
        #expect(stage == "--pw:320px;--pr:320 / 180")
    }

    @Test func aLargeVideoKeepsItsOwnBox() throws {
        let (video, stage) = try Self.styles(Self.video(width: 1280, height: 720))
        #expect(video["style"] == .string("--pw:1280px;--pr:1280 / 720") && stage == "--pw:1280px;--pr:1280 / 720")
    }
}
