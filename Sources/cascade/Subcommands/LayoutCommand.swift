import Foundation
import Gallery
import Waterfall

/// `cascade layout [--columns N | --min-column-width PX] [--width PX] [--gap PX]
/// [--row-gap PX] [--inset T,R,B,L] [--order ORDER] [--tolerance PX]`
///
/// Reads items from standard input (`WIDTHxHEIGHT` lines or JSON objects, such
/// as the lines `cascade scan --json` prints) and writes their waterfall frames
/// as JSON in input order.
struct LayoutCommand: Subcommand {
    static let name = "layout"
    static let summary = "lay out items from standard input as a waterfall, as JSON"
    static let usage = [
        "layout [--columns N | --min-column-width PX] [--width PX] [--gap PX] [--row-gap PX] [--inset TOP,RIGHT,BOTTOM,LEFT] [--order shortest|balanced|left-to-right|right-to-left|lanes] [--tolerance PX] < ITEMS",
    ]
    static let help = """
    layout    Reads one item per line from standard input — WIDTHxHEIGHT, or a JSON
              object with width and height (displayWidth/displayHeight win when
              present, so `cascade scan --json` pipes in), an optional span (a
              column count or "full") and extraHeight (px below the picture) — and
              writes {"contentHeight": H, "items": [{"x", "y", "width", "height",
              "column"}, …]} in input order. Lengths are exact multiples of 1/64 px.
      --columns N               a fixed number of columns
      --min-column-width PX     as many columns as fit at least PX wide (default 240)
      --width PX                container width (default 1200)
      --gap PX                  gap between columns (default 8)
      --row-gap PX              gap between tiles in a column (default: --gap)
      --inset T,R,B,L           space around the tiles, one value or four (default 0)
      --order ORDER             shortest (default; ties leftmost), balanced (shortest,
                                then the last 12 items placed to even the bottoms),
                                left-to-right, right-to-left (round-robin) or lanes
                                (CSS grid-lanes)
      --tolerance PX            lanes only: columns within PX of the shortest count
                                as tied and reading order decides (default 16 = 1em)
    """
    static let options: [OptionSpec] = [
        .value("--columns", called: "number"),
        .value("--min-column-width", called: "length"),
        .value("--width", called: "length"),
        .value("--gap", called: "length"),
        .value("--row-gap", called: "length"),
        .value("--inset", called: "list of lengths"),
        .value("--order", called: "order"),
        .value("--tolerance", called: "length"),
    ]

    var columns = ColumnCount.minimumWidth(240)
    var width = 1200.0
    var gap = 8.0
    var rowGap: Double?
    var insets = Insets.zero
    var order = PlacementOrder.shortest

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        if let extra = parsed.positionals.first {
            throw UsageError(message: "unexpected argument '\(extra)'; layout reads items from standard input")
        }
        let values = parsed.values
        if values["--columns"] != nil, values["--min-column-width"] != nil {
            throw UsageError(message: "give --columns or --min-column-width, not both")
        }
        if let text = values["--columns"] {
            guard let n = Int(text), (1...ColumnCount.maximum).contains(n) else {
                throw UsageError(message: "--columns needs a whole number from 1 to \(ColumnCount.maximum), not '\(text)'")
            }
            columns = .fixed(n)
        }
        if let text = values["--min-column-width"] {
            columns = .minimumWidth(try Self.length(text, option: "--min-column-width", positive: true))
        }
        if let text = values["--width"] { width = try Self.length(text, option: "--width", positive: true) }
        if let text = values["--gap"] { gap = try Self.length(text, option: "--gap") }
        if let text = values["--row-gap"] { rowGap = try Self.length(text, option: "--row-gap") }
        if let text = values["--inset"] { insets = try Self.insets(text) }
        switch values["--order"] {
        case nil, "shortest": order = .shortest
        case "balanced": order = .balanced(lookahead: PlacementOrder.defaultLookahead)
        case "left-to-right": order = .leftToRight
        case "right-to-left": order = .rightToLeft
        case "lanes":
            let tolerance = try values["--tolerance"].map { text throws(UsageError) in
                try Self.length(text, option: "--tolerance")
            }
            order = .lanes(tolerance: tolerance ?? PlacementOrder.defaultTolerance)
        case let other?:
            throw UsageError(message: "--order must be shortest, balanced, left-to-right, right-to-left or lanes, not '\(other)'")
        }
        if values["--tolerance"] != nil, values["--order"] != "lanes" {
            throw UsageError(message: "--tolerance applies only to --order lanes")
        }
    }

    func run() throws -> Outcome {
        let items = try LayoutInput.parse(FileHandle.standardInput.readDataToEndOfFile())
        let section = Section(items: items, columns: columns, columnGap: gap, rowGap: rowGap ?? gap,
                              insets: insets, order: order)
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
