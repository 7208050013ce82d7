/// The parts of a HEIF `meta` box that size the primary image, parsed from
/// the box's bytes held in memory (capped by ``HeaderLimits/maxBufferedBytes``).
///
/// Only fixed paths are followed (`meta` → `pitm`, `iinf` → `infe`, `iprp` →
/// `ipco`/`ipma`, `iloc`, `idat`), so nesting depth is bounded by construction;
/// tables are capped by ``HeaderLimits/maxTableEntries``.
struct HEIFMeta {
    /// The `meta` payload (after the box header); `base` is its absolute offset.
    let bytes: [UInt8]
    let base: Int

    var primaryID: UInt32?
    /// Item ID → `item_type` from `infe` version 2 or 3.
    var itemTypes: [UInt32: UInt32] = [:]
    /// `ipco` children in order; property index `n` is `properties[n - 1]`.
    var properties: [ISOBox] = []
    /// Item ID → (property index, essential) in association order.
    var associations: [UInt32: [(index: Int, essential: Bool)]] = [:]
    var itemLocations: ISOBox?
    var itemData: ISOBox?

    struct Property {
        let box: ISOBox
        let essential: Bool
    }

    init(bytes: [UInt8], base: Int, limits: HeaderLimits) throws(HeaderError) {
        self.bytes = bytes
        self.base = base
        // meta is a FullBox: version and flags first.
        let children = try ISOBox.children(of: bytes, from: 4, to: bytes.count, base: base, maxCount: limits.maxSegments)
        for box in children {
            switch box.type {
            case FourCC.code("pitm"): primaryID = try readPrimary(box)
            case FourCC.code("iinf"): try readItemInfo(box, limits: limits)
            case FourCC.code("iprp"): try readProperties(box, limits: limits)
            case FourCC.code("iloc"): itemLocations = box
            case FourCC.code("idat"): itemData = box
            default: break
            }
        }
    }

    /// Index of an absolute position in ``bytes``.
    func local(_ position: Int) -> Int { position - base }
    func end(of box: ISOBox) -> Int { local(box.end ?? base + bytes.count) }

    func malformed(_ box: ISOBox, _ detail: String) -> HeaderError {
        HeaderError(offset: box.start, reason: .malformed("'\(FourCC.name(box.type))' box (\(detail))"))
    }

    /// The properties associated with `item`, in order, that exist in `ipco`.
    func properties(of item: UInt32) -> [Property] {
        (associations[item] ?? []).compactMap { association in
            guard association.index >= 1, association.index <= properties.count else { return nil }
            return Property(box: properties[association.index - 1], essential: association.essential)
        }
    }

    private func readPrimary(_ box: ISOBox) throws(HeaderError) -> UInt32 {
        let p = local(box.payloadStart)
        guard let version = bytes.byte(at: p) else { throw malformed(box, "empty") }
        let id = version == 0 ? bytes.uint16(at: p + 4, .bigEndian).map(UInt32.init) : bytes.uint32(at: p + 4, .bigEndian)
        guard let id, p + 4 + (version == 0 ? 2 : 4) <= end(of: box) else { throw malformed(box, "truncated") }
        return id
    }

    private mutating func readItemInfo(_ box: ISOBox, limits: HeaderLimits) throws(HeaderError) {
        let p = local(box.payloadStart)
        guard let version = bytes.byte(at: p) else { throw malformed(box, "empty") }
        let first = p + 4 + (version == 0 ? 2 : 4)
        guard first <= end(of: box) else { throw malformed(box, "truncated") }
        let entries = try ISOBox.children(
            of: bytes, from: first, to: end(of: box), base: base, maxCount: limits.maxTableEntries)
        for entry in entries where entry.type == FourCC.code("infe") {
            let q = local(entry.payloadStart)
            // Versions 0 and 1 carry no item type; nothing here needs them.
            guard let entryVersion = bytes.byte(at: q), entryVersion >= 2 else { continue }
            let id: UInt32?
            let typeAt: Int
            if entryVersion == 2 {
                id = bytes.uint16(at: q + 4, .bigEndian).map(UInt32.init)
                typeAt = q + 8
            } else {
                id = bytes.uint32(at: q + 4, .bigEndian)
                typeAt = q + 10
            }
            guard let id, typeAt + 4 <= end(of: entry), let type = bytes.fourCC(at: typeAt) else {
                throw malformed(entry, "truncated")
            }
            itemTypes[id] = type
        }
    }

    private mutating func readProperties(_ box: ISOBox, limits: HeaderLimits) throws(HeaderError) {
        let children = try ISOBox.children(
            of: bytes, from: local(box.payloadStart), to: end(of: box), base: base, maxCount: limits.maxSegments)
        for child in children {
            if child.type == FourCC.code("ipco") {
                properties = try ISOBox.children(
                    of: bytes, from: local(child.payloadStart), to: end(of: child), base: base,
                    maxCount: limits.maxTableEntries)
            } else if child.type == FourCC.code("ipma") {
                try readAssociations(child, limits: limits)
            }
        }
    }

    /// `ipma`: per item, property indices of 7 bits (15 with flags bit 0) and an essential bit.
    private mutating func readAssociations(_ box: ISOBox, limits: HeaderLimits) throws(HeaderError) {
        var p = local(box.payloadStart)
        let limit = end(of: box)
        guard let version = bytes.byte(at: p), let flags = bytes.uint32(at: p, .bigEndian).map({ $0 & 0xFFFFFF }),
              let count = bytes.uint32(at: p + 4, .bigEndian) else { throw malformed(box, "truncated") }
        guard count <= UInt32(limits.maxTableEntries) else {
            throw HeaderError(offset: box.start, reason: .limitExceeded("\(limits.maxTableEntries) ipma entries"))
        }
        p += 8
        let wideIndex = flags & 1 == 1
        for _ in 0..<count {
            let id: UInt32?
            if version < 1 {
                id = bytes.uint16(at: p, .bigEndian).map(UInt32.init)
                p += 2
            } else {
                id = bytes.uint32(at: p, .bigEndian)
                p += 4
            }
            guard let id, let associationCount = bytes.byte(at: p) else { throw malformed(box, "truncated") }
            p += 1
            var list: [(index: Int, essential: Bool)] = []
            for _ in 0..<associationCount {
                if wideIndex {
                    guard let value = bytes.uint16(at: p, .bigEndian) else { throw malformed(box, "truncated") }
                    list.append((Int(value & 0x7FFF), value & 0x8000 != 0))
                    p += 2
                } else {
                    guard let value = bytes.byte(at: p) else { throw malformed(box, "truncated") }
                    list.append((Int(value & 0x7F), value & 0x80 != 0))
                    p += 1
                }
            }
            guard p <= limit else { throw malformed(box, "truncated") }
            // A repeated item keeps its first associations.
            if associations[id] == nil {
                associations[id] = list
            }
        }
    }
}
