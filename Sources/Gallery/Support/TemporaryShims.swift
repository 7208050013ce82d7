// TEMPORARY until the thumbnails and markup branches land.
import ImageHeaders
import Mustache
import Thumbnails

extension ImageHeader {
    static func read(fileAt path: String) throws(FileHeaderError) -> ImageHeader { try ImageHeaders.read(fileAt: path) }
    static func read(descriptor: Int32) throws(HeaderError) -> ImageHeader { try ImageHeaders.read(descriptor: descriptor) }
}

struct RenditionMaker: Sendable {
    var inner: Renderer
    init(limits: DecodeLimits) { inner = Renderer(limits: limits) }
    func make(_ request: RenditionRequest, contentsOf path: String) throws(ThumbnailError) -> [Rendition] {
        do { return try inner.render(request, contentsOf: path) } catch let e as ThumbnailError { throw e } catch { throw .unreadable(reason: "\(error)") }
    }
    static func height(forWidth width: Int, displayWidth: Int, displayHeight: Int) -> Int {
        Renderer.height(forWidth: width, displayWidth: displayWidth, displayHeight: displayHeight)
    }
}

