@testable import Waterfall
import SeededRandom

/// Seeded random galleries for the property tests: 1–3 sections with random
/// column counts, gaps, insets, headers, footers, orders, captions and spans.
struct RandomGallery {
    var sections: [Section]
    var width: Double

    init(seed: UInt64, maxItems: Int = 40, spans: Bool = true, orders: [PlacementOrder]? = nil, sectionCount: Int? = nil) {
        var rng = SplitMix64(seed: seed)
        width = Double(Int.random(in: 120...2400, using: &rng)) + [0, 0.5, 0.25, 1.0 / 3].randomElement(using: &rng)!
        let count = sectionCount ?? Int.random(in: 1...3, using: &rng)
        sections = (0..<count).map { _ in
            let k = Int.random(in: 1...8, using: &rng)
            let order = orders?.randomElement(using: &rng) ?? [
                PlacementOrder.shortest, .leftToRight, .rightToLeft,
                .lanes(tolerance: Double(Int.random(in: 0...48, using: &rng))),
                .balanced(lookahead: Int.random(in: 0...12, using: &rng)),
            ].randomElement(using: &rng)!
            let items = (0..<Int.random(in: 0...maxItems, using: &rng)).map { _ -> Item in
                let ratio = Ratio(millionths: Int64.random(in: 200_000...5_000_000, using: &rng))
                let extra = Bool.random(using: &rng) ? 0 : Double(Int.random(in: 0...160, using: &rng)) / 4
                var span = Span.columns(1)
                if spans {
                    switch Int.random(in: 0..<20, using: &rng) {
                    case 0: span = .fullWidth
                    case 1, 2: span = .columns(Int.random(in: 2...9, using: &rng))
                    default: break
                    }
                }
                return Item(ratio: ratio, extraHeight: extra, span: span)
            }
            func length() -> Double { Double(Int.random(in: 0...24, using: &rng)) / [1, 2, 4].randomElement(using: &rng)! }
            func band() -> Band? {
                Bool.random(using: &rng) ? nil : Band(height: length() * 2, insets: Insets(top: length(), left: length(), bottom: length(), right: length()))
            }
            return Section(
                items: items,
                columns: Bool.random(using: &rng) ? .fixed(k) : .minimumWidth(Double(Int.random(in: 60...400, using: &rng))),
                columnGap: length(), rowGap: length(),
                insets: Insets(top: length(), left: length(), bottom: length(), right: length()),
                header: band(), footer: band(), order: order)
        }
    }
}
