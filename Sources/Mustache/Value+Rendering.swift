extension Value {
    /// Whether a section renders (and an inverted section does not).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let bool): bool
        case .int(let int): int != 0
        case .double(let double): double != 0 && !double.isNaN
        case .string(let string): !string.isEmpty
        case .list(let list): !list.isEmpty
        case .object: true
        }
    }

    /// The text an interpolation writes, or `nil` when it writes nothing.
    /// Strings are handled by the caller to avoid a copy.
    var scalarText: String? {
        switch self {
        case .null, .list, .object: nil
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): Self.format(double)
        case .string(let string): string
        }
    }

    /// Integral doubles print like integers (`85`, not `85.0`); the spec's
    /// data comes from JSON, where the two are the same number.
    static func format(_ double: Double) -> String {
        if double.isFinite, double == double.rounded(), abs(double) < 1e15 {
            return String(Int64(double))
        }
        return String(double)
    }
}
