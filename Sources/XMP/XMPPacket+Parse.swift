import CXMP
import ImageHeaders

extension XMPPacket {
    /// Parses an XMP packet: with or without the `<?xpacket …?>` wrapper and
    /// `x:xmpmeta`, trailing NUL and whitespace padding allowed.
    ///
    /// Secure for untrusted input: at most ``maxLength`` bytes, no network, no
    /// DTD (a `DOCTYPE` is refused before libxml2 sees the bytes), no entity
    /// substitution, at most ``maxDepth`` levels and ``maxElements`` elements.
    public static func parse(_ bytes: [UInt8]) throws(XMPError) -> XMPPacket {
        var end = bytes.count
        while end > 0, [0x00, 0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        guard end > 0 else { throw XMPError(reason: .empty) }
        guard end <= maxLength else { throw XMPError(reason: .tooLarge(maxLength), offset: maxLength) }
        let content = Array(bytes[..<end])
        if let at = firstIndex(of: Array("<!DOCTYPE".utf8), in: content) {
            throw XMPError(reason: .documentTypeDeclaration, offset: at)
        }
        let elements = try XMPElement.parse(content)
        return try XMPPacket(rdfElements: elements)
    }

    /// Where `needle` first occurs in `haystack`.
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = 0
        while let found = haystack[index...].firstIndex(of: needle[0]), found + needle.count <= haystack.count {
            if haystack[found..<(found + needle.count)].elementsEqual(needle) { return found }
            index = found + 1
        }
        return nil
    }
}
