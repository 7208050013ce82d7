import Foundation
import Testing
@testable import Gallery

/// Text too long for a page (issue 28): an `album.json` string over
/// ``AlbumTextLimit/maxBytes`` fails the build before anything is rendered,
/// naming the file, the line and column of its key and the field; text the
/// photos carry (EXIF, XMP) is cut to 2,000 characters instead, as before.
struct AlbumTextLimitTests {
    static let long = String(repeating: "x", count: AlbumTextLimit.maxBytes + 1)

    struct LongCase: Sendable, CustomTestStringConvertible {
        /// album.json with `LONG` where the long text goes.
        var json: String
        var message: String
        var testDescription: String { json }
    }

    static let tail = "is 1,048,577 bytes; a text in album.json may be at most 1,048,576 bytes (1 MiB): shorten it"

    @Test(arguments: [
        LongCase(json: #"{"title": "LONG"}"#, message: "'A/album.json':1:2: \"title\" \(tail)"),
        LongCase(json: #"{"sort": "name", "description": "LONG"}"#, message: "'A/album.json':1:18: \"description\" \(tail)"),
        LongCase(json: #"{"cover": "LONG"}"#, message: "'A/album.json':1:2: \"cover\" \(tail)"),
        LongCase(json: #"{"order": ["a.jpg", "LONG"]}"#, message: "'A/album.json':1:2: \"order\"[1] \(tail)"),
        LongCase(json: #"{"hidden": ["LONG"]}"#, message: "'A/album.json':1:2: \"hidden\"[0] \(tail)"),
        LongCase(json: #"{"photos": {"a.jpg": {"title": "LONG"}}}"#, message: "'A/album.json':1:23: photos[\"a.jpg\"].title \(tail)"),
        LongCase(json: #"{"photos": {"a.jpg": {"caption": "LONG"}}}"#, message: "'A/album.json':1:23: photos[\"a.jpg\"].caption \(tail)"),
        LongCase(json: #"{"photos": {"a.jpg": {"alt": "LONG"}}}"#, message: "'A/album.json':1:23: photos[\"a.jpg\"].alt \(tail)"),
        LongCase(json: #"{"photos": {"a.jpg": {"camera": "LONG"}}}"#, message: "'A/album.json':1:23: photos[\"a.jpg\"].camera \(tail)"),
        LongCase(json: #"{"photos": {"a.jpg": {"date": "LONG"}}}"#, message: "'A/album.json':1:23: photos[\"a.jpg\"].date \(tail)"),
        LongCase(json: #"{"photos": {"a.jpg": {"keywords": ["x", "LONG"]}}}"#,
                 message: "'A/album.json':1:23: photos[\"a.jpg\"].keywords[1] \(tail)"),
        // A name too long to quote: the object it is in is named, at the name itself.
        LongCase(json: #"{"photos": {"LONG": {}}}"#, message: "'A/album.json':1:13: a name in \"photos\" \(tail)"),
        LongCase(json: #"{"LONG": 1}"#, message: "'A/album.json':1:2: a key \(tail)"),
        // On a line of its own, among shorter ones: the key's line and column.
        LongCase(json: "{\n  \"title\": \"Trip\",\n  \"photos\": {\n    \"b.jpg\": {\"alt\": \"LONG\"}\n  }\n}",
                 message: "'A/album.json':4:15: photos[\"b.jpg\"].alt \(tail)"),
    ])
    func aTextOverTheLimitIsNamedWhereItIsWritten(_ testCase: LongCase) {
        let json = testCase.json.replacingOccurrences(of: "LONG", with: Self.long)
        do {
            _ = try AlbumConfig.parse(Data(json.utf8), displayPath: "A/album.json")
            Issue.record("parsed without error")
        } catch {
            #expect(error.description == testCase.message)
        }
    }

    /// The limit counts UTF-8 bytes, not characters, and a text at the limit is taken.
    @Test func theLimitIsInBytes() throws {
        let atLimit = try AlbumConfig.parse(Data(#"{"title": "\#(String(repeating: "x", count: AlbumTextLimit.maxBytes))"}"#.utf8),
                                            displayPath: "A/album.json")
        #expect(atLimit.title?.utf8.count == AlbumTextLimit.maxBytes)
        let accents = String(repeating: "é", count: AlbumTextLimit.maxBytes / 2 + 1)
        #expect(throws: BuildError.albumConfigInvalid(path: "A/album.json", location: .init(line: 1, column: 2),
                                                      problem: .tooLong(field: "\"title\"", bytes: AlbumTextLimit.maxBytes + 2,
                                                                        limit: AlbumTextLimit.maxBytes))) {
            try AlbumConfig.parse(Data(#"{"title": "\#(accents)"}"#.utf8), displayPath: "A/album.json")
        }
    }

    @Test(arguments: [(1_048_577, "1,048,577"), (11_534_336, "11,534,336"), (999, "999"), (1000, "1,000"), (0, "0")])
    func byteCountsAreGrouped(_ number: Int, _ text: String) {
        #expect(AlbumConfigProblem.grouped(number) == text)
    }

    /// The issue's case: an 11 MB title in a sub-album's album.json fails the
    /// build before any page is rendered, naming the file and the field;
    /// nothing is written.
    @Test func anElevenMegabyteTitleFailsTheBuildNamingItsFile() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("Trip/photo.jpg", Data(contentsOf: Repo.samplePhotoPaths[0].1))
        try album.write("Trip/album.json", Data(#"{"title": "\#(String(repeating: "t", count: 11 << 20))"}"#.utf8))
        do {
            _ = try Site.build(BuildOptions(album: album.url, output: out.url, templates: Repo.templates))
            Issue.record("built without error")
        } catch {
            #expect(error.description.hasSuffix(
                "Trip/album.json':1:2: \"title\" is 11,534,336 bytes; a text in album.json may be at most 1,048,576 bytes (1 MiB): shorten it"),
                "\(error.description.prefix(300))")
        }
        #expect(!FileManager.default.fileExists(atPath: out.file("index.html").path))
    }

    /// Text from the photos themselves is not the album author's to shorten:
    /// EXIF and XMP text is cut to 2,000 characters when read, and the photo
    /// is published (what the README promises for EXIF).
    @Test func longTextInAPhotoIsCutNotAnError() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        let jpeg = try Data(contentsOf: Repo.samplePhotoPaths[0].1)
        // ImageDescription (0x010E): 60,000 characters still fit one APP1 segment.
        try album.write("exif.jpg", ExifFixture.jpeg(jpeg, strings: [0x010E: String(repeating: "d", count: 60_000)]))
        try album.write("xmp.jpg", jpeg)
        let title = String(repeating: "t", count: 3 << 20)
        try album.write("xmp.xmp", Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(title)</rdf:li></rdf:Alt></dc:title>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8))
        let report = try Site.build(BuildOptions(album: album.url, output: out.url, templates: Repo.templates, strict: true))
        let photos = Dictionary(uniqueKeysWithValues: report.photos.map { ($0.fileName, $0) })
        #expect(photos["exif.jpg"]?.details.caption?.count == 2000)
        #expect(photos["xmp.jpg"]?.details.title?.count == 2000)
    }
}
