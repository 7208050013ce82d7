import Mustache
import Testing

/// A gallery page of 1,000 tiles shaped like Cascade's default theme.
private func galleryPage() throws -> (TemplateLibrary, Value) {
    let library = try TemplateLibrary(templates: [
        "page": """
            <!DOCTYPE html>
            <html lang="en">
            <head><title>{{title}}</title></head>
            <body>
            <h1>{{title}}</h1>
            <p>{{count}} photos</p>
            <div class="grid" style="{{gridStyle}}">
            {{#tiles}}
            {{> tile}}
            {{/tiles}}
            </div>
            </body>
            </html>

            """,
        "tile": """
            <a class="tile" href="{{href}}" style="{{style}}"><img src="{{src}}" alt="{{alt}}" width="{{width}}" \
            height="{{height}}"{{#lazy}} loading="lazy"{{/lazy}} decoding="async" /></a>

            """,
    ])
    let tiles: [Value] = (0..<1000).map { index in
        [
            "index": .int(index + 1), "href": .string("photos/IMG_\(index).jpg"),
            "src": .string("photos/IMG_\(index).jpg"), "alt": .string("Photo \(index) — “Fjord” & <sea>"),
            "width": 4032, "height": 3024, "lazy": .bool(index > 12),
            "style": .string("--r:0.75;--c1:0;--s1:\(index).5;--n1:\(index);--c2:\(index % 2);--s2:1.25;--n2:3"),
        ]
    }
    return (library, ["title": "Iceland 2024", "count": 1000, "gridStyle": "--h1:max(1px)", "tiles": .list(tiles)])
}

@Test func thousandTilePageRendersQuickly() throws {
    let (library, value) = try galleryPage()
    let clock = ContinuousClock()
    var page = ""
    let elapsed = try clock.measure {
        for _ in 0..<10 { page = try library.render("page", value) }
    }
    #expect(page.components(separatedBy: "<a class=\"tile\"").count == 1001)
    #expect(page.contains("alt=\"Photo 7 — “Fjord” &amp; &lt;sea&gt;\""))
    // Generous so it holds in debug builds on a busy machine; release
    // renders a page in a few milliseconds.
    #expect(elapsed < .seconds(5), "10 renders took \(elapsed)")
}
