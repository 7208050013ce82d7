import Foundation

import Waterfall

/// The options of `cascade layout`, as typed, checked into the engine's
/// section: the layout engine's own placement orders (``PlacementOrder``,
/// default `shortest`), not the album grids' ``GridOrder``. Pure.
public struct LayoutSettings: Sendable {
    public var columns: String?, minColumnWidth: String?, width: String?, gap: String?, rowGap: String?
    public var inset: String?, order: String?, tolerance: String?

    public init() {}

    /// The container width (default 1200 px).
    public func containerWidth() throws(OptionProblem) -> Double {
        try width.map { text throws(OptionProblem) in try Self.length(text, option: "--width", positive: true) } ?? 1200
    }

    /// The section of `items` these options describe, or the first mistake in them.
    public func section(items: [Item]) throws(OptionProblem) -> Section {
        if columns != nil, minColumnWidth != nil { throw OptionProblem("give --columns or --min-column-width, not both") }
        var count = ColumnCount.minimumWidth(240)
        if let text = columns {
            guard let n = Int(text), (1...ColumnCount.maximum).contains(n) else {
                throw OptionProblem("--columns needs a whole number from 1 to \(ColumnCount.maximum), not '\(text)'")
            }
            count = .fixed(n)
        }
        if let text = minColumnWidth { count = .minimumWidth(try Self.length(text, option: "--min-column-width", positive: true)) }
        let gap = try gap.map { text throws(OptionProblem) in try Self.length(text, option: "--gap") } ?? 8
        let rowGap = try rowGap.map { text throws(OptionProblem) in try Self.length(text, option: "--row-gap") } ?? gap
        let insets = try inset.map { text throws(OptionProblem) in try Self.insets(text) } ?? .zero
        let placement: PlacementOrder
        switch order {
        case nil, "shortest": placement = .shortest
        case "balanced": placement = .balanced(lookahead: PlacementOrder.defaultLookahead)
        case "left-to-right": placement = .leftToRight
        case "right-to-left": placement = .rightToLeft
        case "lanes":
            let tolerance = try tolerance.map { text throws(OptionProblem) in try Self.length(text, option: "--tolerance") }
            placement = .lanes(tolerance: tolerance ?? PlacementOrder.defaultTolerance)
        case let other?:
            throw OptionProblem("--order must be shortest, balanced, left-to-right, right-to-left or lanes, not '\(other)'")
        }
        if tolerance != nil, order != "lanes" { throw OptionProblem("--tolerance applies only to --order lanes") }
        return Section(items: items, columns: count, columnGap: gap, rowGap: rowGap, insets: insets, order: placement)
    }

    /// Lengths in px: finite, ≥ 0 (> 0 when `positive`), at most 1,000,000.
    static func length(_ text: String, option: String, positive: Bool = false) throws(OptionProblem) -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
              positive ? value > 0 : value >= 0, value <= 1_000_000 else {
            let range = positive ? "greater than 0" : "0 or more"
            throw OptionProblem("\(option) needs a length in px, \(range) and at most 1000000, not '\(text)'")
        }
        return value
    }

    static func insets(_ text: String) throws(OptionProblem) -> Insets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || parts.count == 4 else {
            throw OptionProblem("--inset needs TOP,RIGHT,BOTTOM,LEFT (or one value for all four), not '\(text)'")
        }
        var values: [Double] = []
        for part in parts { values.append(try length(part, option: "--inset")) }
        if values.count == 1 { return .all(values[0]) }
        return Insets(top: values[0], left: values[3], bottom: values[2], right: values[1])
    }
}
