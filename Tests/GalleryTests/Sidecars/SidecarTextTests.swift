import Foundation
import ImageHeaders
import Testing
@testable import Gallery

/// Bytes to lines, the limits, and the one edge that touches the disk.
struct SidecarTextTests {
    @Test(arguments: [
        ("a\nb", ["a", "b"]),
        ("a\r\nb\r\n", ["a", "b"]),
        ("a\rb\n\nc", ["a", "b", "", "c"]),
        ("", []),
        ("\n", [""]),
    ])
    func lines(_ text: String, _ expected: [String]) {
        #expect(SidecarText.lines(text).map(String.init) == expected)
    }

    @Test func lineCountIsCapped() {
        let text = String(repeating: "x\n", count: SidecarText.lineLimit + 50)
        #expect(SidecarText.lines(text).count == SidecarText.lineLimit)
    }

    @Test func decodingDropsTheByteOrderMarkAndRepairsUTF8() {
        #expect(SidecarText.decode([0xEF, 0xBB, 0xBF] + Array("Title: é".utf8)) == "Title: é")
        #expect(SidecarText.decode([0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
    }

    @Test func aTruncatedFileLosesItsPartialLastLine() {
        #expect(SidecarText.decode(Array("one\ntwo\nthr".utf8), truncated: true) == "one\ntwo\n")
        let long = [UInt8](repeating: 0x61, count: SidecarText.byteLimit - 2) + [0x0A] + [UInt8](repeating: 0x62, count: 100)
        #expect(SidecarText.decode(long).count == SidecarText.byteLimit - 1)
    }

    @Test func readingAFile() throws {
        let folder = TemporaryFolder()
        try folder.write("index.md", Data("\u{FEFF}Title: On disk\r\n\r\nBody\r\n".utf8))
        try folder.write("picasa.ini", Data("[Picasa]\nname=Disk\n".utf8))
        let sigal = try SigalSidecar.read(fileAt: folder.file("index.md").path)
        #expect(sigal == SigalSidecar(title: "On disk", text: "Body", html: "<p>Body</p>"))
        #expect(try PicasaIndex.read(inFolder: folder.url.path) == PicasaIndex(albumTitle: "Disk"))
        // Not there, or a folder by that name: nothing, not an error.
        #expect(try SigalSidecar.read(fileAt: folder.file("missing.md").path) == nil)
        try FileManager.default.createDirectory(at: folder.file("IMG_1.md"), withIntermediateDirectories: true)
        #expect(try SigalSidecar.read(fileAt: folder.file("IMG_1.md").path) == nil)
        #expect(try SidecarText.read(fileAt: folder.file("index.md/below").path) == nil)
    }

    @Test func anOversizedFileIsReadUpToTheLimit() throws {
        let folder = TemporaryFolder()
        var text = "Title: Big\n\n"
        text += String(repeating: "word\n", count: SidecarText.byteLimit / 5 + 1000) + "TAIL"
        try folder.write("big.md", Data(text.utf8))
        let sidecar = try #require(try SigalSidecar.read(fileAt: folder.file("big.md").path))
        #expect(sidecar.title == "Big")
        #expect(sidecar.text?.hasPrefix("word word") == true)
        #expect(sidecar.text?.hasSuffix("TAIL") == false)
    }

    @Test func sourcesSortStrongestFirst() {
        #expect(MetadataSource.allCases.sorted() == [.albumJSON, .sigal, .picasa, .xmpSidecar, .xmp, .iptc, .exif])
        #expect(MetadataSource.sigal < .xmpSidecar)
    }
}
