import Foundation
import Testing
import MarkupCheck
@testable import Gallery

func buildSample(into output: URL, strict: Bool = false) throws -> BuildReport {
    try Site.build(BuildOptions(album: Repo.sampleAlbum, output: output, templates: Repo.templates, strict: strict))
}

@Test func sampleAlbumBuildsOneUprightTilePerPhoto() throws {
    let folder = TemporaryFolder()
    let albumBefore = try snapshot(Repo.sampleAlbum)
    let report = try buildSample(into: folder.url)
    let truth = try sampleManifest()

    #expect(report.warnings.isEmpty)
    #expect(report.photos.count == truth.count)
    let html = try String(contentsOf: report.page, encoding: .utf8)
    #expect(PageCheck.check(html, allowing: try themeAllowance()).isEmpty)
    let page = try RenderedPage(html: html)
    #expect(page.tiles.count == truth.count)

    for (position, (tile, photo)) in zip(page.tiles, report.photos).enumerated() {
        let expected = try #require(truth[photo.fileName], "\(photo.fileName) is not in the manifest")
        // The tile's shape is the photo's display shape (orientation applied).
        #expect(tile.width == expected.width && tile.height == expected.height, "\(photo.fileName)")
        let ratio = tile.number("--r")
        #expect(abs(ratio - Double(expected.height) / Double(expected.width)) <= 5e-7, "\(photo.fileName)")
        // Alt text: alt, else caption, else the file name made readable.
        #expect(tile.alt == PhotoText.alt(of: photo, position: position + 1, count: report.photos.count))
        #expect(!tile.alt.isEmpty)
        // The link and image resolve to the copied file.
        let copied = folder.url.appendingPathComponent(tile.src.removingPercentEncoding ?? "")
        #expect(FileManager.default.fileExists(atPath: copied.path), "\(tile.src)")
        // The tile links to the photo's own page.
        let page = folder.url.appendingPathComponent(tile.href.removingPercentEncoding ?? "")
        #expect(tile.href.hasSuffix(".html") && FileManager.default.fileExists(atPath: page.path), "\(tile.href)")
    }
    #expect(FileManager.default.fileExists(atPath: folder.file("style.css").path))
    // Nothing in the album changed.
    #expect(try snapshot(Repo.sampleAlbum) == albumBefore)
}

@Test(arguments: GridGeometry.standard.breakpoints)
func tilesNeverOverlapAtAnyWidthOfABreakpoint(_ breakpoint: Breakpoint) throws {
    let folder = TemporaryFolder()
    let report = try buildSample(into: folder.url)
    let page = try RenderedPage(html: String(contentsOf: report.page, encoding: .utf8))
    let geometry = GridGeometry.standard
    let k = breakpoint.columns
    // Sample the whole range this column count is used for, edges included.
    for container in stride(from: max(breakpoint.minWidth, 296), through: breakpoint.maxWidth, by: 37.5) {
        let w = geometry.columnWidth(containerWidth: container, columns: k)
        let frames = page.tiles.map { tile -> (x: Double, y: Double, w: Double, h: Double) in
            // A panorama spans --pk columns (1 when absent).
            let span = Double(tile.style["--p\(k)"] ?? "1") ?? .nan
            let width = span * w + (span - 1) * geometry.gap
            return (x: tile.number("--c\(k)") * (w + geometry.gap),
                    y: tile.number("--s\(k)") * w + tile.number("--n\(k)") * geometry.gap,
                    w: width, h: tile.number("--r") * width)
        }
        let height = try #require(page.gridHeight(columns: k, columnWidth: w, gap: geometry.gap))
        // Every tile lies inside its band's box with a gap to spare (focus rings are not clipped).
        for (tile, frame) in zip(page.tiles, frames) {
            #expect(!tile.band.isEmpty)
            let top = tile.bandNumber("--bs\(k)") * w + (tile.bandNumber("--bn\(k)") - 1) * geometry.gap
            let bottom = top + tile.bandNumber("--bh\(k)") * w + (tile.bandNumber("--bm\(k)") + 2) * geometry.gap
            #expect(top <= frame.y - geometry.gap + 1e-6 && frame.y + frame.h + geometry.gap <= bottom + 1e-6)
        }
        for (i, a) in frames.enumerated() {
            #expect(a.x >= 0 && a.x + a.w <= container + 1e-6)
            #expect(a.y + a.h <= height + 1e-6)
            for b in frames[(i + 1)...] where a.x < b.x + b.w - 1e-6 && b.x < a.x + a.w - 1e-6 {
                #expect(a.y + a.h <= b.y + 1e-6 || b.y + b.h <= a.y + 1e-6, "overlap at k=\(k) width \(container)")
            }
        }
        // The grid is exactly as tall as its tallest column: no gap below, no cut-off.
        #expect(abs(frames.map { $0.y + $0.h }.max()! - height) < 1e-6)
    }
}

@Test func rebuildIsByteIdentical() throws {
    let first = TemporaryFolder(), second = TemporaryFolder()
    _ = try buildSample(into: first.url)
    _ = try buildSample(into: second.url)
    #expect(try snapshot(first.url) == snapshot(second.url))
    // And building again into the same folder changes nothing.
    let before = try snapshot(first.url)
    _ = try buildSample(into: first.url)
    #expect(try snapshot(first.url) == before)
}

@Test func firstScreenIsEagerTheRestLazy() throws {
    let folder = TemporaryFolder()
    let page = try RenderedPage(html: String(contentsOf: buildSample(into: folder.url).page, encoding: .utf8))
    #expect(page.tiles.prefix(3).allSatisfy { !$0.lazy })
    #expect(page.tiles.suffix(3).allSatisfy { $0.lazy })
}
