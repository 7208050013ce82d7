import Foundation
import Testing
import Thumbnails
@testable import Gallery

/// Names that hold TAB, newlines or `%` must not be able to write lines of
/// their own into the bookkeeping files a later build trusts.
@Suite struct BookkeepingNameTests {
    @Test func aNameWithANewlineCannotForgeAnotherPhotosFingerprint() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        let coffee = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        let other = ExifFixture.jpeg(coffee, strings: [0x010E: "another photo"])
        try album.write("victim.jpg", coffee)
        try album.write("other.jpg", other)
        // A fixed modification time, so the forged line can match it.
        let victim = album.file("victim.jpg").path
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, victim, &times, 0) == 0)
        let otherHash = try SourceFingerprints.hashFile(at: album.file("other.jpg").path)
        let forged = "x.jpg\n\(otherHash)\t\(coffee.count)\t\(1_000_000_000 * 1_000_000_000)\tvictim.jpg"
        try album.write(forged, coffee)

        let options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates)
        let first = try Site.build(options)
        #expect(first.photos.count == 3)
        let before = try snapshot(output.url)
        // A full build: with its stamp the unchanged album would stop before the scan.
        BuildSnapshot.remove(from: output.url)
        let second = try Site.build(options)
        #expect(second.photos.count == 3)
        let after = try snapshot(output.url)
        // The old format took the forged line as victim.jpg's fingerprint and
        // published other.jpg's renditions under victim.jpg.
        #expect(after == before)
        #expect(second.renditionsMade == 0)
    }

    @Test func fieldsRoundTripAndRawControlBytesDoNotDecode() {
        for name in ["plain.jpg", "a\nb\tc\r.jpg", "100%.jpg", "%41.jpg", "溪流.jpg", "\u{7F}"] {
            let encoded = LineField.encode(name)
            #expect(!encoded.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "\(name)")
            #expect(LineField.decode(Array(encoded.utf8)) == name)
        }
        #expect(LineField.decode(Array("a\tb".utf8)) == nil)
        #expect(LineField.decode(Array("a%4".utf8)) == nil)
        #expect(LineField.decode(Array("%41".utf8)) == nil)
        #expect(LineField.decode(Array("%zz".utf8)) == nil)
    }

    /// A field read in place (an array slice of a loaded file, as the
    /// bookkeeping reads it) decodes as a copied one does, bad UTF-8 included.
    @Test(arguments: ["plain.jpg", "100%25.jpg", "a%09b.jpg", "溪流.jpg", "", "%", "a\u{1}b"])
    func aSliceDecodesAsAnArray(_ field: String) {
        let line = Array(("x\t" + field + "\ty").utf8)
        let slice = line[2..<(line.count - 2)]
        #expect(LineField.decode(slice) == LineField.decode(Array(slice)))
        #expect(LineField.decode(slice) == (field.contains("%") || field.contains("\u{1}") ? LineField.decode(Array(field.utf8)) : field))
        let broken: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(LineField.decode(broken[...]) == nil)
    }

    @Test func aManifestLineThatDoesNotDecodeOwnsNothing() {
        let text = OutputFolder.manifestHeader + "\nkept.html\nbad%zz.html\nnew%0Aline.html\n"
        #expect(OutputFolder.parseManifest(Array(text.utf8)) == ["kept.html", "new\nline.html"])
        // The older raw format still reads as before.
        #expect(OutputFolder.parseManifest(Array("a.html\n100%.html\n".utf8)) == ["a.html", "100%.html"])
    }
}
