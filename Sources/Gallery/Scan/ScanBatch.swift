import Glibc
import ImageHeaders
import Parallel

/// Reads one batch of a folder's files on every core and formats their lines in order.
enum ScanBatch {
    /// Files per unit of parallel work: large enough to amortise scheduling.
    static let chunkSize = 32

    /// One unit's lines, or (the first unit) the walk's next step.
    private struct Part: Sendable {
        var text: [UInt8] = []
        var failed = false
        var next: ScanWalk.Step?
    }

    /// The lines of `batch`'s files, and what `walkOn` returned: it runs as
    /// one more unit of the same parallel work, so the next folder is listed
    /// while this one is read, not after.
    static func lines(_ batch: ScanWalk.Batch, format: HeaderScan.Format,
                      alongside walkOn: @Sendable () -> ScanWalk.Step)
        -> (text: [UInt8], failed: Bool, next: ScanWalk.Step) {
        let names = batch.names
        let descriptor = batch.handle.descriptor
        let line = LineStart(folder: batch.folder, format: format)
        let chunks = (names.count + chunkSize - 1) / chunkSize
        let parts = ParallelWork.map(count: chunks + 1) { index -> Part in
            guard index > 0 else { return Part(next: walkOn()) }
            let chunk = index - 1
            var part = Part()
            part.text.reserveCapacity(chunkSize * line.typicalLength)
            for name in names[(chunk * chunkSize)..<min(names.count, (chunk + 1) * chunkSize)] {
                part.failed = !read(name, in: descriptor, line: line, into: &part.text) || part.failed
            }
            return part
        }
        var all: [UInt8] = []
        all.reserveCapacity(parts.reduce(0) { $0 + $1.text.count })
        var failed = false
        for part in parts.dropFirst() {
            all.append(contentsOf: part.text)
            failed = failed || part.failed
        }
        // The batch's handle is let go here, after its last file was opened.
        withExtendedLifetime(batch.handle) {}
        return (all, failed, parts[0].next!)
    }

    /// Reads one walked file and appends its line; `false` when it failed.
    ///
    /// A walked file is already known to be regular (from `readdir`), so it is
    /// opened relative to its folder, without following a link that replaced
    /// it, and read without a further `fstat`.
    private static func read(_ name: String, in folder: Int32, line: LineStart, into text: inout [UInt8]) -> Bool {
        let format = line.format
        let prefix = line.prefix
        let descriptor = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        let path = { String(decoding: prefix, as: UTF8.self) + name }
        guard descriptor >= 0 else {
            let line = ScanLine.failure(path: path(), reason: SystemCallError(call: "openat", code: errno).description,
                                        format: format)
            text.append(contentsOf: line.text.utf8)
            text.append(0x0A)
            return false
        }
        defer { close(descriptor) }
        do throws(FileHeaderError) {
            // The path is made into a string only when something needs it
            // (an error, a camera RAW for LibRaw): a line is written as bytes.
            var header: ImageHeader
            do throws(HeaderError) {
                // A scan prints the layout alone: the metadata is not decoded.
                header = try ImageHeader.read(descriptor: descriptor, detail: .layout)
            } catch {
                throw FileHeaderError(path: path(), reason: .header(error))
            }
            if header.format.isCameraRaw {
                header = try CameraRawHeader.completing(header, fileAt: path())
            }
            if format == .json {
                ScanLine.appendJSON(line, name: name, header: header, to: &text)
            } else if name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                text.append(contentsOf: ScanLine.success(path: path(), header: header, format: format).text.utf8)
            } else {
                ScanLine.appendPlain(prefix: prefix, name: name, header: header, to: &text)
            }
            text.append(0x0A)
            return true
        } catch {
            text.append(contentsOf: ScanLine.failure(path: path(), reason: error.reason.description, format: format).text.utf8)
            text.append(0x0A)
            return false
        }
    }
}
