/// Which link targets a sidecar's Markdown may keep: `http:` and `https:`
/// URLs, and relative ones within the site (`../Iceland/index.html`,
/// `#p-dawn`). Every other link is shown as its text.
///
/// The test is made on the address as a browser reads it, after cmark has
/// resolved entities and backslash escapes (`&#106;avascript:` is already
/// `javascript:` here): tabs and newlines anywhere are ignored, as are
/// spaces and controls at either end, and the scheme is compared in any
/// case. A relative address may hold no `:` before its first `/`, `?` or
/// `#` (that would be a scheme, or read as one), and may not start with `/`
/// or `\`: root-relative and protocol-relative addresses leave the folder
/// the site is published in (and the markup check refuses them).
enum MarkdownLink {
    /// The address to write in `href` (percent-encoded where HTML or a URL
    /// needs it, not yet HTML-escaped), or nil when the link is not kept.
    static func href(_ destination: String) -> String? {
        let url = browserView(destination)
        guard !url.isEmpty, url.count <= 8_192 else { return nil }
        if let colon = url.firstIndex(of: ":"),
           !url[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            let scheme = url[..<colon].lowercased()
            guard scheme == "http" || scheme == "https" else { return nil }
            let rest = url[url.index(after: colon)...]
            guard rest.hasPrefix("//"), rest.count > 2 else { return nil }
            return percentEncoded(url)
        }
        guard let first = url.first, first != "/", first != "\\" else { return nil }
        return percentEncoded(url)
    }

    /// `destination` as a URL parser sees it: ASCII tab and newlines removed,
    /// C0 controls and spaces trimmed from both ends.
    static func browserView(_ destination: String) -> Substring {
        let unicodeScalars = destination.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let text = String(String.UnicodeScalarView(unicodeScalars))
        let isTrimmed: (Character) -> Bool = { character in
            character.unicodeScalars.allSatisfy { $0.value <= 0x20 }
        }
        guard let start = text.firstIndex(where: { !isTrimmed($0) }),
              let end = text.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return text[start...end]
    }

    /// Bytes a URL may hold as they are; everything else becomes `%XX`
    /// (spaces, controls, quotes, non-ASCII as UTF-8). An existing `%` is
    /// kept, so an address already encoded is not encoded twice.
    private static let kept: Set<UInt8> = Set(Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~!*'();:@&=+$,/?#[]%".utf8))

    private static func percentEncoded(_ url: Substring) -> String {
        var result = ""
        for byte in url.utf8 {
            if kept.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return result
    }
}
