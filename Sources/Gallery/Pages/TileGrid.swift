import Waterfall

/// One waterfall grid of a page (the sub-album covers, or the photos): each
/// tile's column plan for every breakpoint, turned into the custom
/// properties the stylesheet positions tiles with. Pure arithmetic.
struct TileGrid {
    let geometry: GridGeometry
    /// One plan per breakpoint, in breakpoint order.
    let plans: [ColumnPlan]
    /// At most this many columns share the width (the covers: as many
    /// columns as covers, `--km`); nil for all of a breakpoint's.
    var columnLimit: Int?
    /// No column wider than this (CSS px, `--wm`); nil for no limit.
    var maxColumnWidth: Double?

    /// Each breakpoint's plan in `geometry.order`; a photo flatter than
    /// `geometry.minimumTileRatio` spans columns (``GridGeometry/span(of:columns:)``),
    /// decided per breakpoint, so a panorama covers two columns of four but one of one.
    init(ratios: [Ratio], geometry: GridGeometry) {
        self.geometry = geometry
        plans = geometry.breakpoints.map { breakpoint in
            let items = ratios.map { ratio in
                Item(ratio: ratio, span: .columns(geometry.span(of: ratio, columns: breakpoint.columns)))
            }
            return (try? ColumnPlan(items: items, columnCount: breakpoint.columns,
                                    referenceColumnWidth: geometry.columnWidth(containerWidth: breakpoint.referenceWidth,
                                                                               columns: breakpoint.columns),
                                    rowGap: geometry.gap, order: geometry.order))!
        }
    }

    /// Tile `index` in every breakpoint's plan.
    func placed(_ index: Int) -> [PlacedTile] { plans.map { $0.tiles[index] } }

    /// Whether tile `index` spans columns at some breakpoint.
    func spans(_ index: Int) -> Bool { plans.contains { $0.tiles[index].span > 1 } }

    /// The `sizes` of tile `index`'s image: wider where it spans.
    func sizes(_ index: Int) -> String { geometry.sizes(spans: placed(index).map(\.span)) }

    /// `--r` and, per column count k, `--ck`, `--sk`, `--nk` (and `--pk`, the
    /// columns it covers, when more than one): counted from the grid's top,
    /// or from `band`'s top (``Band/origins``) for a tile inside it.
    ///
    /// Written into one string in place: built from parts and joined, it
    /// took 138 of the 1,087 samples of rendering an add's five pages of
    /// 2,000 tiles (`perf record` at 2 kHz).
    func tileStyle(_ index: Int, in band: Band? = nil) -> String {
        var style = "--r:"
        style.reserveCapacity(40 + 48 * plans.count)
        if let first = plans.first { first.tiles[index].ratio.append(to: &style) } else { style += "1" }
        for (position, (breakpoint, plan)) in zip(geometry.breakpoints, plans).enumerated() {
            let tile = plan.tiles[index]
            let origin = band?.origins[position] ?? (top: .zero, rows: .zero)
            let k = String(breakpoint.columns)
            style += ";--c" + k + ":" + String(tile.column) + ";--s" + k + ":"
            Ratio(millionths: tile.above.millionths - origin.top.millionths).append(to: &style)
            style += ";--n" + k + ":"
            Ratio(millionths: tile.gapsAbove.millionths - origin.rows.millionths).append(to: &style)
            if tile.span > 1 { style += ";--p" + k + ":" + String(tile.span) }
        }
        return style
    }

    /// How many consecutive tiles share a band (see ``Band``): 16,
    /// 48 and 128 loaded alike at 5,000 photos; 48 scrolled most smoothly
    /// (`Benchmarks/large-album/RESULTS.md`).
    static let bandSize = 48

    /// A run of consecutive tiles the browser may skip while off screen.
    struct Band {
        var tiles: Range<Int>
        /// Per breakpoint: the smallest `--sk` and `--nk` of its tiles, its top.
        var origins: [(top: Ratio, rows: Ratio)]
        /// `--bsk`, `--bnk` (its top), `--bhk`, `--bmk` (its height: the largest
        /// `--sk + --r` and `--nk` of its tiles, less the top), per k.
        var style: String
    }

