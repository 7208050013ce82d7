import ArgumentParser
import Foundation
import Gallery
import Waterfall

/// `cascade layout`: sizes on standard input, their waterfall frames as JSON (``LayoutSettings`` checks the options).
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

    func execute() throws -> Outcome {
        var settings = LayoutSettings()
        (settings.columns, settings.minColumnWidth, settings.width, settings.gap) = (columns, minColumnWidth, width, gap)
        (settings.rowGap, settings.inset, settings.order, settings.tolerance) = (rowGap, inset, order, tolerance)
        // The options are checked before standard input is read, so a mistake never waits for input.
        let width = try settings.containerWidth()
        _ = try settings.section(items: [])
        let items = try LayoutInput.parse(FileHandle.standardInput.readDataToEndOfFile())
        let arrangement = Arrangement(sections: [try settings.section(items: items)], containerWidth: width)
        FileHandle.standardOutput.write(Data(LayoutOutput.json(arrangement).utf8))
        return .success
    }
}
