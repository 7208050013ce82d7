extension FuzzCheck {
    /// The body of `fuzz-iptc`: reads `bytes` as an IIM record, as Photoshop
    /// resources, and inside a JPEG APP13 segment through the header reader;
    /// traps when the same input gives different results or a record holds
    /// text that is empty, too long or has control characters. Returns 0.
    @discardableResult
    public static func runIPTC(_ bytes: [UInt8]) -> Int32 {
        let direct = IPTCRecord(iimBytes: bytes)
        precondition(direct == IPTCRecord(iimBytes: bytes), "same input, different record")
        let resources = IPTCRecord(photoshopResources: bytes)
        for record in [direct, resources].compactMap({ $0 }) {
            precondition(record != IPTCRecord(), "empty record not folded to nil")
            checkText(record.allText)
        }
        // A JPEG whose APP13 holds the input, so the segment walk is fuzzed too.
        let payload = Array(PhotoshopResources.app13Identifier + bytes.prefix(0xFFFF - 2 - 14))
        let length = payload.count + 2
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xED, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
            + [0xFF, 0xC0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0, 0xFF, 0xD9]
        if case .success(let header) = Result(catching: { () throws(HeaderError) in try ImageHeader.read(from: jpeg) }) {
            check(header)
            precondition(header.metadata?.iptc == resources, "APP13 record differs from the direct read")
        }
        return 0
    }

    /// Traps unless every text is non-empty, capped and free of control characters.
    static func checkText(_ texts: [String]) {
        for text in texts {
            precondition(!text.isEmpty && text.unicodeScalars.count <= ImageMetadata.maxStringLength, "string length")
            precondition(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                         "control character")
            precondition(text.first != " " && text.last != " ", "untrimmed")
        }
    }
}
