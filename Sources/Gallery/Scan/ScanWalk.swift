import Glibc
import ImageHeaders

/// The folder walk of ``HeaderScan``, a step of batches at a time, so the
/// next folders can be listed while the files of the last ones are read.
///
/// Folders are walked depth-first in natural order: a folder's files before a
/// subfolder are one batch, read before the subfolder is entered; the files
/// after it another. A folder that cannot be opened, or lies deeper than
/// ``HeaderScan/maxDepth``, becomes an error line in its place.
struct ScanWalk {
    /// One run of a folder's files, read together and written in order.
    struct Batch: Sendable {
        let folder: String
        let handle: FolderHandle
        let names: [String]
    }

    /// A run of output in walk order: error lines of folders that could not
    /// be read, or a batch of files to read.
    enum Item: Sendable {
        case lines([UInt8])
        case batch(Batch)
    }

    /// What one ``next(files:)`` found, in order.
    struct Step: Sendable {
        var items: [Item] = []
        /// Whether an error line is among the items.
        var failed = false
        /// Whether the walk is over: no step comes after this one.
        var ended = false
    }

    /// What one ``nextBatch()`` found: the error lines of folders passed on
    /// the way, then a batch of files, or `nil` when the walk is over.
    private struct BatchStep {
        var lines: [UInt8] = []
        var failed = false
        var batch: Batch?
    }

    /// A folder being walked: its entries, listed at once, and where the walk is in them.
    private struct Frame {
        let path: String
        let handle: FolderHandle
        let entries: [FolderEntry]
        let depth: Int
        var position = 0
        var files: [String] = []
    }

    private let format: HeaderScan.Format
    private var stack: [Frame] = []
    /// Error lines not yet handed out (the root's, when it cannot be opened).
    private var pending = BatchStep()

    /// A walk of the folder at `root`.
    init(root: String, format: HeaderScan.Format) {
        self.format = format
        enter(root, depth: 0)
    }

    /// Walks on until batches of at least `files` files are found, or to the end.
    mutating func next(files: Int) -> Step {
        var step = Step()
        var found = 0
        while found < files {
            let next = nextBatch()
            if !next.lines.isEmpty { step.items.append(.lines(next.lines)) }
            step.failed = step.failed || next.failed
            guard let batch = next.batch else {
                step.ended = true
                break
            }
            step.items.append(.batch(batch))
            found += batch.names.count
        }
        return step
    }

    /// Walks on to the next batch of files.
    private mutating func nextBatch() -> BatchStep {
        var step = pending
        pending = BatchStep()
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].position < stack[top].entries.count else {
                let frame = stack.removeLast()
                if let batch = Self.batch(of: frame) { step.batch = batch; return step }
                continue
            }
            let entry = stack[top].entries[stack[top].position]
            switch entry.kind {
            case .folder:
                // The files before a subfolder are written before anything in it.
                if let batch = Self.batch(of: stack[top]) {
                    stack[top].files.removeAll()
                    step.batch = batch
                    return step
                }
                stack[top].position += 1
                enter(PathText.join(stack[top].path, entry.name), depth: stack[top].depth + 1)
                step.lines += pending.lines
                step.failed = step.failed || pending.failed
                pending = BatchStep()
            case .file:
                stack[top].position += 1
                if !AlbumListing.isIgnored(entry.name) { stack[top].files.append(entry.name) }
            case .symbolicLink, .special, .unknown:
                // Symbolic links and special files inside folders are never followed or read.
                stack[top].position += 1
            }
        }
        return step
    }

    private static func batch(of frame: Frame) -> Batch? {
        frame.files.isEmpty ? nil : Batch(folder: frame.path, handle: frame.handle, names: frame.files)
    }

    /// Lists the folder at `path` and makes it the one walked, or notes its error line in ``pending``.
    private mutating func enter(_ path: String, depth: Int) {
        guard depth < HeaderScan.maxDepth else {
            return fail(path, "folder nesting deeper than \(HeaderScan.maxDepth) levels")
        }
        guard let directory = opendir(path) else {
            return fail(path, SystemCallError(call: "opendir", code: errno).description)
        }
        defer { closedir(directory) }
        let entries = FolderEntry.read(directory)
        // Its files are read after the listing is closed, while the walk goes on.
        let descriptor = fcntl(dirfd(directory), F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else {
            return fail(path, SystemCallError(call: "fcntl", code: errno).description)
        }
        stack.append(Frame(path: path, handle: FolderHandle(descriptor: descriptor), entries: entries, depth: depth))
    }

    private mutating func fail(_ path: String, _ reason: String) {
        let line = ScanLine.failure(path: path, reason: reason, format: format)
        pending.lines += Array((line.text + "\n").utf8)
        pending.failed = true
    }
}

/// An open folder whose files are opened relative to it; closed when the
/// walk and the last batch of its files are done with it.
final class FolderHandle: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
