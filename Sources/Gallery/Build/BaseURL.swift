import Foundation

/// Where the site will be published (`--base-url`, `cascade.json`'s
/// `baseURL`): an absolute `http` or `https` URL, always ending in `/`.
///
/// Only with it does a build write absolute URLs (`og:url`, `og:image`,
/// `<link rel="canonical">`, the Atom feeds and the sitemap); without it
/// every URL Cascade writes is relative, so the site works from any folder,
/// `file://` included.
///
///     BaseURL("https://example.com/photos")?.text   // "https://example.com/photos/"
public struct BaseURL: Sendable, Equatable, CustomStringConvertible {
    /// The normalised URL: scheme and host lower-cased, a trailing `/`.
    public let text: String

    /// What a valid value looks like, for error messages.
    public static let expected = "an absolute http:// or https:// URL such as \"https://example.com/photos/\""

    /// Nil unless `text` is an absolute `http`/`https` URL with a host and
    /// no query, fragment, user name, whitespace or control character.
    public init?(_ text: String) {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0.value < 0x80 }),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
              components.query == nil, components.fragment == nil else { return nil }
        guard let schemeEnd = text.range(of: "://") else { return nil }
        // `https://` then the authority as written, host lower-cased (ports kept).
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd].lowercased()
        var path = String(rest[authorityEnd...])
        if !path.hasSuffix("/") { path += "/" }
        self.text = scheme + "://" + authority + path
    }

    public var description: String { text }

    /// The absolute URL of a file at `path` (folder names from the site's
    /// root, then the file), each segment percent-encoded.
    func url(of segments: [String]) -> String { text + URLPath.relative(segments) }
}
