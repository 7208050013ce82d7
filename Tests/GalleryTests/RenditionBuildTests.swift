import Foundation
import Testing
import Thumbnails
@testable import Gallery

/// A three-photo album from the sample photos: landscape, rotated (EXIF 6), PNG.
func renditionAlbum(_ album: TemporaryFolder) throws {
    for name in ["coffee.jpg", "dogs.jpg", "chelsea.png"] {
        try album.write(name, Data(contentsOf: Repo.sampleAlbum.appendingPathComponent(name)))
    }
}

func buildAlbum(_ album: URL, _ output: URL, quality: Int = 82, space: ResamplingSpace = .gammaEncoded,
                originals: OriginalsPolicy = .none) throws -> BuildReport {
    var settings = RenditionSettings()
    settings.quality = quality
    settings.space = space
    return try Site.build(BuildOptions(album: album, output: output, templates: Repo.templates,
                                          renditions: settings, originals: originals))
}

/// JPEG segments before the image data: (marker, payload).
func jpegSegments(_ bytes: [UInt8]) -> [(marker: UInt8, payload: ArraySlice<UInt8>)] {
    var result: [(UInt8, ArraySlice<UInt8>)] = []
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
        let marker = bytes[offset + 1]
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        guard length >= 2, offset + 2 + length <= bytes.count else { break }
        result.append((marker, bytes[(offset + 4)..<(offset + 2 + length)]))
        if marker == 0xDA { break }
        offset += 2 + length
    }
    return result
}

@Test func tilesGetUprightRenditionsWithSrcsetAndNoMetadata() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    try renditionAlbum(album)
    let report = try buildAlbum(album.url, out.url)
    #expect(report.photos.count == 3)
    for photo in report.photos {
        #expect(!photo.renditions.isEmpty)
        #expect(photo.renditions.map(\.width) == photo.renditions.map(\.width).sorted())
        #expect(photo.renditions.allSatisfy { $0.width <= photo.displayWidth })
        for rendition in photo.renditions {
            // Upright: every rendition has the photo's display shape.
            let expected = Double(photo.displayHeight) / Double(photo.displayWidth) * Double(rendition.width)
            #expect(abs(Double(rendition.height) - expected) <= 1, "\(rendition.path)")
            let bytes = [UInt8](try Data(contentsOf: out.file(rendition.path)))
            if rendition.path.hasSuffix(".jpg") {
                // No EXIF (so no GPS and no orientation tag), no XMP, no comments.
                let markers = jpegSegments(bytes).map(\.marker)
                #expect(!markers.contains(0xE1) && !markers.contains(0xED) && !markers.contains(0xFE), "\(rendition.path)")
            }
        }
    }
    let page = try RenderedPage(html: String(contentsOf: report.page, encoding: .utf8))
    #expect(page.tiles.count == 3)
    let html = try String(contentsOf: report.page, encoding: .utf8)
    #expect(html.contains("srcset=\"renditions/"))
    #expect(html.contains("sizes=\"(min-width: 2224px) 17vw, (min-width: 1624px) 20vw, (min-width: 1224px) 25vw, (min-width: 824px) 34vw, (min-width: 504px) 50vw, 100vw\""))
    // The originals are not published by default.
    #expect(!FileManager.default.fileExists(atPath: out.file("photos").path))
}

@Test func rebuildsDoOnlyTheImageWorkThatChanged() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    try renditionAlbum(album)
    let first = try buildAlbum(album.url, out.url)
    #expect(first.renditionsMade > 0)
    let before = try snapshot(out.url)

    // Nothing changed: no image work, identical output.
    let second = try buildAlbum(album.url, out.url)
    #expect(second.renditionsMade == 0)
    #expect(try snapshot(out.url) == before)

    // A renamed photo keeps its renditions (they are keyed by content).
    try FileManager.default.moveItem(at: album.file("coffee.jpg"), to: album.file("espresso.jpg"))
    let renamed = try buildAlbum(album.url, out.url)
    #expect(renamed.renditionsMade == 0)

    // A changed photo is made again, and only that one.
    let dogs = try Data(contentsOf: album.file("dogs.jpg"))
    try FileManager.default.removeItem(at: album.file("dogs.jpg"))
    try album.write("dogs.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("wine.jpg")))
    let changed = try buildAlbum(album.url, out.url)
    let wine = try #require(changed.photos.first { $0.fileName == "dogs.jpg" })
    #expect(changed.renditionsMade == wine.renditions.count)
    #expect(dogs != (try Data(contentsOf: album.file("dogs.jpg"))))

    // A new JPEG quality re-encodes the JPEG renditions, and removes the old ones.
    let requality = try buildAlbum(album.url, out.url, quality: 70)
    let jpegs = requality.photos.flatMap(\.renditions).filter { $0.path.hasSuffix(".jpg") }
    #expect(requality.renditionsMade == jpegs.count)
    #expect(jpegs.allSatisfy { $0.path.hasSuffix("q70.jpg") })
    let left = try FileManager.default.contentsOfDirectory(atPath: out.file("renditions").path)
    #expect(!left.contains { $0.hasSuffix("q82.jpg") })

    // Resampling in linear light changes every file, PNGs included.
    let linear = try buildAlbum(album.url, out.url, quality: 70, space: .linearLight)
    let all = linear.photos.flatMap(\.renditions)
    #expect(linear.renditionsMade == all.count)
    #expect(all.allSatisfy { $0.path.contains("l.") || $0.path.contains("lq70.") })
    #expect(try buildAlbum(album.url, out.url, quality: 70, space: .linearLight).renditionsMade == 0)
}

