/// One Ogg page: a 27-byte header, a table of segment lengths (lacing
/// values), and a body of at most 255 × 255 bytes holding packets.
struct OggPage {
    /// Header type flag 0x02: the first page of a logical stream.
    let beginsStream: Bool
    /// Where the body starts in the file.
    let bodyStart: Int
    /// Where the next page starts.
    let end: Int
    /// The first packet's bytes (the segments up to the first lacing value
    /// under 255, or the whole body when the packet goes on to the next page).
    let firstPacket: [UInt8]

    /// Reads the page at `position`, or nil when no page starts there (the
    /// end of the input, or bytes that are not `OggS`).
    static func read<Source: ByteSource>(at position: Int, using reader: inout Reader<Source>) throws(HeaderError) -> OggPage? {
        let head = try reader.readAvailable(at: position, upTo: 27)
        guard head.count == 27, head.matches(Array("OggS".utf8), at: 0) else { return nil }
        guard head[4] == 0 else { throw HeaderError(offset: position + 4, reason: .unsupported("Ogg version \(head[4])")) }
        let segmentCount = Int(head[26])
        let lacing = try reader.readAvailable(at: position + 27, upTo: segmentCount)
        guard lacing.count == segmentCount else { throw InputPart("Ogg page segment table", at: position + 27).truncated }
        let bodyLength = lacing.reduce(0) { $0 + Int($1) }
        var packetLength = 0
        for value in lacing {
            packetLength += Int(value)
            if value < 255 { break }
        }
        let bodyStart = position + 27 + segmentCount
        let packet = try reader.readAvailable(at: bodyStart, upTo: packetLength)
        guard packet.count == packetLength else { throw InputPart("Ogg page", at: position).truncated }
        return OggPage(beginsStream: head[5] & 0x02 != 0, bodyStart: bodyStart,
                       end: bodyStart + bodyLength, firstPacket: packet)
    }
}
