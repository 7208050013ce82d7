import Glibc
import ImageHeaders
import PhotoMetadata
import XMP

/// `cascade audit`: every file under a folder that carries GPS positions,
/// camera or lens serial numbers, owner names or location fields (Exif,
/// IPTC-IIM, embedded XMP, `.xmp` sidecars, and a movie's QuickTime
/// location: published videos and motion clips), so a site can be checked
/// before it is published.
///
/// Unlike the album walk, this one is for anyone's site: hidden files and
/// folders are included (a forgotten `.originals/` leaks as well), symbolic
/// links are never followed, and every regular file is tried, whatever its
/// name; files that are not images read as clean. Entries are visited in
/// byte order of their names, so the output is the same on every run.
/// Only the bytes the header scan reads are looked at (PNG XMP after `IDAT`
/// is not seen). Inside a ZIP each entry is audited the same way
/// (``zipFindings(atPath:)``).
public enum MetadataAudit {
    /// Deepest folder nesting followed; deeper trees are reported as errors.
    static let maxDepth = 128

    /// Walks `folder`, calling `report` for each file that carries something
    /// or could not be read, in walk order. Returns the number of reports.
    @discardableResult
    public static func run(_ folder: String, report: (AuditFinding) -> Void) -> Int {
        var count = 0
        walk(folder, depth: 0) { finding in
            count += 1
            report(finding)
        }
        return count
    }

    /// What one regular file carries: `nil` when nothing or when it is not
    /// an image or XMP packet; a finding with ``AuditFinding/error`` when it
    /// cannot be opened.
    public static func findings(inFileAt path: String) -> AuditFinding? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            return AuditFinding(path: path, carries: [], error: SystemCallError(call: "open", code: errno).description)
        }
        defer { close(descriptor) }
        let summary: PrivacySummary
        if path.lowercased().hasSuffix(".xmp") {
            guard let packet = try? XMPPacket.parse(fileAt: path) else { return nil }
            summary = PrivacySummary(header: nil, sidecar: packet)
        } else {
            guard let header = try? ImageHeader.read(descriptor: descriptor) else { return nil }
            summary = PrivacySummary(header: header.metadata)
            // A movie's recording place (a phone's `©xyz` or Apple location key): published
            // videos and motion clips must not carry it.
            if header.video?.hasLocation == true {
                return AuditFinding(path: path, carries: summary.findings + ["QuickTime location"])
            }
        }
        return summary.isEmpty ? nil : AuditFinding(path: path, carries: summary.findings)
    }

    private static func walk(_ folder: String, depth: Int, report: (AuditFinding) -> Void) {
        guard depth < maxDepth else {
            return report(AuditFinding(path: folder, carries: [], error: "folder nesting deeper than \(maxDepth) levels"))
        }
        guard let directory = opendir(folder) else {
            return report(AuditFinding(path: folder, carries: [], error: SystemCallError(call: "opendir", code: errno).description))
        }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            var type = Int(entry.pointee.d_type)
            if type == DT_UNKNOWN {
                var info = stat()
                guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? DT_DIR : info.st_mode & S_IFMT == S_IFREG ? DT_REG : DT_LNK
            }
            // Links and special files are never followed or read.
            if type == DT_DIR || type == DT_REG { entries.append((name, type == DT_DIR)) }
        }
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        for entry in entries {
            let path = folder.hasSuffix("/") ? folder + entry.name : folder + "/" + entry.name
            if entry.isFolder {
                walk(path, depth: depth + 1, report: report)
            } else if let finding = findings(inFileAt: path) {
                report(finding)
            } else {
                // An album download: each entry audited as a file would be.
                zipFindings(atPath: path).forEach(report)
            }
        }
    }
}
