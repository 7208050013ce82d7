import Foundation
import Glibc
import Synchronization

/// Watches folder trees with inotify and calls back once per burst of
/// changes: every folder is watched (new ones as they appear), and a change
/// waits for ``debounce`` seconds of quiet, so one save is one rebuild.
///
/// The callback runs on the watcher's own thread; changes made while it runs
/// are collected and call it once more afterwards.
public final class Watcher: Sendable {
    private struct State {
        /// Watch descriptor → the folder it watches.
        var folders: [Int32: String] = [:]
        /// Folders inotify refused (the `fs.inotify.max_user_watches` limit).
        var unwatched = 0
    }

    public let debounce: Double
    private let fd: Int32
    private let excluded: Set<String>
    private let state = Mutex(State())
    private let stopping = Atomic<Bool>(false)
    private let onChange: @Sendable () -> Void

    /// Watches `roots` and every folder below them except `excluding`
    /// (the output folder when it lies inside the album, even before a
    /// build has made it) and hidden ones.
    public init(roots: [String], excluding: [String] = [], debounce: Double = 0.2,
                onChange: @escaping @Sendable () -> Void) throws(ServerError) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .watch(path: roots.first ?? "", reason: String(cString: strerror(errno))) }
        self.debounce = debounce
        self.onChange = onChange
        excluded = Set(excluding.compactMap(CanonicalPath.resolvedOrPlanned))
        for root in roots {
            guard let resolved = CanonicalPath.resolved(root) else { continue }
            if addTree(resolved) == false {
                close(fd)
                throw .watch(path: root, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Folders watched now.
    public var folderCount: Int { state.withLock { $0.folders.count } }

    /// Folders below the roots that could not be watched (changes there go
    /// unseen): nonzero when the system's inotify watch limit is reached.
    public var unwatchedCount: Int { state.withLock { $0.unwatched } }

    public func start() {
        Thread.detachNewThread { [self] in run() }
    }

    /// Stops watching; the thread closes the descriptor as it ends.
    public func stop() {
        stopping.store(true, ordering: .relaxed)
    }

    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    /// Watches `path` and its subfolders; false if even `path` cannot be watched.
    @discardableResult
    private func addTree(_ path: String) -> Bool {
        guard !excluded.contains(path) else { return true }
        let wd = inotify_add_watch(fd, path, Self.mask)
        guard wd >= 0 else {
            state.withLock { $0.unwatched += 1 }
            return false
        }
        state.withLock { $0.folders[wd] = path }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names.sorted() where !Self.isIgnored(name) {
            let child = path + "/" + name
            var info = stat()
            // lstat: a link to a folder is not followed (it may loop).
            if lstat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { addTree(child) }
        }
        return true
    }

    /// Editor droppings and hidden files are not part of an album.
    private static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasPrefix("#")
    }

    private func run() {
        var pending = false
        var lastChange = 0.0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !stopping.load(ordering: .relaxed) {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = pending ? max(1, Int32((lastChange + debounce - SocketIO.now()) * 1000)) : 100
            if poll(&entry, 1, min(wait, 100)) > 0 {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0, readEvents(buffer, count: count) {
                    pending = true
                    lastChange = SocketIO.now()
                }
            }
            if pending, SocketIO.now() - lastChange >= debounce {
                pending = false
                onChange()
            }
        }
        close(fd)
    }

    /// Handles a batch of events; true if any is a change that matters.
    private func readEvents(_ buffer: [UInt8], count: Int) -> Bool {
        var changed = false
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                 raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                 Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { changed = true; continue }
            if mask & UInt32(IN_IGNORED) != 0 {
                state.withLock { _ = $0.folders.removeValue(forKey: wd) }
                continue
            }
            guard let folder = state.withLock({ $0.folders[wd] }) else { continue }
            if name.isEmpty {
                // The watched folder itself was deleted or moved.
                changed = true
                continue
            }
            let path = folder + "/" + name
            if Self.isIgnored(name) || excluded.contains(path) { continue }
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { addTree(path) }
            changed = true
        }
        return changed
    }
}
