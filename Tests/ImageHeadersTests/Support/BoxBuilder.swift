/// Builds ISO BMFF boxes (HEIF/AVIF, JPEG XL, JPEG 2000) for hand-made inputs.
enum BoxBuilder {
    static func box(_ type: String, _ payload: [UInt8], size: UInt32? = nil) -> [UInt8] {
        be32(size ?? UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    /// A FullBox: version and 24-bit flags before the payload.
    static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, UInt8((flags >> 16) & 0xFF), UInt8((flags >> 8) & 0xFF), UInt8(flags & 0xFF)] + payload)
    }

    static func ftyp(_ major: String, _ compatible: [String] = ["mif1"]) -> [UInt8] {
        box("ftyp", Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) })
    }

    static func ispe(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        fullBox("ispe", be32(width) + be32(height))
    }

    static func clap(width: UInt32, _ widthD: UInt32 = 1, height: UInt32, _ heightD: UInt32 = 1) -> [UInt8] {
        box("clap", be32(width) + be32(widthD) + be32(height) + be32(heightD) + [UInt8](repeating: 0, count: 16))
    }

    /// An `infe` v2 entry.
    static func infe(id: UInt16, type: String) -> [UInt8] {
        fullBox("infe", version: 2, be16(id) + [0, 0] + Array(type.utf8) + [0])
    }

    /// `ipma` v0; `wide` uses 15-bit indices (flags bit 0). Each association: (index, essential).
    static func ipma(_ items: [(id: UInt16, properties: [(Int, Bool)])], wide: Bool = false) -> [UInt8] {
        var payload = be32(UInt32(items.count))
        for item in items {
            payload += be16(item.id) + [UInt8(item.properties.count)]
            for (index, essential) in item.properties {
                if wide {
                    payload += be16(UInt16(index) | (essential ? 0x8000 : 0))
                } else {
                    payload.append(UInt8(index) | (essential ? 0x80 : 0))
                }
            }
        }
        return fullBox("ipma", flags: wide ? 1 : 0, payload)
    }

    /// A complete `meta` box: primary item 1, items as given, properties in `ipco` order.
    static func meta(primary: UInt16 = 1, items: [(UInt16, String)], properties: [[UInt8]],
                     associations: [(id: UInt16, properties: [(Int, Bool)])], wide: Bool = false) -> [UInt8] {
        let iinf = fullBox("iinf", be16(UInt16(items.count)) + items.flatMap { infe(id: $0.0, type: $0.1) })
        let iprp = box("iprp", box("ipco", properties.flatMap { $0 }) + ipma(associations, wide: wide))
        return fullBox("meta", fullBox("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            + fullBox("pitm", be16(primary)) + iinf + iprp)
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
