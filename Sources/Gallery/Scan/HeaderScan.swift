import Glibc
import ImageHeaders

/// `cascade scan`: the header of every file under some paths, one line per
/// file, written as it is read.
///
/// Folders are walked depth-first in natural order with the rules
/// `cascade build` lists an album with: hidden entries and companion files
/// (`notes.md`, `IMG_1.xmp`, `album.json`, ``AlbumListing/ignoredExtensions``)
/// are passed over, and so are the symbolic links and special files found
/// inside folders; paths named by the caller are read whatever they are. Each folder's files are read on every core as one
/// batch and their lines come out in order, so walking and reading alternate,
/// memory stays flat however large the tree, and the output is the same on
/// every run.
public struct HeaderScan {
    /// How each line is written.
    public enum Format: Sendable {
        /// `path<TAB>format<TAB>WxH<TAB>orientation<TAB>DWxDH`, or `path<TAB>error<TAB>reason`.
        case plain
        /// One JSON object per line.
        case json
    }

    /// Deepest folder nesting followed; deeper trees are reported, not walked.
    static let maxDepth = 128

    let format: Format
    /// Receives the output, a run of whole lines at a time.
    let emit: ([UInt8]) -> Void
    /// Whether any file or folder could not be read.
    public private(set) var failed = false

    public init(format: Format, emit: @escaping ([UInt8]) -> Void) {
        self.format = format
        self.emit = emit
    }

    /// Scans every path in order; `false` when any could not be read.
    public static func run(_ paths: [String], format: Format, emit: @escaping ([UInt8]) -> Void) -> Bool {
        var scan = HeaderScan(format: format, emit: emit)
        for path in paths { scan.scan(path) }
        return !scan.failed
    }

    /// A path named by the caller: a folder is walked, anything else read
    /// through the library's checks (regular files only).
    public mutating func scan(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return report(ScanLine.failure(path: path, reason: SystemCallError(call: "stat", code: errno).description,
                                           format: format))
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            walk(path, depth: 0)
            return
        }
        do throws(FileHeaderError) {
            report(ScanLine.success(path: path, header: try CameraRawHeader.read(fileAt: path), format: format))
        } catch {
            report(ScanLine.failure(path: path, reason: error.reason.description, format: format))
        }
    }

    private mutating func walk(_ folder: String, depth: Int) {
        guard depth < Self.maxDepth else {
            return report(ScanLine.failure(path: folder, reason: "folder nesting deeper than \(Self.maxDepth) levels",
                                           format: format))
        }
        guard let directory = opendir(folder) else {
            return report(ScanLine.failure(path: folder, reason: SystemCallError(call: "opendir", code: errno).description,
                                           format: format))
        }
        defer { closedir(directory) }
        let entries = FolderEntry.read(directory)
        let descriptor = dirfd(directory)
        var files: [String] = []
        // Symbolic links and special files inside folders are never followed or read.
        for entry in entries {
            switch entry.kind {
            case .folder:
                readFiles(&files, in: folder, descriptor: descriptor)
                walk(PathText.join(folder, entry.name), depth: depth + 1)
            case .file:
                if !AlbumListing.isIgnored(entry.name) { files.append(entry.name) }
            case .symbolicLink, .special, .unknown:
                continue
            }
        }
        readFiles(&files, in: folder, descriptor: descriptor)
    }

    private mutating func readFiles(_ names: inout [String], in folder: String, descriptor: Int32) {
        guard !names.isEmpty else { return }
        let (text, anyFailed) = ScanBatch.lines(folder: folder, descriptor: descriptor, names: names, format: format)
        emit(text)
        failed = failed || anyFailed
        names.removeAll(keepingCapacity: true)
    }

    private mutating func report(_ line: (text: String, failed: Bool)) {
        emit(Array((line.text + "\n").utf8))
        failed = failed || line.failed
    }
}
