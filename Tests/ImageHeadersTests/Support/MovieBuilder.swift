/// Hand-built MP4/QuickTime and Matroska headers for the video parsers' tests.
enum MovieBuilder {
    typealias B = BoxBuilder

    /// 16.16 matrix entries a, b, c, d (u, v, w, x, y at their identity values).
    static func tkhd(width: UInt32, height: UInt32, matrix: (Int32, Int32, Int32, Int32) = (0x10000, 0, 0, 0x10000),
                     enabled: Bool = true, version: UInt8 = 0) -> [UInt8] {
        let times = [UInt8](repeating: 0, count: version == 1 ? 32 : 20)
        let fields = [UInt8](repeating: 0, count: 16)
        let (a, b, c, d) = matrix
        let values: [Int32] = [a, b, 0, c, d, 0, 0, 0, 0x4000_0000]
        return B.fullBox("tkhd", version: version, flags: enabled ? 3 : 2,
                         times + fields + values.flatMap { B.be32(UInt32(bitPattern: $0)) } + B.be32(width << 16) + B.be32(height << 16))
    }

    static func track(_ handler: String, codec: String, header: [UInt8]) -> [UInt8] {
        let hdlr = B.fullBox("hdlr", B.be32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        let stsd = B.fullBox("stsd", B.be32(1) + B.box(codec, [UInt8](repeating: 0, count: 16)))
        let stbl = B.box("stbl", stsd + B.fullBox("stsz", [UInt8](repeating: 0, count: 8)))
        return B.box("trak", header + B.box("mdia", hdlr + B.box("minf", stbl)))
    }

    static func mvhd(timescale: UInt32, duration: UInt32, created: UInt32 = 0) -> [UInt8] {
        B.fullBox("mvhd", B.be32(created) + B.be32(created) + B.be32(timescale) + B.be32(duration) + [UInt8](repeating: 0, count: 80))
    }

    /// A movie: ftyp (or none, for an old QuickTime file), then mdat before or after moov.
    static func movie(brand: String? = "isom", tracks: [[UInt8]], extra: [UInt8] = [], mdatFirst: Bool = false,
                      mvhd: [UInt8] = mvhd(timescale: 600, duration: 7488)) -> [UInt8] {
        let ftyp = brand.map { B.ftyp($0, [$0, "mp41"]) } ?? []
        let moov = B.box("moov", mvhd + tracks.joined() + extra)
        let mdat = B.box("mdat", [UInt8](repeating: 0xAB, count: 5000))
        return ftyp + (mdatFirst ? mdat + moov : moov + mdat)
    }

    /// QuickTime user data: `©day` and optionally `©xyz`.
    static func udta(day: String?, location: Bool) -> [UInt8] {
        var children: [UInt8] = []
        if let day { children += boxLatin1("\u{A9}day", B.be16(UInt16(day.utf8.count)) + [0x15, 0xC7] + Array(day.utf8)) }
        if location { children += boxLatin1("\u{A9}xyz", B.be16(18) + [0x15, 0xC7] + Array("+48.8577+002.2950/".utf8)) }
        return boxLatin1("udta", children)
    }

    /// Apple's `meta` with `mdta` keys, as iPhones write it.
    static func appleMeta(_ items: [(key: String, value: String)]) -> [UInt8] {
        let hdlr = B.fullBox("hdlr", B.be32(0) + Array("mdta".utf8) + [UInt8](repeating: 0, count: 13))
        let keys = B.fullBox("keys", B.be32(UInt32(items.count)) + items.flatMap { B.be32(UInt32(8 + $0.key.utf8.count)) + Array("mdta".utf8) + Array($0.key.utf8) })
        var list: [UInt8] = []
        for (index, item) in items.enumerated() {
            let data = B.box("data", B.be32(1) + B.be32(0) + Array(item.value.utf8))
            list += B.be32(UInt32(8 + data.count)) + B.be32(UInt32(index + 1)) + data
        }
        return B.box("meta", hdlr + keys + B.box("ilst", list))
    }

    /// A box whose type holds ©, which `BoxBuilder.box` would UTF-8 encode.
    static func boxLatin1(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        B.be32(UInt32(8 + payload.count)) + type.unicodeScalars.map { UInt8($0.value) } + payload
    }

    // MARK: Matroska

    /// An EBML element with an 8-byte size (or unknown size).
    static func element(_ id: UInt32, _ data: [UInt8], unknownSize: Bool = false) -> [UInt8] {
        var idBytes = B.be32(id)
        while idBytes.first == 0 { idBytes.removeFirst() }
        let size: [UInt8] = unknownSize ? [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
            : [0x01] + (0..<7).reversed().map { UInt8(truncatingIfNeeded: UInt64(data.count) >> (8 * $0)) }
        return idBytes + size + data
    }

    static func uint(_ id: UInt32, _ value: UInt64) -> [UInt8] {
        element(id, (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }

    static func matroska(docType: String = "webm", video: [[UInt8]], codec: String = "V_VP9", duration: Double = 2500,
                         tracksAfterCluster: Bool = false, date: Int64? = nil) -> [UInt8] {
        let header = element(0x1A45_DFA3, element(0x4282, Array(docType.utf8)))
        var info = uint(0x2A_D7B1, 1_000_000) + element(0x4489, withUnsafeBytes(of: duration.bitPattern.bigEndian, Array.init))
        if let date { info += uint(0x4461, UInt64(bitPattern: date)) }
        let videoTrack = element(0xAE, uint(0x83, 1) + element(0x86, Array(codec.utf8)) + element(0xE0, Array(video.joined())))
        let audioTrack = element(0xAE, uint(0x83, 2) + element(0x86, Array("A_OPUS".utf8)))
        let tracks = element(0x1654_AE6B, audioTrack + videoTrack)
        let cluster = element(0x1F43_B675, [UInt8](repeating: 0xA3, count: 3000))
        let infoElement = element(0x1549_A966, info)
        guard tracksAfterCluster else {
            return header + element(0x1853_8067, infoElement + tracks + cluster)
        }
        // SeekHead (fixed size: two Seek entries of 8-byte positions) names where Tracks is.
        func seekHead(tracksAt: UInt64) -> [UInt8] {
            element(0x114D_9B74, element(0x4DBB, uint(0x53AB, 0x1654_AE6B) + uint(0x53AC, tracksAt)))
        }
        let headLength = seekHead(tracksAt: 0).count
        let tracksAt = UInt64(headLength + infoElement.count + cluster.count)
        return header + element(0x1853_8067, seekHead(tracksAt: tracksAt) + infoElement + cluster + tracks)
    }
}
