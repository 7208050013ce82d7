import Dispatch
import Foundation
import Gallery
import ImageHeaders

/// `cascade scan [--json] PATH...`: the header of every image, one line per file.
///
/// Folders are walked recursively in natural order (`img2` before `img10`;
/// digit runs compare by value, letters ignore ASCII case),
/// skipping hidden entries and symbolic links found inside them; paths named
/// on the command line are read whatever they are. Headers are read on every
/// core in batches, and lines come out in input order, so the output is the
/// same on every run.
struct ScanCommand: Subcommand {
    static let name = "scan"
    static let usage = ["scan [--json] PATH..."]
    static let help = """
    scan      Reads the header of every file in PATH (folders recursively) and
              prints one line per file, tab-separated:
              path, format, WIDTHxHEIGHT, orientation, DISPLAYWxDISPLAYH
              (orientation 1-8, or - when the file has none). A file that
              cannot be read prints path, "error" and the reason.
      --json                one JSON object per line instead: path, format,
                            width, height, orientation, displayWidth,
                            displayHeight; or path and error
      Exit status 1 when any file could not be read.
    """
    static let options: [OptionSpec] = [.flag("--json")]

    var paths: [String]
    var json: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard !parsed.positionals.isEmpty || parsed.wantsHelp else {
            throw UsageError(message: "scan needs at least one file or folder")
        }
        paths = parsed.positionals
        json = parsed.flags.contains("--json")
    }

    func run() -> Int32 {
        var scan = ScanRun(json: json)
        for path in paths {
            scan.scan(path)
        }
        return scan.failed ? 1 : 0
    }
}

/// One scan: walks folders depth-first in natural order and reports each
/// folder's files as one run read on all cores, so walking and reading
/// alternate and memory stays flat however large the tree.
struct ScanRun {
    let json: Bool
    private(set) var failed = false

    init(json: Bool) {
        self.json = json
    }

    /// Deepest folder nesting followed; deeper trees are reported, not walked.
    private static let maxDepth = 128

    /// A path named on the command line: a folder is walked, anything else read
    /// through the library's checks (regular files only).
    mutating func scan(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return report(ScanLine.failure(path: path, reason: String(cString: strerror(errno)), json: json))
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            walk(path, depth: 0)
            return
        }
        do throws(FileHeaderError) {
            report(ScanLine.success(path: path, header: try ImageHeaders.read(fileAt: path), json: json))
        } catch {
            report(ScanLine.failure(path: path, reason: error.reason.description, json: json))
        }
    }

    private mutating func walk(_ folder: String, depth: Int) {
        guard depth < Self.maxDepth else {
            return report(ScanLine.failure(path: folder, reason: "folder nesting deeper than \(Self.maxDepth) levels", json: json))
        }
        guard let directory = opendir(folder) else {
            return report(ScanLine.failure(path: folder, reason: String(cString: strerror(errno)), json: json))
        }
        defer { closedir(directory) }
        let entries = ScanWalk.entries(of: directory)
        let folderFD = dirfd(directory)
        var files: [String] = []
        for entry in entries {
            if entry.isFolder {
                readFiles(&files, in: folder, descriptor: folderFD)
                walk(ScanWalk.join(folder, entry.name), depth: depth + 1)
            } else {
                files.append(entry.name)
            }
        }
        readFiles(&files, in: folder, descriptor: folderFD)
    }

    private mutating func readFiles(_ names: inout [String], in folder: String, descriptor: Int32) {
        guard !names.isEmpty else { return }
        let (text, anyFailed) = ScanBatch.lines(folder: folder, descriptor: descriptor, names: names, json: json)
        ScanBatch.writeToStandardOutput(text)
        failed = failed || anyFailed
        names.removeAll(keepingCapacity: true)
    }

    private mutating func report(_ line: (text: String, failed: Bool)) {
        ScanBatch.writeToStandardOutput(Array((line.text + "\n").utf8))
        failed = failed || line.failed
    }
}

/// Lists one folder for the walk.
enum ScanWalk {
    /// Sub-folders and regular files, in natural order (`img2` before `img10`).
    /// Hidden entries are skipped; symbolic links and special files inside
    /// folders are never followed or read.
    static func entries(of directory: OpaquePointer) -> [(name: String, isFolder: Bool)] {
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            // Names that are not UTF-8 are repaired with U+FFFD (shown, and then not found).
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let mode = info.st_mode & S_IFMT
                type = mode == S_IFDIR ? UInt8(DT_DIR) : mode == S_IFREG ? UInt8(DT_REG) : UInt8(DT_LNK)
            }
            if type == UInt8(DT_DIR) || type == UInt8(DT_REG) {
                entries.append((name, type == UInt8(DT_DIR)))
            }
        }
        // The same order as `cascade build` lists an album in.
        return NaturalOrder.sortedIndices(entries.map(\.name)).map { entries[$0] }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// Reads one folder's files on all cores and formats their lines in order.
enum ScanBatch {
    /// Files per unit of parallel work: large enough to amortise scheduling.
    private static let chunkSize = 32

