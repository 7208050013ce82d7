import MarkupCheck
/// Pages for the tests, in the XHTML-syntax HTML5 Cascade emits.
enum TestPages {
    /// Wraps `body` so that its first line is line 5, column 1.
    static func page(body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8" /><title>Test</title></head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// One gallery tile as a theme would render it.
    static func tile(_ index: Int) -> String {
        """
        <figure class="tile" id="photo-\(index)" style="left: \(index % 4 * 25)%; top: \(index * 100)px">
        <a href="photos/IMG_\(index).html" title="Caf&#233; &amp; Bar &quot;\(index)&quot;">
        <picture>
        <source type="image/webp" srcset="thumbs/IMG_\(index)-400.webp 400w, thumbs/IMG_\(index)-800.webp 800w" sizes="25vw" />
        <img src="thumbs/IMG_\(index)-400.jpg" alt="Caf&#233; &lt;\(index)&gt;" width="400" height="300" loading="lazy" decoding="async" />
        </picture>
        </a>
        <figcaption>Zürich – Bahnhofstraße №\(index)<br /><time datetime="2023-06-14T10:21:33">14 June 2023</time></figcaption>
        </figure>
        """
    }

    /// A gallery page with `count` tiles.
    static func gallery(tiles count: Int) -> String {
        page(body: (0..<count).map(tile).joined(separator: "\n"))
    }

    /// A page using most of what a theme needs; it must pass.
    static let valid = """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Holidays &amp; more — 北京</title>
        <link rel="stylesheet" href="static/gallery.css" />
        <style>.tile > img { display: block; }</style>
        </head>
        <body>
        <header><nav aria-label="Albums"><ul><li><a href="../index.html">Home</a></li></ul></nav></header>
        <main id="gallery">
        <h1>Holidays</h1>
        <section class="album">
        <figure id="p1">
        <a href="photos/%E5%8C%97%E4%BA%AC%20001.html">
        <picture>
        <source type="image/webp" srcset="thumbs/a-400.webp 400w, thumbs/a-800.webp 800w" sizes="50vw" />
        <img src="thumbs/a-400.jpg" alt="" width="400" height="300" />
        </picture>
        </a>
        <figcaption>北京 天坛 001 — <em>&#x1F305; sunset</em>, Tom &amp; Jerry&#39;s party #2<br />f/2.8</figcaption>
        </figure>
        <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><title>Next</title><g><path d="M4 2 L12 8 L4 14 Z" /></g><use href="#p1" /></svg>
        <svg width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="4" /></svg>
        </section>
        <details><summary>Map</summary><p>No GPS <abbr title="data">data</abbr>.</p></details>
        <hr />
        <video controls="controls" width="640" height="360" poster="thumbs/v.jpg"><source src="v.mp4" type="video/mp4" /><track kind="captions" src="v.vtt" /></video>
        <form action="search.html"><label for="q">Search</label><input id="q" name="q" type="search" /><button type="submit">Go</button></form>
        </main>
        <footer><p>Made with <a href="https://example.org/cascade" rel="noopener">Cascade</a> <small>v1</small></p></footer>
        <script type="application/json" id="data">{"title":"x \\u003c/script\\u003e","n":1}</script>
        <script src="static/gallery.js"></script>
        <script>if (window.innerWidth > 600) { document.body.dataset.wide = "1"; }</script>
        </body>
        </html>

        """

    /// `valid` read as a theme: its three `<script>` elements are the theme's own.
    static let validTheme = ScriptAllowance(templateSources: [valid])
}
