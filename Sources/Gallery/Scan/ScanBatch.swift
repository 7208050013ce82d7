import Glibc
import ImageHeaders
import Parallel

/// Reads the batches of files of one step of the walk on every core and
/// formats their lines in walk order.
enum ScanBatch {
    /// Files per unit of parallel work: large enough to amortise scheduling.
    static let chunkSize = 32
    /// Files the walk gathers for one round of parallel reading (several
    /// folders of a photo library): few rounds, so the cores seldom wait for
    /// each other, and a bounded number of lines held at once.
    static let filesPerRound = 4096

    /// One unit's lines, or (the first unit) the walk's next step.
    private struct Part: Sendable {
        var text: [UInt8] = []
        var failed = false
        var next: ScanWalk.Step?
    }

    /// The lines of `step` (its error lines and its batches' files, in
    /// order), and what `walkOn` returned unless the walk has ended: it runs
    /// as one more unit of the same parallel work, so the next folders are
    /// listed while these are read, not after.
    static func lines(_ step: ScanWalk.Step, format: HeaderScan.Format,
                      alongside walkOn: @Sendable () -> ScanWalk.Step)
        -> (text: [UInt8], failed: Bool, next: ScanWalk.Step?) {
        let batches = step.items.compactMap { item -> ScanWalk.Batch? in
            if case .batch(let batch) = item { batch } else { nil }
        }
        let starts = batches.map { LineStart(folder: $0.folder, format: format) }
        let units = batches.enumerated().flatMap { index, batch in
            stride(from: 0, to: batch.names.count, by: chunkSize).map { first in
                (batch: index, files: first..<min(batch.names.count, first + chunkSize))
            }
        }
        let walks = step.ended ? 0 : 1
        let parts = ParallelWork.map(count: units.count + walks) { index -> Part in
            guard index >= walks else { return Part(next: walkOn()) }
            let unit = units[index - walks]
            let batch = batches[unit.batch], line = starts[unit.batch]
            var part = Part()
            part.text.reserveCapacity(unit.files.count * line.typicalLength)
            for name in batch.names[unit.files] {
                part.failed = !read(name, in: batch.handle.descriptor, line: line, into: &part.text) || part.failed
            }
            return part
        }
        var all: [UInt8] = []
        all.reserveCapacity(parts.reduce(0) { $0 + $1.text.count })
        var failed = step.failed
        var next = walks
        var batchIndex = 0
        for item in step.items {
            switch item {
            case .lines(let lines):
                all.append(contentsOf: lines)
            case .batch:
                while next < parts.count, units[next - walks].batch == batchIndex {
                    all.append(contentsOf: parts[next].text)
                    failed = failed || parts[next].failed
                    next += 1
                }
                batchIndex += 1
            }
        }
        // The batches' handles are let go here, after their last files were opened.
        withExtendedLifetime(batches) {}
        return (all, failed, walks == 1 ? parts[0].next : nil)
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
