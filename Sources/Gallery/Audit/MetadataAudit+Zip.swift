import Glibc
import XMP
import ImageHeaders
import PhotoMetadata

extension MetadataAudit {
    /// How much of each ZIP entry is read: the header scan's share of a file
    /// (metadata sits in the first bytes of a JPEG), so a ZIP bomb costs at most this per entry.
    static let zipEntryPrefix = 4 << 20

    /// Whether the file in `descriptor` starts like a ZIP archive (`PK\3\4`).
    static func isZip(descriptor: Int32) -> Bool {
        var magic = [UInt8](repeating: 0, count: 4)
        let read = magic.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
        return read == 4 && magic == [0x50, 0x4B, 0x03, 0x04]
    }

    /// What each entry of the ZIP at `path` carries, as `path:entry`
    /// (`site/album-….zip:IMG_1.jpg`), entries in archive order; one error
    /// finding when the archive cannot be read or lists too many entries.
    /// Empty for a file that is not a ZIP.
    static func zipFindings(atPath path: String) -> [AuditFinding] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        guard isZip(descriptor: descriptor) else { return [] }
        let reader: ZipReader
        do throws(ZipReader.Failure) {
            reader = try ZipReader(descriptor: descriptor)
        } catch {
            return [AuditFinding(path: path, carries: [], error: "ZIP not read: \(error.message)")]
        }
        var findings: [AuditFinding] = []
        for index in 0..<reader.count {
            guard let entry = reader.entry(index) else { continue }
            let shown = path + ":" + entry.name
            let bytes: [UInt8]
            do throws(ZipReader.Failure) {
                bytes = try reader.prefix(of: index, limit: zipEntryPrefix)
            } catch {
                findings.append(AuditFinding(path: shown, carries: [], error: error.message))
                continue
            }
            if entry.name.lowercased().hasSuffix(".xmp") {
                if let packet = try? XMPPacket.parse(bytes) {
                    let summary = PrivacySummary(header: nil, sidecar: packet)
                    if !summary.isEmpty { findings.append(AuditFinding(path: shown, carries: summary.findings)) }
                }
                continue
            }
            guard let header = try? ImageHeader.read(from: BytesSource(bytes: bytes)) else { continue }
            let summary = PrivacySummary(header: header.metadata)
            if !summary.isEmpty { findings.append(AuditFinding(path: shown, carries: summary.findings)) }
        }
        return findings
    }
}

/// Bytes already in memory, read by the header parsers.
private struct BytesSource: ByteSource {
    let bytes: [UInt8]

    func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + min(count, bytes.count - offset))])
    }
}