    /// The bands of the grid: runs of ``bandSize`` consecutive tiles, each
    /// box computed once from its tiles' exact coefficients.
    var bands: [Band] {
        let count = plans.first?.tiles.count ?? 0
        return stride(from: 0, to: count, by: Self.bandSize).map { start in
            let range = start..<min(start + Self.bandSize, count)
            var origins: [(top: Ratio, rows: Ratio)] = []
            var parts: [String] = []
            for (breakpoint, plan) in zip(geometry.breakpoints, plans) {
                let tiles = plan.tiles[range]
                // Bottoms: each coefficient's largest, so the box holds every tile at every width.
                let top = tiles.map(\.above).min() ?? .zero, rows = tiles.map(\.gapsAbove).min() ?? .zero
                let bottom = tiles.map { $0.above + $0.heightRatio }.max() ?? .zero
                let bottomRows = tiles.map { $0.gapsAbove + $0.heightGaps }.max() ?? .zero
                let k = breakpoint.columns
                origins.append((top, rows))
                parts.append("--bs\(k):\(top);--bn\(k):\(rows);--bh\(k):\(Ratio(millionths: bottom.millionths - top.millionths))"
                             + ";--bm\(k):\(Ratio(millionths: bottomRows.millionths - rows.millionths))")
            }
            return Band(tiles: range, origins: origins, style: parts.joined(separator: ";"))
        }
    }

    /// `--hk: max(S₀·w + (n₀−1)·gap, S₁·w + …)` over the non-empty columns.
    var gridStyle: String {
        zip(geometry.breakpoints, plans).map { breakpoint, plan in
            let terms = plan.columns.filter { $0.count > 0 }.map { column in
                "\(column.ratios) * var(--w) + \(column.gaps) * var(--gap)"
            }
            let height = terms.isEmpty ? "0px" : "max(\(terms.joined(separator: ", ")))"
            return "--h\(breakpoint.columns):\(height)"
        }.joined(separator: ";")
    }

    /// The narrowest width each breakpoint is shown at (never under a 320 px phone).
    private func narrowestColumn(_ breakpoint: Breakpoint) -> Double {
        let columns = min(breakpoint.columns, max(1, columnLimit ?? breakpoint.columns))
        let width = geometry.columnWidth(containerWidth: max(breakpoint.minWidth, 320), columns: columns)
        return min(width, maxColumnWidth ?? width)
    }

    /// The `--km` and `--wm` that make the stylesheet share the width as
    /// ``columnLimit`` and ``maxColumnWidth`` say (empty without them).
    var limitStyle: String {
        (columnLimit.map { ";--km:\(max(1, $0))" } ?? "") + (maxColumnWidth.map { ";--wm:\(PageModel.css($0))px" } ?? "")
    }

    /// The grid's height at each breakpoint's narrowest width, in px.
    var heightsAtNarrowest: [Double] {
        zip(geometry.breakpoints, plans).map { breakpoint, plan in
            plan.columns.map { $0.height(columnWidth: narrowestColumn(breakpoint), rowGap: geometry.gap) }.max() ?? 0
        }
    }

    /// Tile `index`'s top at each breakpoint's narrowest width, in px from the
    /// page's grid area: the grid starting `offsets[k]` px down (below
    /// another grid).
    func topsAtNarrowest(_ index: Int, offsets: [Double]? = nil) -> [Double] {
        zip(geometry.breakpoints, placed(index)).enumerated().map { position, pair in
            let (breakpoint, tile) = pair
            return (offsets?[position] ?? 0) + tile.above.value * narrowestColumn(breakpoint)
                + tile.gapsAbove.value * geometry.gap
        }
    }

    /// Whether tile `index` starts within `foldHeight` px of the grid area's
    /// top at *every* breakpoint's narrowest width: on the first screen
    /// whatever the column count. One column is where a tile lies furthest
    /// down, and a phone at 3x pays the most per image, so a tile that only a
    /// wide screen shows at once stays lazy (a lazy image in the viewport
    /// still loads at once; an eager one below it is bytes never shown).
    func isAboveTheFold(_ index: Int, foldHeight: Double, offsets: [Double]? = nil) -> Bool {
        topsAtNarrowest(index, offsets: offsets).allSatisfy { $0 < foldHeight }
    }
}
