import Foundation
import Mustache

/// Relative links in sidecar Markdown, checked against the site the build
/// makes: pure, no I/O.
///
/// A photographer's `index.md` or `NAME.md` may link to anything beside it
/// (`../LICENSES.md`, `dogs.jpg`); the markup check refuses a page with a
/// link to no file of the site, which failed the whole build over one
/// caption. So before the pages render, each relative link in a page's
/// Markdown HTML is resolved from the page's folder:
/// - to a file or folder of the site: kept;
/// - to a photo of the same album by its file name (`dogs.jpg`): pointed at
///   that photo's page, which is what the link means on a site;
/// - to anything else: shown as its text, and reported (``Dropped``).
/// `http(s)` links and same-page fragments are left alone. A keyword album
/// shows captions away from their album's folder: there a relative link is
/// shown as its text without a report (the photo's own page reports it).
enum CaptionLinks {
    /// A link shown as its text: where it was written and what it named.
    struct Dropped: Sendable, Equatable {
        /// The album folder (`Trip`) or photo (`Trip/dogs.jpg`) whose text held it.
        var source: String
        var href: String
    }

    /// Resolves the links of every model's description and captions against
    /// `files` (every path the site will hold).
    static func resolve(_ models: inout [PageModel], files: Set<String>) -> [Dropped] {
        var dropped: [Dropped] = []
        for number in models.indices {
            let model = models[number]
            // Only Markdown has links: an album without any needs no table of its photos' pages.
            guard model.descriptionHTML != nil || model.photos.contains(where: { $0.details.captionHTML != nil }) else { continue }
            let photoPages = Dictionary(model.photos.indices.map { (model.photos[$0].fileName, model.pagePath($0)) },
                                        uniquingKeysWith: { first, _ in first })
            let resolver = Resolver(folder: model.path, files: files, photoPages: model.isVirtual ? [:] : photoPages,
                                    keepsRelative: !model.isVirtual)
            if let html = model.descriptionHTML {
                let (text, lost) = resolver.links(in: html)
                models[number].descriptionHTML = text
                dropped += lost.map { Dropped(source: model.path.joined(separator: "/"), href: $0) }
            }
            for index in model.photos.indices {
                guard let html = model.photos[index].details.captionHTML else { continue }
                let (text, lost) = resolver.links(in: html)
                models[number].photos[index].details.captionHTML = text
                if !model.isVirtual {
                    dropped += lost.map { Dropped(source: model.photos[index].path, href: $0) }
                }
            }
        }
        return dropped
    }

    /// The links of one page's folder.
    struct Resolver {
        /// The page's folder from the site's root.
        var folder: [String]
        var files: Set<String>
        /// This album's photos' pages by the photo's file name.
        var photoPages: [String: String]
        /// Whether relative links can stand at all (not in a keyword album).
        var keepsRelative: Bool

        /// `html` (``MarkdownHTML``'s, whose links are exactly
        /// `<a href="…">text</a>`) with each link kept, re-pointed or shown
        /// as its text; and the addresses shown as text.
        func links(in html: String) -> (html: String, dropped: [String]) {
            guard html.contains("<a href=\"") else { return (html, []) }
            var result = ""
            var dropped: [String] = []
            var rest = html[...]
            while let open = rest.range(of: "<a href=\""), let quote = rest[open.upperBound...].range(of: "\">"),
                  let close = rest[quote.upperBound...].range(of: "</a>") {
                result += rest[..<open.lowerBound]
                let href = Self.unescaped(rest[open.upperBound..<quote.lowerBound])
                let text = rest[quote.upperBound..<close.lowerBound]
                switch target(of: href) {
                case .keep: result += rest[open.lowerBound..<close.upperBound]
                case .replace(let address):
                    result += "<a href=\"" + Escaping.html(address) + "\">" + text + "</a>"
                case .drop:
                    result += text
                    dropped.append(href)
                }
                rest = rest[close.upperBound...]
            }
            return (result + rest, dropped)
        }

        enum Outcome: Equatable { case keep, replace(String), drop }

        /// What becomes of a link to `href` from a page of ``folder``.
        func target(of href: String) -> Outcome {
            let cut = href.firstIndex(where: { $0 == "#" || $0 == "?" }) ?? href.endIndex
            let (address, suffix) = (href[..<cut], href[cut...])
            if address.isEmpty { return .keep }
            if let colon = address.firstIndex(of: ":"), !address[..<colon].contains("/") { return .keep }
            guard keepsRelative, let decoded = address.removingPercentEncoding else { return .drop }
            var path = folder
            for segment in decoded.split(separator: "/", omittingEmptySubsequences: false) {
                switch segment {
                case "", ".": continue
                case "..":
                    guard !path.isEmpty else { return .drop }
                    path.removeLast()
                default: path.append(String(segment))
                }
            }
            let joined = path.joined(separator: "/")
            if files.contains(joined) || files.contains(joined.isEmpty ? "index.html" : joined + "/index.html") {
                return .keep
            }
            if path.dropLast() == folder[...], let name = path.last, let page = photoPages[name] {
                return .replace(URLPath.relative([page]) + suffix)
            }
            return .drop
        }

        /// The attribute's text as written by `Escaping.html`.
        static func unescaped(_ text: Substring) -> String {
            guard text.contains("&") else { return String(text) }
            return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
