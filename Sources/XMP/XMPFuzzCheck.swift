import ImageHeaders

/// The body of the `fuzz-xmp` libFuzzer target: parse twice, trap when the
/// results differ or a parsed value breaks an invariant (text empty, over
/// the cap, with control characters). Public only for the fuzz executable.
public enum XMPFuzzCheck {
    /// Checks one input; returns 0, as libFuzzer expects.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Int32 {
        let first = Result { () throws(XMPError) in try XMPPacket.parse(bytes) }
        let second = Result { () throws(XMPError) in try XMPPacket.parse(bytes) }
        precondition(first == second, "same input, different result")
        guard case .success(let packet) = first else { return 0 }
        for (name, value) in packet.properties {
            precondition(!name.name.isEmpty && !name.namespace.isEmpty, "unnamed property")
            var texts: [String] = []
            switch value {
            case .text(let text): texts = [text]
            case .alternatives(let all): texts = all.map(\.text)
            case .list(let items): texts = items
            case .structure: break
            }
            for text in texts {
                precondition(!text.isEmpty && text.unicodeScalars.count <= ImageMetadata.maxStringLength, "string length")
                precondition(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                             "control character")
            }
        }
        _ = (packet.title, packet.keywords, packet.locationFields, packet.serialNumberFields, packet.ownerFields)
        return 0
    }
}
