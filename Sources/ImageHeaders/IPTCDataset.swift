/// One IPTC-IIM dataset: `1C`, record number, dataset number, a 2-byte
/// length (high bit set: that many following bytes hold the length), data.
struct IPTCDataset {
    let record: UInt8
    let number: UInt8
    let data: ArraySlice<UInt8>

    /// The datasets in `bytes`, in order. The list ends at the first byte that
    /// is not the tag marker `1C` (writers pad with zeros). A dataset running
    /// past the end, or an extended length over 4 bytes, throws at its offset.
    static func all(in bytes: [UInt8]) throws(HeaderError) -> [IPTCDataset] {
        var datasets: [IPTCDataset] = []
        var position = 0
        while position + 5 <= bytes.count, bytes[position] == 0x1C {
            let part = InputPart("IPTC dataset", at: position)
            var length = Int(bytes[position + 3]) << 8 | Int(bytes[position + 4])
            var dataStart = position + 5
            if length & 0x8000 != 0 {
                let lengthBytes = length & 0x7FFF
                guard (1...4).contains(lengthBytes) else {
                    throw HeaderError(offset: position, reason: .malformed("IPTC dataset (extended length of \(lengthBytes) bytes)"))
                }
                guard dataStart + lengthBytes <= bytes.count else { throw part.truncated }
                length = bytes[dataStart..<(dataStart + lengthBytes)].reduce(0) { $0 << 8 | Int($1) }
                dataStart += lengthBytes
            }
            guard length <= bytes.count - dataStart else { throw part.truncated }
            datasets.append(IPTCDataset(record: bytes[position + 1], number: bytes[position + 2],
                                        data: bytes[dataStart..<(dataStart + length)]))
            position = dataStart + length
        }
        return datasets
    }
}
