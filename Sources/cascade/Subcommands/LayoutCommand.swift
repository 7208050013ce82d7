import ArgumentParser
import Foundation
import Gallery
import Waterfall

/// `cascade layout [--columns N | --min-column-width PX] [--width PX] [--gap PX]
/// [--row-gap PX] [--inset T,R,B,L] [--order ORDER] [--tolerance PX]`
///
/// Reads items from standard input (`WIDTHxHEIGHT` lines or JSON objects, such
/// as the lines `cascade scan --json` prints) and writes their waterfall frames
/// as JSON in input order.
struct LayoutCommand: CascadeCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "lay out sizes from standard input as a waterfall",
        usage: """
        cascade layout [--columns N | --min-column-width PX] [--width PX] [--gap PX]
                       [--row-gap PX] [--inset TOP,RIGHT,BOTTOM,LEFT] [--tolerance PX]
                       [--order shortest|balanced|left-to-right|right-to-left|lanes]
                       < ITEMS
        """,
        discussion: """
        Reads one item per line from standard input — WIDTHxHEIGHT, or a JSON object with width and height \
        (displayWidth/displayHeight win when present, so `cascade scan --json` pipes in), an optional span \
        (a column count or "full") and extraHeight (px below the picture) — and writes {"contentHeight": H, \
        "items": [{"x", "y", "width", "height", "column"}, …]} in input order. Lengths are exact multiples \
        of 1/64 px.
        """)

    @Option(parsing: .unconditional, help: ArgumentHelp("a fixed number of columns", valueName: "N"))
    var columns: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("as many columns as fit at least PX wide (default 240)", valueName: "PX"))
    var minColumnWidth: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("container width (default 1200)", valueName: "PX"))
    var width: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("gap between columns (default 8)", valueName: "PX"))
    var gap: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("gap between tiles in a column (default: --gap)", valueName: "PX"))
    var rowGap: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("space around the tiles, one value or four (default 0)", valueName: "T,R,B,L"))
    var inset: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("""
        the layout engine's placement order (PlacementOrder): shortest (the default here; each item into the \
        shortest column, ties leftmost), balanced (shortest, then the last 12 items placed to even the \
        bottoms), left-to-right, right-to-left (round-robin) or lanes (CSS grid-lanes). Not 'cascade build \
        --order', the album grids' order, whose default is balanced.
        """, valueName: "ORDER"))
    var order: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("""
        lanes only: columns within PX of the shortest count as tied and reading order decides (default 16 = 1em)
        """, valueName: "PX"))
    var tolerance: String?

    /// The section the options describe; a mistake in them is a usage error.
    func section(items: [Item]) throws(UsageError) -> Section {
        if columns != nil, minColumnWidth != nil {
            throw UsageError(message: "give --columns or --min-column-width, not both")
        }
        var count = ColumnCount.minimumWidth(240)
        if let text = columns {
            guard let n = Int(text), (1...ColumnCount.maximum).contains(n) else {
                throw UsageError(message: "--columns needs a whole number from 1 to \(ColumnCount.maximum), not '\(text)'")
            }
            count = .fixed(n)
        }
        if let text = minColumnWidth { count = .minimumWidth(try Self.length(text, option: "--min-column-width", positive: true)) }
        let gap = try gap.map { text throws(UsageError) in try Self.length(text, option: "--gap") } ?? 8
        let rowGap = try rowGap.map { text throws(UsageError) in try Self.length(text, option: "--row-gap") } ?? gap
        let insets = try inset.map { text throws(UsageError) in try Self.insets(text) } ?? .zero
        let placement: PlacementOrder
        switch order {
        case nil, "shortest": placement = .shortest
        case "balanced": placement = .balanced(lookahead: PlacementOrder.defaultLookahead)
        case "left-to-right": placement = .leftToRight
        case "right-to-left": placement = .rightToLeft
        case "lanes":
            let tolerance = try tolerance.map { text throws(UsageError) in try Self.length(text, option: "--tolerance") }
            placement = .lanes(tolerance: tolerance ?? PlacementOrder.defaultTolerance)
        case let other?:
            throw UsageError(message: "--order must be shortest, balanced, left-to-right, right-to-left or lanes, not '\(other)'")
        }
        if tolerance != nil, order != "lanes" {
            throw UsageError(message: "--tolerance applies only to --order lanes")
        }
        return Section(items: items, columns: count, columnGap: gap, rowGap: rowGap, insets: insets, order: placement)
    }

    func execute() throws -> Outcome {
        let width = try width.map { text throws(UsageError) in try Self.length(text, option: "--width", positive: true) } ?? 1200
        // The options are checked before standard input is read, so a mistake never waits for input.
        _ = try section(items: [])
        let section = try section(items: try LayoutInput.parse(FileHandle.standardInput.readDataToEndOfFile()))
        let arrangement = Arrangement(sections: [section], containerWidth: width)
        FileHandle.standardOutput.write(Data(LayoutOutput.json(arrangement).utf8))
        return .success
    }

    /// Lengths in px: finite, ≥ 0 (> 0 when `positive`), at most 1,000,000.
    static func length(_ text: String, option: String, positive: Bool = false) throws(UsageError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
              positive ? value > 0 : value >= 0, value <= 1_000_000 else {
            let range = positive ? "greater than 0" : "0 or more"
            throw UsageError(message: "\(option) needs a length in px, \(range) and at most 1000000, not '\(text)'")
        }
        return value
    }

    static func insets(_ text: String) throws(UsageError) -> Insets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || parts.count == 4 else {
            throw UsageError(message: "--inset needs TOP,RIGHT,BOTTOM,LEFT (or one value for all four), not '\(text)'")
        }
        var values: [Double] = []
        for part in parts { values.append(try length(part, option: "--inset")) }
        if values.count == 1 { return .all(values[0]) }
        return Insets(top: values[0], left: values[3], bottom: values[2], right: values[1])
    }
}
