@testable import Gallery
import Testing

/// Rendered pages are held deflated until written: what comes back must be
/// the page, byte for byte, and its digest that of the page's bytes.
@Suite("Page text")
struct PageTextTests {
    static let texts = ["", "<p>x</p>", "Schöne Grüße — 写真 📷\n",
                        String(repeating: "<figure class=\"tile\"><img src=\"a.jpg\"/></figure>\n", count: 20_000)]

    @Test("Inflates to the same text, with its length and digest", arguments: texts)
    func roundTrip(_ text: String) {
        let page = PageText(text)
        #expect(page.text == text)
        #expect(page.count == text.utf8.count)
        #expect(page.digest == ContentHash.of(Array(text.utf8)))
    }

    @Test("A page of repeated markup is held in a small fraction of its size")
    func deflated() {
        let text = Self.texts[3]
        let page = PageText(text)
        #expect(page.storedBytes * 20 < text.utf8.count)
        #expect(PageText(text + "y").digest != page.digest)
    }
}