@Test func publishedOriginalsLoseTheirMetadataButNotTheirPixels() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    try renditionAlbum(album)
    _ = try buildAlbum(album.url, out.url, originals: .stripped)
    let source = [UInt8](try Data(contentsOf: album.file("dogs.jpg")))
    let published = [UInt8](try Data(contentsOf: out.file("photos/dogs.jpg")))
    #expect(published.count < source.count)
    // The entropy-coded data from the first scan on is byte for byte the same.
    let sos: ([UInt8]) -> Int? = { bytes in
        (2..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
    }
    let a = try #require(sos(source)), b = try #require(sos(published))
    #expect(Array(source[a...]) == Array(published[b...]))
    // What EXIF remains is the orientation alone: small, no GPS IFD pointer (tag 0x8825).
    let exif = jpegSegments(published).filter { $0.marker == 0xE1 }
    #expect(exif.count <= 1)
    if let segment = exif.first {
        #expect(segment.payload.count < 64)
        let bytes = Array(segment.payload)
        let gpsTag = (0..<(bytes.count - 1)).contains { (bytes[$0] == 0x88 && bytes[$0 + 1] == 0x25) || (bytes[$0] == 0x25 && bytes[$0 + 1] == 0x88) }
        #expect(!gpsTag)
    }
    // As-is publishing is byte for byte.
    let asIs = TemporaryFolder()
    _ = try buildAlbum(album.url, asIs.url, originals: .asIs)
    #expect(try Data(contentsOf: asIs.file("photos/dogs.jpg")) == Data(source))
}

@Test func aCorruptImageWithAGoodHeaderIsSkippedWithAWarning() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    try renditionAlbum(album)
    // A real header and the first part of the scan: the header scan accepts it,
    // the decoder cannot finish it.
    let coffee = try Data(contentsOf: album.file("coffee.jpg"))
    try album.write("cut.jpg", coffee.prefix(coffee.count / 3) + Data(repeating: 0, count: 16))
    var warnings: [BuildWarning] = []
    let report = try Site.build(BuildOptions(album: album.url, output: out.url, templates: Repo.templates)) {
        warnings.append($0)
    }
    #expect(report.photos.map(\.fileName).sorted() == ["chelsea.png", "coffee.jpg", "dogs.jpg"])
    #expect(warnings.map { ($0.path as NSString).lastPathComponent } == ["cut.jpg"])
}

@Test func imagesOfFormatsWithoutRenditionsAreSkippedWithAWarning() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    try renditionAlbum(album)
    // A QOI header: a real image the scanner reads, which renditions cannot be made from yet.
    try album.write("tiny.qoi", Data([0x71, 0x6F, 0x69, 0x66, 0, 0, 0, 2, 0, 0, 0, 3, 3, 0]))
    var warnings: [BuildWarning] = []
    let report = try Site.build(BuildOptions(album: album.url, output: out.url, templates: Repo.templates)) {
        warnings.append($0)
    }
    #expect(report.photos.count == 3)
    #expect(warnings.count == 1)
    #expect(warnings.first?.description.contains("tiny.qoi': a QOI image; renditions are made from JPEG, PNG, GIF, WebP, TIFF, HEIC, HEIF, AVIF, JPEG XL and camera RAW only") == true)
}

/// `sizes` may overstate a tile's width (a slightly larger file) but never
/// understate it (a blurrier one), at any viewport width of any breakpoint.
@Test(arguments: GridGeometry.standard.breakpoints)
func sizesNeverUnderstateTheTileWidth(_ breakpoint: Breakpoint) {
    let geometry = GridGeometry.standard
    let k = breakpoint.columns
    let vw = Double((100 + k - 1) / k)
    for viewport in stride(from: breakpoint.minWidth + 2 * geometry.padding, through: breakpoint.maxWidth + 2 * geometry.padding, by: 7) {
        let tile = geometry.columnWidth(containerWidth: viewport - 2 * geometry.padding, columns: k)
        #expect(vw * viewport / 100 >= tile)
        #expect(vw * viewport / 100 - tile <= viewport / 100 + 2 * geometry.padding / Double(k) + geometry.gap)
    }
}
