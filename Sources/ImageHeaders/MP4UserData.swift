/// The recording date and location a phone or camera writes beside the
/// tracks: QuickTime user data (`udta`: `©day`, `©xyz`) and Apple's
/// metadata box (`meta` with `mdta` keys: `com.apple.quicktime.creationdate`,
/// `com.apple.quicktime.location.ISO6709`).
struct MP4UserData {
    /// Apple's creation date, else `©day`, as written (ISO 8601).
    var creationDate: String? { appleCreationDate ?? dayText }
    var hasLocation = false
    /// Apple's content identifier, which pairs a Live Photo's movie with its still.
    var contentIdentifier: String?
    private var dayText: String?
    private var appleCreationDate: String?

    static let creationKey = "com.apple.quicktime.creationdate"
    static let locationKey = "com.apple.quicktime.location.ISO6709"
    static let contentIdentifierKey = "com.apple.quicktime.content.identifier"

    mutating func readUserData<Source: ByteSource>(_ box: ISOBox, using reader: inout Reader<Source>) throws(HeaderError) {
        guard let end = box.end else { return }
        for child in try ISOBox.children(in: box.payloadStart..<end, using: &reader) {
            switch child.type {
            case 0xA978_797A:  // ©xyz
                hasLocation = true
            case 0xA964_6179:  // ©day: a QuickTime text atom (length, language, text)
                let bytes = try child.payload(upTo: 256, using: &reader)
                guard let length = bytes.uint16(at: 0, .bigEndian), bytes.count >= 4 else { continue }
                dayText = ExifText.clean(Array(bytes[4..<min(bytes.count, 4 + Int(length))]))
            case FourCC.code("meta"):
                try readMetadata(child, using: &reader)
            default: break
            }
        }
    }

    /// An `mdta` metadata box: `keys` names each item, `ilst` holds their values by index.
    mutating func readMetadata<Source: ByteSource>(_ box: ISOBox, using reader: inout Reader<Source>) throws(HeaderError) {
        guard let end = box.end, end - box.payloadStart <= reader.limits.maxBufferedBytes else { return }
        let base = box.payloadStart
        let bytes = try reader.readAvailable(at: base, upTo: end - base)
        // QuickTime's `meta` has no version/flags field; ISO's has four bytes of them.
        let start = bytes.matches(Array("hdlr".utf8), at: 4) ? 0 : 4
        let children = try ISOBox.children(of: bytes, from: start, to: bytes.count, base: base, maxCount: reader.limits.maxSegments)
        var keys: [String] = []
        if let keyBox = children.first(where: { $0.type == FourCC.code("keys") }) {
            // version/flags, count, then entries of (size, namespace, name).
            var index = keyBox.payloadStart - base + 8
            let keysEnd = (keyBox.end ?? base + bytes.count) - base
            while index + 8 <= keysEnd, keys.count < reader.limits.maxTableEntries {
                guard let size = bytes.uint32(at: index, .bigEndian), size >= 8, index + Int(size) <= keysEnd else { break }
                keys.append(String(decoding: bytes[(index + 8)..<(index + Int(size))], as: UTF8.self))
                index += Int(size)
            }
        }
        guard let list = children.first(where: { $0.type == FourCC.code("ilst") }), let listEnd = list.end else { return }
        let items = try ISOBox.children(of: bytes, from: list.payloadStart - base, to: listEnd - base, base: base,
                                        maxCount: reader.limits.maxSegments)
        for item in items {
            // An item's type is its key's 1-based index.
            let index = Int(item.type)
            guard index >= 1, index <= keys.count else { continue }
            let key = keys[index - 1]
            if key == Self.locationKey { hasLocation = true }
            guard key == Self.creationKey || key == Self.contentIdentifierKey, let itemEnd = item.end else { continue }
            let values = try ISOBox.children(of: bytes, from: item.payloadStart - base, to: itemEnd - base, base: base, maxCount: 16)
            // `data`: type indicator and locale (8 bytes), then the UTF-8 value.
            if let data = values.first(where: { $0.type == FourCC.code("data") }), let dataEnd = data.end,
               data.payloadStart - base + 8 <= dataEnd - base {
                let text = ExifText.clean(Array(bytes[(data.payloadStart - base + 8)..<(dataEnd - base)]))
                if key == Self.creationKey { appleCreationDate = text } else { contentIdentifier = text }
            }
        }
    }
}
