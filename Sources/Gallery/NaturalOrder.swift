/// Orders file names the way people count: `img2.jpg` before `img10.jpg`.
///
/// Names are split into runs of ASCII digits and other text. Digit runs compare
/// by value (then by length, so `01` sorts after `1`); text compares by Unicode
/// scalars after simple case folding. A final comparison of the raw scalars makes
/// the order total, so the result never depends on the order files were listed in.
public enum NaturalOrder {
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Negative, zero or positive like `strcmp`.
    /// Sorts `names` naturally, splitting each name into chunks once rather
    /// than at every comparison.
    public static func sorted(_ names: [String]) -> [String] {
        names.map { (name: $0, key: chunks($0)) }
            .sorted { compare($0.key, $1.key, $0.name, $1.name) < 0 }
            .map(\.name)
    }

    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(chunks(lhs), chunks(rhs), lhs, rhs)
    }

    private static func compare(_ a: [Chunk], _ b: [Chunk], _ lhs: String, _ rhs: String) -> Int {
        for (x, y) in zip(a, b) {
            let order = compare(x, y)
            if order != 0 { return order }
        }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        return lexicographic(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars))
    }

    enum Chunk {
        case number(digits: [UInt8])  // without leading zeros
        case numberWidth(Int)
        case text([Unicode.Scalar])
    }

    private static func chunks(_ name: String) -> [Chunk] {
        var result: [Chunk] = []
        var text: [Unicode.Scalar] = []
        var digits: [UInt8] = []
        func flushText() {
            if !text.isEmpty { result.append(.text(text)); text = [] }
        }
        func flushDigits() {
            guard !digits.isEmpty else { return }
            let width = digits.count
            let significant = Array(digits.drop(while: { $0 == 0 }))
            result.append(.number(digits: significant))
            result.append(.numberWidth(width))
            digits = []
        }
        for scalar in name.unicodeScalars {
            if scalar.value >= 48 && scalar.value <= 57 {
                flushText()
                digits.append(UInt8(scalar.value - 48))
            } else {
                flushDigits()
                text.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        flushText()
        flushDigits()
        return result
    }

    private static func compare(_ x: Chunk, _ y: Chunk) -> Int {
        switch (x, y) {
        case let (.number(a), .number(b)):
            if a.count != b.count { return a.count < b.count ? -1 : 1 }
            return lexicographic(a, b)
        case let (.numberWidth(a), .numberWidth(b)):
            return a == b ? 0 : (a < b ? -1 : 1)
        case let (.text(a), .text(b)):
            return lexicographic(a.map(\.value), b.map(\.value))
        // Digits sort before text, as in Finder and `ls -v`.
        case (.number, _), (.numberWidth, _):
            return -1
        case (.text, _):
            return 1
        }
    }

    private static func lexicographic<T: Comparable>(_ a: [T], _ b: [T]) -> Int {
        for (x, y) in zip(a, b) where x != y {
            return x < y ? -1 : 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    private static func lexicographic(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        lexicographic(a.map(\.value), b.map(\.value))
    }
}
