import Foundation
import Testing
@testable import Gallery

/// sigal's `index.md` (album) and `NAME.md` (photo).
struct SigalSidecarTests {
    @Test func albumIndexAsSigalDocumentsIt() {
        let sidecar = SigalSidecar(parsing: """
            Title: Another example gallery
            Thumbnail: test2.jpg
            Author: John Doe
            Location: Las Vegas
            Authors: Waylan Limberg
                     John Doe

            And a description with *Markdown* syntax.

            Second [paragraph](https://example.org).
            """)
        #expect(sidecar.title == "Another example gallery")
        #expect(sidecar.cover == "test2.jpg")
        #expect(sidecar.author == "John Doe")
        #expect(sidecar.text == "And a description with Markdown syntax.\n\nSecond paragraph.")
        #expect(sidecar.html == "<p>And a description with <em>Markdown</em> syntax.</p><p>Second <a href=\"https://example.org\">paragraph</a>.</p>")
        #expect(sidecar.meta == ["location": "Las Vegas", "authors": "Waylan Limberg\nJohn Doe"])
        #expect(sidecar.sortedMeta.map(\.key) == ["authors", "location"])
    }

    @Test(arguments: [
        ("Title: My awesome photo\nDate: 2020-01-01T09:00:00\n\nCaption *here*.",
         SigalSidecar(title: "My awesome photo", date: PhotoDate(year: 2020, month: 1, day: 1, hour: 9, minute: 0, second: 0), text: "Caption here.",
                      html: "<p>Caption <em>here</em>.</p>")),
        // Keys in any case; only the first value of Title counts, as in sigal.
        ("TITLE: First\n    second\nsort: name-desc\n\n", SigalSidecar(title: "First", sort: "name-desc")),
        // A date sigal could not read either is left out; the words stay in the body.
        ("Date: yesterday\n\nText", SigalSidecar(text: "Text", html: "<p>Text</p>")),
        // No header: all body.
        ("Just a caption with `code`.", SigalSidecar(text: "Just a caption with code.", html: "<p>Just a caption with <code>code</code>.</p>")),
        // YAML front matter.
        ("---\ntitle: 'Front matter'\nthumbnail: \"Café.jpg\"\nlat: 46.2\n---\nBody", SigalSidecar(title: "Front matter", cover: "Café.jpg", text: "Body", html: "<p>Body</p>",
                                                                                                  meta: ["lat": "46.2"])),
        // Controls and direction overrides are removed from values.
        ("Title: a\u{202E}b\u{0}c\n", SigalSidecar(title: "abc")),
        ("", SigalSidecar()),
    ])
    func parses(_ text: String, _ expected: SigalSidecar) {
        #expect(SigalSidecar(parsing: text) == expected)
    }

    @Test func coverIsComparedAsUnicodeText() {
        let decomposed = SigalSidecar(parsing: "Thumbnail: Cafe\u{301}.jpg\n")
        #expect(decomposed.cover == "Café".precomposedStringWithCanonicalMapping + ".jpg")
    }

    @Test(arguments: [
        ("IMG_1.jpg", "IMG_1.md"),
        ("archive.tar.gz", "archive.tar.md"),
        ("noextension", "noextension.md"),
        (".hidden", ".hidden.md"),
        ("溪流 #1?.JPG", "溪流 #1?.md"),
    ])
    func photoSidecarName(_ photo: String, _ sidecar: String) {
        #expect(SigalSidecar.fileName(forPhoto: photo) == sidecar)
    }

    @Test func emptyWhenNothingUsable() {
        #expect(SigalSidecar(parsing: "\n\n").isEmpty)
        #expect(!SigalSidecar(parsing: "Other: x").isEmpty)
    }
}
