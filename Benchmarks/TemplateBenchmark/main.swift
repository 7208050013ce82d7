import Foundation
import Gallery
import ImageHeaders
import MarkupCheck
import Mustache

// template-benchmark: 1,000 synthetic photos, the real default theme, the real
// page model. Run with `swift run -c release template-benchmark`; prints
// name=value lines (times are the best of several runs, single thread).
let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates")
let library = try TemplateLibrary.load(directory: templates)
let sizes = [(4032, 3024), (3024, 4032), (1600, 351), (1080, 1080), (6000, 4000)]
let photos: [Photo] = (0..<1000).map { index in
    let size = sizes[index % sizes.count]
    let header = ImageHeader(format: .jpeg, storedSize: PixelSize(width: size.0, height: size.1))
    return Photo(fileName: "IMG_\(index) “Fjord” & <sea>.jpg", header: header,
                 details: PhotoDetails(caption: index % 3 == 0 ? "Caption \(index) <b>" : nil))
}
let model = PageModel(title: "Iceland 2024", photos: photos)
let clock = ContinuousClock()
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Duration {
    var best = Duration.seconds(1000)
    for _ in 0..<runs { best = min(best, try clock.measure(body)) }
    return best
}
var value = Value.null
let modelTime = best(20) { value = model.value(generator: "Cascade") }
var page = ""
let renderTime = try best(50) { page = try library.render("page", value) }
let checkTime = best(10) { _ = PageCheck.check(page) }
var photoValue = model.photoPageValue(500, generator: "Cascade")
let photoTime = try best(200) { _ = try library.render("photo", photoValue) }
func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.3f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
}
print("page_bytes=\(page.utf8.count)")
print("page_tiles=\(page.components(separatedBy: "class=\"tile\"").count - 1)")
print("model_1000_ms=\(milliseconds(modelTime))")
print("render_page_1000_tiles_ms=\(milliseconds(renderTime))")
print("markup_check_page_ms=\(milliseconds(checkTime))")
print("render_photo_page_ms=\(milliseconds(photoTime))")