    static func lines(folder: String, descriptor: Int32, names: [String], json: Bool) -> (text: [UInt8], failed: Bool) {
        let chunkCount = (names.count + chunkSize - 1) / chunkSize
        let slots = UnsafeMutableBufferPointer<(text: [UInt8], failed: Bool)>.allocate(capacity: chunkCount)
        slots.initialize(repeating: ([], false))
        defer { slots.deinitialize(); slots.deallocate() }
        nonisolated(unsafe) let shared = slots
        let prefix = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var text: [UInt8] = []
            text.reserveCapacity(chunkSize * (prefix.count + 64))
            var failed = false
            for name in names[(chunk * chunkSize)..<min(names.count, (chunk + 1) * chunkSize)] {
                failed = !read(name, in: descriptor, prefix: prefix, json: json, into: &text) || failed
            }
            shared[chunk] = (text, failed)
        }
        var all: [UInt8] = []
        var failed = false
        for slot in slots {
            all.append(contentsOf: slot.text)
            failed = failed || slot.failed
        }
        return (all, failed)
    }

    /// Reads one walked file and appends its line; `false` when it failed.
    ///
    /// A walked file is already known to be regular (from `readdir`), so it is
    /// opened relative to its folder, without following a link that replaced
    /// it, and read without a further `fstat`.
    private static func read(
        _ name: String, in folder: Int32, prefix: [UInt8], json: Bool, into text: inout [UInt8]
    ) -> Bool {
        let descriptor = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        let path = { String(decoding: prefix, as: UTF8.self) + name }
        guard descriptor >= 0 else {
            let line = ScanLine.failure(path: path(), reason: String(cString: strerror(errno)), json: json)
            text.append(contentsOf: line.text.utf8)
            text.append(0x0A)
            return false
        }
        defer { close(descriptor) }
        do throws(HeaderError) {
            let header = try ImageHeaders.read(descriptor: descriptor)
            if json || name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                text.append(contentsOf: ScanLine.success(path: path(), header: header, json: json).text.utf8)
            } else {
                ScanLine.appendPlain(prefix: prefix, name: name, header: header, to: &text)
            }
            text.append(0x0A)
            return true
        } catch {
            text.append(contentsOf: ScanLine.failure(path: path(), reason: error.description, json: json).text.utf8)
            text.append(0x0A)
            return false
        }
    }

    static func writeToStandardOutput(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = write(1, base + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}

/// The two output forms of one file's result.
enum ScanLine {
    static func success(path: String, header: ImageHeader, json: Bool) -> (text: String, failed: Bool) {
        (json ? self.json(path: path, header: header) : plain(path: path, header: header), false)
    }

    static func failure(path: String, reason: String, json: Bool) -> (text: String, failed: Bool) {
        (json ? self.json(path: path, error: reason) : plain(path: path, error: reason), true)
    }

    /// `path<TAB>format<TAB>WxH<TAB>orientation<TAB>DWxDH`; orientation `-` when the file has none.
    static func plain(path: String, header: ImageHeader) -> String {
        let orientation = header.orientationSource == .none ? "-" : header.orientation.description
        return "\(plainField(path))\t\(header.format.rawValue)\t\(header.storedSize)\t\(orientation)\t\(header.displaySize)"
    }

    static func plain(path: String, error: String) -> String {
        "\(plainField(path))\terror\t\(plainField(error))"
    }

    /// The plain line of a file whose name needs no escaping, written straight
    /// into `text` (the hot path of large scans: no intermediate strings).
    static func appendPlain(prefix: [UInt8], name: String, header: ImageHeader, to text: inout [UInt8]) {
        text.append(contentsOf: prefix)
        text.append(contentsOf: name.utf8)
        text.append(0x09)
        text.append(contentsOf: header.format.rawValue.utf8)
        text.append(0x09)
        appendSize(header.storedSize, to: &text)
        text.append(0x09)
        if header.orientationSource == .none {
            text.append(0x2D)
        } else {
            text.append(0x30 + header.orientation.rawValue)
        }
        text.append(0x09)
        appendSize(header.displaySize, to: &text)
    }

    private static func appendSize(_ size: PixelSize, to text: inout [UInt8]) {
        appendDecimal(size.width, to: &text)
        text.append(0x78)  // x
        appendDecimal(size.height, to: &text)
    }

    private static func appendDecimal(_ value: Int, to text: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(0x30 + rest % 10))
            rest /= 10
        } while rest > 0
        text.append(contentsOf: digits.reversed())
    }

    /// Keys in a fixed order; orientation is `null` when the file has none.
    static func json(path: String, header: ImageHeader) -> String {
        let orientation = header.orientationSource == .none ? "null" : header.orientation.description
        return "{\"path\":\(jsonString(path)),\"format\":\"\(header.format.rawValue)\","
            + "\"width\":\(header.storedSize.width),\"height\":\(header.storedSize.height),"
            + "\"orientation\":\(orientation),"
            + "\"displayWidth\":\(header.displaySize.width),\"displayHeight\":\(header.displaySize.height)}"
    }

    static func json(path: String, error: String) -> String {
        "{\"path\":\(jsonString(path)),\"error\":\(jsonString(error))}"
    }

    /// Control characters (a tab or newline in a file name) would break the
    /// line format; they are written as `\t`, `\n`, `\r` or `\xNN`.
    static func plainField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x00..<0x20, 0x7F: result += "\\x" + hex(scalar.value, width: 2)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A JSON string literal (RFC 8259), also escaping U+2028/U+2029.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F, 0x2028, 0x2029: result += "\\u" + hex(scalar.value, width: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
