/// A height-to-width ratio in millionths, the unit the responsive plan sums in.
///
/// A tile's height is `ratio · w` for column width `w`. Summing integers keeps
/// every column's prefix sums exact and makes `top(next) − top(this)` equal the
/// tile's own height to the last digit, so tiles never overlap or gape by a
/// rounding error, whatever width the browser evaluates them at.
public struct Ratio: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public static let unit: Int64 = 1_000_000

    /// Millionths: 1_500_000 means 1.5.
    public var millionths: Int64

    public init(millionths: Int64) {
        self.millionths = millionths
    }

    /// The height ÷ width of an item `width` × `height`, rounded to the nearest millionth
    /// (exact 128-bit arithmetic, so any `Int` sizes work; saturates at `Int64.max`).
    /// Non-positive sizes become square rather than trapping.
    public init(width: Int, height: Int) {
        guard width > 0, height > 0 else {
            self.millionths = Ratio.unit
            return
        }
        let w = UInt64(width)
        let product = UInt64(height).multipliedFullWidth(by: UInt64(Ratio.unit))
        let (low, carry) = product.low.addingReportingOverflow(w / 2)
        let high = product.high + (carry ? 1 : 0)
        guard high < w else {
            self.millionths = .max
            return
        }
        let quotient = w.dividingFullWidth((high, low)).quotient
        self.millionths = quotient > UInt64(Int64.max) ? .max : Int64(quotient)
    }

    public static let zero = Ratio(millionths: 0)

    public var value: Double { Double(millionths) / Double(Ratio.unit) }

    public static func + (lhs: Ratio, rhs: Ratio) -> Ratio {
        Ratio(millionths: lhs.millionths + rhs.millionths)
    }

    public static func < (lhs: Ratio, rhs: Ratio) -> Bool {
        lhs.millionths < rhs.millionths
    }

    /// Decimal text with no trailing zeros (`1.5`, `0.000125`, `12`), exact and
    /// locale-free, for writing into CSS.
    public var description: String {
        var text = ""
        append(to: &text)
        return text
    }

    /// Appends ``description`` to `text`, making no string of its own: a
    /// page of 2,000 tiles writes some 40,000 of these.
    public func append(to text: inout String) {
        let magnitude = millionths.magnitude
        Self.appendDecimal(negative: millionths < 0, whole: magnitude / UInt64(Ratio.unit),
                           millionths: magnitude % UInt64(Ratio.unit), to: &text)
    }

    /// `whole` plus `millionths` (< 1,000,000) as exact decimal text without
    /// trailing zeros; shared by every number the engine writes.
    static func decimal(negative: Bool, whole: UInt64, millionths: UInt64) -> String {
        var text = ""
        appendDecimal(negative: negative, whole: whole, millionths: millionths, to: &text)
        return text
    }

    /// ``decimal(negative:whole:millionths:)`` appended to `text`: the digits
    /// are written from the right into a buffer on the stack.
    static func appendDecimal(negative: Bool, whole: UInt64, millionths: UInt64, to text: inout String) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let end = buffer.count
            var start = end
            func put(_ byte: UInt8) {
                start -= 1
                buffer[start] = byte
            }
            var fraction = millionths
            if fraction != 0 {
                var digits = 6
                while fraction % 10 == 0 {
                    fraction /= 10
                    digits -= 1
                }
                for _ in 0..<digits {
                    put(UInt8(ascii: "0") + UInt8(fraction % 10))
                    fraction /= 10
                }
                put(UInt8(ascii: "."))
            }
            var number = whole
            repeat {
                put(UInt8(ascii: "0") + UInt8(number % 10))
                number /= 10
            } while number != 0
            if negative { put(UInt8(ascii: "-")) }
            text += String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }
}
