import Glibc
import ImageHeaders
import Synchronization

/// `cascade scan`: the header of every file under some paths, one line per
/// file, written as it is read.
///
/// Folders are walked depth-first in natural order with the rules
/// `cascade build` lists an album with: hidden entries and companion files
/// (`notes.md`, `IMG_1.xmp`, `album.json`, ``AlbumListing/ignoredExtensions``)
/// are passed over, and so are the symbolic links and special files found
/// inside folders; paths named by the caller are read whatever they are.
/// Files are read on every core a round of folders at a time
/// (``ScanBatch/filesPerRound``) while the walk lists the next ones
/// (``ScanWalk``), and their lines come out in order, so memory stays flat
/// however large the tree, and the output is the same on every run. Headers are read for their layout only (``HeaderDetail``):
/// the lines hold no metadata.
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
            walk(path)
            return
        }
        do throws(FileHeaderError) {
            report(ScanLine.success(path: path, header: try CameraRawHeader.read(fileAt: path, detail: .layout),
                                    format: format))
        } catch {
            report(ScanLine.failure(path: path, reason: error.reason.description, format: format))
        }
    }

    /// Walks the folder at `root`, reading each round of files on every core
    /// while the walk lists the folders after it. The first round is one
    /// batch, so reading starts as soon as one folder is listed; later ones
    /// gather several folders, so the cores meet less often.
    private mutating func walk(_ root: String) {
        let walk = Mutex(ScanWalk(root: root, format: format))
        var step = walk.withLock { $0.next(files: 1) }
        while true {
            let read = ScanBatch.lines(step, format: format) { walk.withLock { $0.next(files: ScanBatch.filesPerRound) } }
            if !read.text.isEmpty { emit(read.text) }
            failed = failed || read.failed
            guard let next = read.next else { return }
            step = next
        }
    }

    private mutating func report(_ line: (text: String, failed: Bool)) {
        emit(Array((line.text + "\n").utf8))
        failed = failed || line.failed
    }
}
