extension String {
    /// The string with ASCII `A`–`Z` lowercased, as an HTML parser lowercases
    /// attribute names; the string itself, with no allocation, when it has
    /// none (nearly every name the check reads).
    var asciiLowercased: String {
        guard utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return self }
        return String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
