import CZlib

/// The rights statement of an album's `"copyright"` written into a published
/// original whose metadata Cascade stripped: XMP `dc:rights` (JPEG: an APP1
/// packet; PNG: an `iTXt` chunk) and, in a JPEG, the IPTC copyright notice
/// (2:116) too. Added after stripping, so nothing else of the source's
/// metadata (GPS, camera serials) comes back; formats with no place for it
/// here (GIF, WebP) are published stripped, without it.
enum CopyrightMetadata {
    /// `bytes` (a stripped original) with `rights` written in, or as they
    /// are when their format has no place for it or the text does not fit.
    static func adding(_ rights: String, to bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes, rights: rights) ?? bytes }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes, rights: rights) ?? bytes }
        return bytes
    }

    /// The XMP packet: `dc:rights` as its default-language alternative.
    static func packet(_ rights: String) -> [UInt8] {
        let text = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
            + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">"
            + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
            + "<dc:rights><rdf:Alt><rdf:li xml:lang=\"x-default\">" + escaped(rights) + "</rdf:li></rdf:Alt></dc:rights>"
            + "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"r\"?>"
        return Array(text.utf8)
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default:
                // XML 1.0 allows no control character but tab, newline and return.
                if character.value < 0x20 && character != "\t" && character != "\n" && character != "\r" { continue }
                result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// The JPEG with an XMP APP1 and an IPTC APP13 after its leading
    /// APP0/APP1 segments (JFIF, then the orientation's EXIF, stay first).
    static func jpeg(_ bytes: [UInt8], rights: String) -> [UInt8]? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] == 0xE0 || bytes[offset + 1] == 0xE1 {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            offset += 2 + length
        }
        let xmp = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet(rights)
        guard let app1 = segment(0xE1, xmp) else { return nil }
        var inserted = app1
        if let iptc = iptc(rights), let app13 = segment(0xED, iptc) { inserted += app13 }
        return Array(bytes[..<offset]) + inserted + Array(bytes[offset...])
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8]? {
        let length = payload.count + 2
        guard length <= 0xFFFF else { return nil }
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// A Photoshop APP13 payload holding one IPTC block: UTF-8 (1:90),
    /// record version 4 (2:00) and the copyright notice (2:116, at most
    /// 128 bytes as IIM says; a longer text is left to XMP).
    static func iptc(_ rights: String) -> [UInt8]? {
        let text = Array(rights.utf8)
        guard !text.isEmpty, text.count <= 128 else { return nil }
        var data: [UInt8] = [0x1C, 0x01, 0x5A, 0x00, 0x03, 0x1B, 0x25, 0x47]
        data += [0x1C, 0x02, 0x00, 0x00, 0x02, 0x00, 0x04]
        data += [0x1C, 0x02, 0x74, UInt8(text.count >> 8), UInt8(text.count & 0xFF)] + text
        var block = Array("Photoshop 3.0\0".utf8) + Array("8BIM".utf8) + [0x04, 0x04, 0x00, 0x00]
        block += [UInt8(data.count >> 24 & 0xFF), UInt8(data.count >> 16 & 0xFF), UInt8(data.count >> 8 & 0xFF),
                  UInt8(data.count & 0xFF)] + data
        if data.count % 2 == 1 { block.append(0) }
        return block
    }

    /// The PNG with an `iTXt` chunk of the XMP packet right after `IHDR`.
    static func png(_ bytes: [UInt8], rights: String) -> [UInt8]? {
        // Signature (8), then IHDR: length (4), type (4), 13 bytes, CRC (4).
        let afterHeader = 8 + 4 + 4 + 13 + 4
        guard bytes.count >= afterHeader, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let body = Array("iTXt".utf8) + Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + packet(rights)
        let length = body.count - 4
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        var chunk = [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        chunk += body
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return Array(bytes[..<afterHeader]) + chunk + Array(bytes[afterHeader...])
    }
}
