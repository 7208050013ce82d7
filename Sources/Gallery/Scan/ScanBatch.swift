import Glibc
import ImageHeaders
import Parallel

/// Reads one folder's files on every core and formats their lines in order.
enum ScanBatch {
    /// Files per unit of parallel work: large enough to amortise scheduling.
    static let chunkSize = 32

    static func lines(folder: String, descriptor: Int32, names: [String],
                      format: HeaderScan.Format) -> (text: [UInt8], failed: Bool) {
        let prefix = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8)
        let chunks = ParallelWork.map(count: (names.count + chunkSize - 1) / chunkSize) { chunk in
            var text: [UInt8] = []
            text.reserveCapacity(chunkSize * (prefix.count + 64))
            var failed = false
            for name in names[(chunk * chunkSize)..<min(names.count, (chunk + 1) * chunkSize)] {
                failed = !read(name, in: descriptor, prefix: prefix, format: format, into: &text) || failed
            }
            return (text: text, failed: failed)
        }
        var all: [UInt8] = []
        var failed = false
        for chunk in chunks {
            all.append(contentsOf: chunk.text)
            failed = failed || chunk.failed
        }
        return (all, failed)
    }

    /// Reads one walked file and appends its line; `false` when it failed.
    ///
    /// A walked file is already known to be regular (from `readdir`), so it is
    /// opened relative to its folder, without following a link that replaced
    /// it, and read without a further `fstat`.
    private static func read(_ name: String, in folder: Int32, prefix: [UInt8], format: HeaderScan.Format,
                             into text: inout [UInt8]) -> Bool {
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
                ScanLine.appendJSON(prefix: prefix, name: name, header: header, to: &text)
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
