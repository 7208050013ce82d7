import Foundation
import Testing
@testable import Gallery

/// `picasa.ini` as Picasa writes it and thumbsup reads it.
struct PicasaIndexSidecarTests {
    static let sample = """
        [Picasa]
        name=Summer at the lake
        description=Two weeks&#44; one lake.\\n\\nSecond paragraph.
        P2category=Folders
        [.album:e1b2c3]
        name=Not a folder title
        token=e1b2c3
        [IMG_1.jpg]
        caption=Jetty at dawn; calm
        keywords=lake,jetty, dawn ,lake,,comma&#44;inside
        star=yes
        [IMG_2.jpg]
        filters=enhance=1;
        backuphash=1234
        [IMG_3.jpg]
        caption="Quoted caption"
        star=no
        """

    @Test func readsAlbumAndPhotos() {
        let index = PicasaIndex(parsing: Self.sample)
        #expect(index.albumTitle == "Summer at the lake")
        #expect(index.albumDescription == "Two weeks, one lake.\n\nSecond paragraph.")
        #expect(index.photos["IMG_1.jpg"] == PicasaEntry(caption: "Jetty at dawn; calm", keywords: ["lake", "jetty", "dawn", "comma,inside"], starred: true))
        // Sections with nothing Cascade uses are left out.
        #expect(index.photos["IMG_2.jpg"] == nil)
        #expect(index.photos["IMG_3.jpg"] == PicasaEntry(caption: "Quoted caption"))
        #expect(index.photos.count == 2)
    }

    @Test(arguments: [
        // CRLF, a byte-order mark, upper-case section and keys.
        ("\u{FEFF}[PICASA]\r\nNAME=Crlf\r\n[a.jpg]\r\nCaption=x\r\n", PicasaIndex(albumTitle: "Crlf", photos: ["a.jpg": PicasaEntry(caption: "x")])),
        // Lines before any section, malformed lines and comments are skipped.
        ("caption=orphan\n; comment\n# comment\n[a.jpg]\njunk line\ncaption=kept\n", PicasaIndex(photos: ["a.jpg": PicasaEntry(caption: "kept")])),
        ("[a.jpg]\ncaption=kept\n=novalue\n[broken\ncaption=lost\n", PicasaIndex(photos: ["a.jpg": PicasaEntry(caption: "kept")])),
        // A repeated key: the last wins; repeated sections merge.
        ("[a.jpg]\ncaption=one\n[b.jpg]\nstar=yes\n[a.jpg]\ncaption=two\n", PicasaIndex(photos: ["a.jpg": PicasaEntry(caption: "two"), "b.jpg": PicasaEntry(starred: true)])),
        // Section names are keyed in NFC.
        ("[Cafe\u{301}.jpg]\ncaption=c\n", PicasaIndex(photos: ["Caf\u{E9}.jpg": PicasaEntry(caption: "c")])),
        // Entities beyond commas; a reference to a control character is kept as written.
        ("[a.jpg]\ncaption=Tom &amp; Jerry &#x2014; &#7; ok\n", PicasaIndex(photos: ["a.jpg": PicasaEntry(caption: "Tom & Jerry — &#7; ok")])),
        ("", PicasaIndex()),
    ])
    func parses(_ text: String, _ expected: PicasaIndex) {
        #expect(PicasaIndex(parsing: text) == expected)
    }

    @Test func keysAfterABrokenHeaderBelongToNoPhoto() {
        let index = PicasaIndex(parsing: "[a.jpg]\ncaption=a\n[b.jpg\ncaption=meant for b\n[c.jpg]\ncaption=c\n")
        #expect(index.photos == ["a.jpg": PicasaEntry(caption: "a"), "c.jpg": PicasaEntry(caption: "c")])
    }

    @Test(arguments: [
        ("IMG_1.jpg", "IMG_1.jpg"),
        ("Cafe\u{301}.jpg", "Café.jpg"),
        ("img_1.JPG", "IMG_1.jpg"),
        ("missing.jpg", nil),
    ] as [(String, String?)])
    func lookUp(_ asked: String, _ found: String?) {
        let index = PicasaIndex(photos: ["IMG_1.jpg": PicasaEntry(caption: "one"), "Café.jpg": PicasaEntry(caption: "café")])
        #expect(index.entry(forPhoto: asked) == found.flatMap { index.photos[$0] })
    }

    @Test func caseInsensitiveLookUpNeedsOneMatch() {
        let index = PicasaIndex(photos: ["A.jpg": PicasaEntry(caption: "upper"), "a.jpg": PicasaEntry(caption: "lower")])
        #expect(index.entry(forPhoto: "a.jpg")?.caption == "lower")
        #expect(index.entry(forPhoto: "A.JPG") == nil)
    }

    @Test(arguments: [
        ("a,b", ["a", "b"]),
        (" a , b ,", ["a", "b"]),
        ("x&#44;y,z", ["x,y", "z"]),
        ("dup,dup,Dup", ["dup", "Dup"]),
        ("", []),
    ])
    func keywords(_ value: String, _ expected: [String]) {
        #expect(PicasaIndex.keywords(value) == expected)
    }

    @Test(arguments: [
        ("[a.jpg]", IniLine.section("a.jpg")),
        ("  [ spaced ]  ", .section("spaced")),
        ("key = value", .pair(key: "key", value: "value")),
        ("Key=\"a=b\"", .pair(key: "key", value: "a=b")),
        ("k='x'", .pair(key: "k", value: "x")),
        ("k=\"unbalanced", .pair(key: "k", value: "\"unbalanced")),
        ("k=a;b#c", .pair(key: "k", value: "a;b#c")),
        ("; note", .blank),
        ("   ", .blank),
        ("[", .malformedSection),
        ("[a.jpg", .malformedSection),
        ("no equals", .malformed),
        ("=value", .malformed),
    ])
    func iniLines(_ line: String, _ expected: IniLine) {
        #expect(IniLine(Substring(line)) == expected)
    }
}
