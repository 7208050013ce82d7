// JSON interchange, e.g. for data files or spec fixtures.

extension Value: Codable {
    /// Decodes any JSON value. Booleans are tried before numbers and integers
    /// before doubles, so `true` stays `.bool(true)` and `85` stays `.int(85)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let list = try? container.decode([Value].self) {
            self = .list(list)
        } else {
            self = .object(try container.decode([String: Value].self))
        }
    }

    /// Encodes as the matching JSON value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .int(let int): try container.encode(int)
        case .double(let double): try container.encode(double)
        case .string(let string): try container.encode(string)
        case .list(let list): try container.encode(list)
        case .object(let object): try container.encode(object)
        }
    }
}
