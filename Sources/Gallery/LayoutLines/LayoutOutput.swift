import Waterfall

/// `cascade layout`'s JSON: deterministic, exact numbers, one item per line.
public enum LayoutOutput {
    public static func json(_ arrangement: Arrangement) -> String {
        var text = "{\"contentHeight\":\(Arrangement.decimal(arrangement.contentHeight)),\"items\":["
        text.reserveCapacity(arrangement.count * 64 + 64)
        for index in 0..<arrangement.count {
            let frame = arrangement.frame(at: index)
            text += index == 0 ? "\n" : ",\n"
            text += "{\"x\":\(Arrangement.decimal(frame.x)),\"y\":\(Arrangement.decimal(frame.y)),"
            text += "\"width\":\(Arrangement.decimal(frame.width)),\"height\":\(Arrangement.decimal(frame.height)),"
            text += "\"column\":\(arrangement.column(at: index))}"
        }
        text += arrangement.count == 0 ? "]}\n" : "\n]}\n"
        return text
    }
}
