import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A built `index.html` read back with an independent XML parser, with each
/// tile's inline coefficients decoded, so tests can place tiles the way the
/// stylesheet does.
struct RenderedPage {
    struct Tile {
        var href: String
        var src: String
        var alt: String
        var width: Int
        var height: Int
        var style: [String: String]
        var lazy: Bool
        /// The style of the band holding the tile (empty when it is in none).
        var band: [String: String] = [:]

        /// A coefficient of the tile's absolute position: `--sk` and `--nk`
        /// inside a band count from the band's `--bsk` and `--bnk`.
        func number(_ name: String) -> Double {
            let own = Double(style[name] ?? "") ?? .nan
            guard !band.isEmpty, name.count > 3 else { return own }
            let kind = name.prefix(3), k = name.dropFirst(3)
            switch kind {
            case "--s": return own + (Double(band["--bs\(k)"] ?? "") ?? .nan)
            case "--n": return own + (Double(band["--bn\(k)"] ?? "") ?? .nan)
            default: return own
            }
        }

        /// A coefficient of the band's own box (`--bhk`, …).
        func bandNumber(_ name: String) -> Double { Double(band[name] ?? "") ?? .nan }
    }

    var tiles: [Tile]
    var gridStyle: [String: String]

    init(html: String) throws {
        let document = try XMLDocument(xmlString: html, options: [])
        let anchors = try document.nodes(forXPath: "//a[@class='tile']").compactMap { $0 as? XMLElement }
        tiles = anchors.map { anchor in
            let image = anchor.elements(forName: "img").first
            func attribute(_ element: XMLElement?, _ name: String) -> String {
                element?.attribute(forName: name)?.stringValue ?? ""
            }
            return Tile(
                href: attribute(anchor, "href"),
                src: attribute(image, "src"),
                alt: attribute(image, "alt"),
                width: Int(attribute(image, "width")) ?? -1,
                height: Int(attribute(image, "height")) ?? -1,
                style: Self.declarations(attribute(anchor, "style")),
                lazy: attribute(image, "loading") == "lazy",
                band: (anchor.parent as? XMLElement).flatMap { parent in
                    attribute(parent, "class") == "band" ? Self.declarations(attribute(parent, "style")) : nil
                } ?? [:])
        }
        let grid = try document.nodes(forXPath: "//div[contains(concat(' ', @class, ' '), ' photo-grid ')]").first as? XMLElement
        gridStyle = Self.declarations(grid?.attribute(forName: "style")?.stringValue ?? "")
    }

    /// `--a:1;--b:x` → ["--a": "1", "--b": "x"]. Grid heights contain no `;`.
    static func declarations(_ style: String) -> [String: String] {
        var result: [String: String] = [:]
        for part in style.split(separator: ";") {
            guard let colon = part.firstIndex(of: ":") else { continue }
            result[String(part[..<colon]).trimmingCharacters(in: .whitespaces)] =
                String(part[part.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    /// Evaluates `--hk: max(S * var(--w) + N * var(--gap), …)` at column width `w`.
    func gridHeight(columns k: Int, columnWidth w: Double, gap: Double) -> Double? {
        guard let text = gridStyle["--h\(k)"], text.hasPrefix("max("), text.hasSuffix(")") else { return nil }
        let terms = text.dropFirst(4).dropLast().split(separator: ",")
        var best = -Double.infinity
        for term in terms {
            let pieces = term.split(separator: "+").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2,
                  pieces[0].hasSuffix("* var(--w)"), pieces[1].hasSuffix("* var(--gap)"),
                  let s = Double(pieces[0].dropLast("* var(--w)".count).trimmingCharacters(in: .whitespaces)),
                  let n = Double(pieces[1].dropLast("* var(--gap)".count).trimmingCharacters(in: .whitespaces))
            else { return nil }
            best = max(best, s * w + n * gap)
        }
        return best
    }
}
