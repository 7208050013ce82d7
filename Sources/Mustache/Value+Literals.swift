// Literal conformances so view models and tests can write values directly.

extension Value: ExpressibleByNilLiteral {
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension Value: ExpressibleByBooleanLiteral {
    /// `true`/`false` are `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByIntegerLiteral {
    /// Integer literals are `.int`.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension Value: ExpressibleByFloatLiteral {
    /// Floating-point literals are `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension Value: ExpressibleByStringLiteral {
    /// String literals are `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: ExpressibleByArrayLiteral {
    /// Array literals are `.list`.
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
}

extension Value: ExpressibleByDictionaryLiteral {
    /// Dictionary literals are `.object`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        var object: [String: Value] = [:]
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
