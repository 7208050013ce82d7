// layout-balance: how ragged the album grids' bottoms are, per placement order.
//
//   swift run -c release layout-balance SET_FILE...
//
// Each SET_FILE is one grid (a section): one `WIDTHxHEIGHT` display size per
// line. For every page width the theme's real geometry applies (the gallery
// is the page minus its padding; the breakpoint the `@container` rules pick;
// the gap): each order's frozen plan, with panoramas spanning as the build
// does, evaluated at that width exactly as the stylesheet places it.
// Raggedness = tallest column − shortest column, px. Prints a Markdown table
// (median and max over the sets) and name=value lines for scripts.
import Dispatch
import Foundation
import Gallery
import Waterfall

let pageWidths: [Double] = [390, 1024, 1440, 2560, 3840]
let orders: [(String, PlacementOrder)] = [
    ("shortest", .shortest),
    ("balanced-4", .balanced(lookahead: 4)),
    ("balanced-8", .balanced(lookahead: 8)),
    ("balanced-12 (default)", .balanced(lookahead: 12)),
    ("balanced-16", .balanced(lookahead: 16)),
]

func readSet(_ path: String) -> [Ratio] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        return Ratio(width: w, height: h)
    }
}

/// Sets by group: a file `NAME-NN.txt` belongs to group `NAME`.
let files = CommandLine.arguments.dropFirst().sorted()
var groups: [(name: String, sets: [[Ratio]])] = []
for file in files {
    let base = file.split(separator: "/").last.map(String.init) ?? file
    let name = base.split(separator: "-").dropLast().joined(separator: "-")
    let set = readSet(file)
    guard !set.isEmpty else { continue }
    if let index = groups.firstIndex(where: { $0.name == name }) { groups[index].sets.append(set) } else { groups.append((name, [set])) }
}
guard !groups.isEmpty else {
    FileHandle.standardError.write(Data("usage: layout-balance SET_FILE...\n".utf8))
    exit(2)
}
groups.append(("all", groups.flatMap(\.sets)))

/// Raggedness of one set at one page width in one order, and how many tiles
/// sit in another column than `shortest` puts them.
func measure(_ ratios: [Ratio], pageWidth: Double, order: PlacementOrder) -> (ragged: Double, moved: Int, columns: Int) {
    var geometry = GridGeometry.standard
    geometry.order = order
    let gallery = pageWidth - 2 * geometry.padding
    let breakpoint = geometry.breakpoints.last { $0.minWidth <= gallery } ?? geometry.breakpoints[0]
    let k = breakpoint.columns
    func plan(_ order: PlacementOrder) -> ColumnPlan {
        let items = ratios.map { Item(ratio: $0, span: .columns(geometry.span(of: $0, columns: k))) }
        return try! ColumnPlan(items: items, columnCount: k,
                               referenceColumnWidth: geometry.columnWidth(containerWidth: breakpoint.referenceWidth, columns: k),
                               rowGap: geometry.gap, order: order)
    }
    let chosen = plan(order), greedy = plan(.shortest)
    let w = geometry.columnWidth(containerWidth: gallery, columns: k)
    let heights = chosen.columns.map { $0.height(columnWidth: w, rowGap: geometry.gap) }
    let moved = zip(chosen.tiles, greedy.tiles).filter { $0.column != $1.column }.count
    return ((heights.max() ?? 0) - (heights.min() ?? 0), moved, k)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func px(_ value: Double) -> String { String(Int(value.rounded())) }

for (group, sets) in groups {
    print("\n### \(group): \(sets.count) sets, \(sets.map(\.count).reduce(0, +)) photos (\(sets.map(\.count).min()!)…\(sets.map(\.count).max()!) per set)\n")
    var header = "| order |"
    var rule = "|---|"
    for width in pageWidths {
        let k = measure(sets[0], pageWidth: width, order: .shortest).columns
        header += " \(Int(width)) px, k=\(k) |"
        rule += "---|"
    }
    print(header + " tiles moved |")
    print(rule + "---|")
    for (name, order) in orders {
        var row = "| \(name) |"
        var moved = 0
        for width in pageWidths {
            let results = sets.map { measure($0, pageWidth: width, order: order) }
            let ragged = results.map(\.ragged)
            moved += results.map(\.moved).reduce(0, +)
            row += " \(px(median(ragged))) / \(px(ragged.max() ?? 0)) |"
            FileHandle.standardError.write(Data("ragged_\(group)_\(name)_\(Int(width))_median=\(px(median(ragged)))\nragged_\(group)_\(name)_\(Int(width))_max=\(px(ragged.max() ?? 0))\n".utf8))
        }
        print(row + " \(moved) |")
    }
}
// Speed: every plan of every set at every breakpoint (what a build computes), best of 5.
print("\n| order | plans of all sets at all breakpoints, ms (best of 5) |\n|---|---|")
let everySet = groups.last!.sets
for (name, order) in orders {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        for ratios in everySet {
            var geometry = GridGeometry.standard
            geometry.order = order
            for breakpoint in geometry.breakpoints {
                let k = breakpoint.columns
                let items = ratios.map { Item(ratio: $0, span: .columns(geometry.span(of: $0, columns: k))) }
                let plan = try! ColumnPlan(items: items, columnCount: k,
                                           referenceColumnWidth: geometry.columnWidth(containerWidth: breakpoint.referenceWidth, columns: k),
                                           rowGap: geometry.gap, order: order)
                sink &+= plan.tiles.count
            }
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    print("| \(name) | \((best * 100).rounded() / 100) |")
    if sink == 42 { print("") }
}
print("\nCells: median / max raggedness over the sets, px (tallest − shortest column of the grid).")
