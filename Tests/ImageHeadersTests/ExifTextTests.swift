import Testing
@testable import ImageHeaders

/// Line breaks and tabs in Exif text separate words, so they become spaces;
/// other controls go.
@Suite struct ExifTextTests {
    @Test(arguments: [
        ("clouds.\nWe're", "clouds. We're"),
        ("clouds.\rWe're", "clouds. We're"),
        ("clouds.\r\nWe're", "clouds. We're"),
        ("a\tb", "a b"),
        ("a\n\nb", "a  b"),
        ("\nline\n", "line"),
        ("a\u{1B}b\u{7F}c", "abc"),
        ("a\u{202E}b", "ab"),
    ])
    func lineBreaksBecomeSpaces(raw: String, cleaned: String) throws {
        var block = TIFFBlockBuilder()
        block.ifd0 = [TIFFBlockBuilder.ascii(0x010E, raw)]
        let jpeg = JPEGBuilder().exif(block.bytes).frame(width: 4, height: 3).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).metadata?.imageDescription == cleaned)
        #expect(ImageMetadata.cleanedText(raw) == cleaned)
    }

    @Test func onlyControlsIsAbsent() {
        #expect(ImageMetadata.cleanedText("\r\n\t ") == nil)
    }
}
