import BeneathPath
import Foundation
import ImageHeaders
import Parallel

/// The output folder, written so that nothing Cascade did not make is ever lost.
///
/// Cascade records every file it writes in `.cascade-manifest`. A later build
/// overwrites or removes only files listed there; a file in the way that is not
/// listed stops the build before anything is written.
///
/// The manifest holds one path per line, encoded by ``LineField`` after a
/// first line ``manifestHeader``; a line that does not decode is not
/// Cascade's, so it is never deleted (at worst the file it meant is in the
/// way and the build stops). A manifest without the header is the older raw
/// format and is read as such.
struct OutputFolder: Sendable {
    static let manifestName = ".cascade-manifest"
    static let manifestHeader = "cascade-manifest 2"

    let root: URL
    /// The folder, open: every write, rename and removal goes through it.
    let folder: ConfinedFolder
    /// The folder as messages show it.
    let displayName: String
    /// What the previous build wrote (relative paths).
    private(set) var owned: Set<String>
    /// Whether this build wrote the manifest for ``owned`` (``recordIntent(_:)``):
    /// then the file on disk says exactly that.
    private var intentRecorded = false
    /// ``owned`` in manifest order, when known: a rebuild of a large site
    /// merges its few new paths in rather than sorting 200,000 again.
    private var ownedInOrder: [String]?
    /// What ``recordIntent(_:)`` added to ``owned`` in this build, when
    /// ``tracksAdded`` (a rebuild that carries albums needs it; a cold
    /// build would hold every path twice) or ``untouched``.
    private(set) var added: Set<String> = []
    var tracksAdded = false
    /// Whether the folder is exactly as the last clean build left it: its
    /// stamp matched that build's snapshot, taken after the build checked
    /// that every file of its manifest was there (``Site/recordSnapshot``).
    /// Then ``holds(_:)`` asks nothing of the disk: a rebuild of 100,000
    /// photos does not `stat` 100,000 renditions it knows are there.
    var untouched = false
    /// `SOURCE_DATE_EPOCH`: the modification time of every file written, and
    /// the latest an original keeps, so the folder's times are reproducible too.
    let timestamp: timespec?

    /// Opens the existing folder `root` and reads its manifest.
    init(root: URL, sourceDateEpoch: Int64? = nil) throws(BuildError) {
        self.root = root
        timestamp = sourceDateEpoch.map { timespec(tv_sec: Int($0), tv_nsec: 0) }
        displayName = PathText.display(root)
        do throws(SystemCallError) {
            folder = try ConfinedFolder(path: root.path)
        } catch {
            throw .writeFailed(path: displayName, reason: error)
        }
        if let data = try? folder.read(Self.manifestName) {
            let paths = Self.manifestPaths(data)
            owned = Set(paths)
            // Cascade writes it sorted; a hand-edited one is sorted again when needed.
            if owned.count == paths.count, zip(paths, paths.dropFirst()).allSatisfy({ $0 < $1 }) { ownedInOrder = paths }
        } else {
            owned = []
            ownedInOrder = []
        }
    }

    /// The paths a manifest lists that are safe to trust.
    static func parseManifest(_ bytes: [UInt8]) -> Set<String> {
        Set(manifestPaths(bytes))
    }

    /// The paths a manifest lists that are safe to trust, in its order.
    private static func manifestPaths(_ bytes: [UInt8]) -> [String] {
        let lines = bytes.pieces(separatedBy: UInt8(ascii: "\n"), omittingEmpty: true)
        let paths: [String]
        if let first = lines.first, first.elementsEqual(manifestHeader.utf8) {
            paths = lines.dropFirst().compactMap(LineField.decode)
        } else {
            paths = lines.map { String(decoding: $0, as: UTF8.self) }
        }
        return paths.filter(isSafeRelativePath)
    }

    /// The manifest's bytes for `paths`, already sorted.
    static func manifestBytes(sorted paths: [String]) -> [UInt8] {
        var writer = LineWriter(header: manifestHeader, capacity: paths.count * 40)
        for path in paths {
            writer.field(path)
            writer.endLine()
        }
        return writer.bytes
    }

    /// Throws if any of `paths` exists and was not made by Cascade, or if a
    /// folder on the way to one is a link or a mount point (checked before
    /// anything is written; every write is confined again as it happens).
    func checkWritable(_ paths: [String]) throws(BuildError) {
        var foreign: [Substring: [Substring]] = [:]
        let owned = owned
        // Asked on every core: 200,000 paths hashed.
        for path in paths.concurrentFilter({ !owned.contains($0) }) {
            let (parent, name) = ConfinedFolder.split(path)
            foreign[parent, default: []].append(name)
        }
        // Each folder opened once, in a fixed order, so the first problem
        // is named the same every time.
        for parent in Self.folders(holding: paths).sorted() {
            var inTheWay: Substring?
            do throws(ConfinedError) {
                try folder.withFolder(parent, create: false) { (fd: Int32) throws(ConfinedError) in
                    var info = stat()
                    inTheWay = (foreign[parent] ?? []).sorted().first { fstatat(fd, String($0), &info, AT_SYMLINK_NOFOLLOW) == 0 }
                }
            } catch {
                // A folder not there yet holds nothing in the way; one a file
                // blocks fails when it is written.
                if case .escape = error { throw buildError(error, path: String(parent)) }
            }
            if let inTheWay { throw .wouldOverwrite(path: display(parent.isEmpty ? String(inTheWay) : parent + "/" + inTheWay)) }
        }
    }

    /// Every folder holding one of `paths`, their ancestors and the output
    /// folder itself (`""`).
    static func folders(holding paths: some Sequence<String>) -> Set<Substring> {
        var folders: Set<Substring> = [""]
        // Most paths share a few folders (100,000 pages in one, 100,000
        // renditions in another), grouped or, from a set, interleaved: a
        // folder among the last few met is skipped without hashing it again.
        var recent: [Substring] = []
        var next = 0
        for path in paths {
            var parent = ConfinedFolder.split(path).folder
            if recent.contains(parent) { continue }
            if recent.count < 4 { recent.append(parent) } else { recent[next] = parent }
            next = (next + 1) % 4
            while !parent.isEmpty, folders.insert(parent).inserted {
                parent = ConfinedFolder.split(String(parent)).folder
            }
        }
        return folders
    }

    /// `error`, met at `path`, as the build reports it.
    func buildError(_ error: ConfinedError, path: String) -> BuildError {
        switch error {
        case .escape(let at, let reason): .outputEscape(path: display(at), reason: reason)
        case .system(let cause): .writeFailed(path: display(path), reason: cause)
        }
    }

    /// Records `paths` as Cascade's before they are written, so a build that
    /// stops half-way (a crash, Ctrl-C, a failing page) leaves no file behind
    /// that the next build would take for the user's own.
    mutating func recordIntent(_ paths: [String]) throws(BuildError) {
        let added: Set<String>
        do {
            // Scoped, so no second reference holds the set when it grows below.
            let known = owned
            added = Set(paths.concurrentFilter { !known.contains($0) })
        }
        guard !added.isEmpty else { return }
        let inOrder = ownedInOrder.map { Self.merged($0, added.sorted()) } ?? owned.union(added).sorted()
        try write(Self.manifestBytes(sorted: inOrder), to: Self.manifestName)
        owned.formUnion(added)
        if tracksAdded || untouched { self.added.formUnion(added) }
        ownedInOrder = inOrder
        intentRecorded = true
    }

    /// Whether `path` exists in the output folder and is Cascade's.
    func holds(_ path: String) -> Bool {
        guard owned.contains(path) else { return false }
        // What this build only meant to write (``recordIntent(_:)``) may not be there yet.
        if untouched && !added.contains(path) { return true }
        guard let info = folder.status(path) else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of the file `path`, read beneath the folder (no link followed).
    func read(_ path: String, atMost limit: Int = .max) -> [UInt8]? {
        try? folder.read(path, atMost: limit)
    }

    /// `path` as messages show it.
    func display(_ path: String) -> String { PathText.join(displayName, path) }

    /// The file-system path of `path`, for reading only (a plain join: `URL`
    /// appending is slow enough to show when a rebuild checks thousands of
    /// renditions). Writes go through ``folder``, never through this.
    func filePath(_ path: String) -> String {
        PathText.join(root.path, path)
    }

    /// Writes `data` to `path` through a temporary file and a rename, so a
    /// reader never sees half a page. Unless `always`, an identical file
    /// already there is left as it is.
    func write(_ data: some ContiguousBytes, to path: String, always: Bool = false) throws(BuildError) {
        // A rebuild mostly rewrites identical pages: comparing is cheaper than
        // writing, and leaves modification times (and rsync) alone.
        if !always, owned.contains(path), let existing = try? folder.read(path), Self.equal(existing, data) {
            if let timestamp { folder.setModified(path, to: timestamp) }
            return
        }
        do throws(ConfinedError) {
            try folder.write(data, to: path, modified: timestamp)
        } catch {
            throw buildError(error, path: path)
        }
    }

    /// Copies `source` to `path`, keeping its modification time, unless an
    /// identical-looking copy (same size, same modification time) is there.
    func copy(_ source: URL, to path: String) throws(BuildError) {
        var from = stat()
        guard stat(source.path, &from) == 0 else {
            throw .originalNotPublished(path: display(path),
                                        reason: .unreadable(SystemCallError(call: "stat", code: errno)))
        }
        // Kept from the original, but never later than SOURCE_DATE_EPOCH.
        var modified = from.st_mtim
        if let timestamp, (modified.tv_sec, modified.tv_nsec) > (timestamp.tv_sec, timestamp.tv_nsec) { modified = timestamp }
        if owned.contains(path), let to = folder.status(path), to.st_mode & S_IFMT == S_IFREG, from.st_size == to.st_size,
           modified.tv_sec == to.st_mtim.tv_sec, modified.tv_nsec == to.st_mtim.tv_nsec {
            return
        }
        let bytes: [UInt8]
        do throws(SystemCallError) {
            bytes = try FileIO.read(source.path)
        } catch {
            throw .originalNotPublished(path: display(path), reason: .unreadable(error))
        }
        do throws(ConfinedError) {
            try folder.write(bytes, to: path, modified: modified)
        } catch {
            throw buildError(error, path: path)
        }
    }

    /// A temporary file beside `path` (its folders made) for a file another
    /// program writes straight into the output folder — a published video,
    /// too big to hold in memory — before ``place(_:at:)`` renames it into
    /// place. A killed build's leftover is removed like any other
    /// (``StrayTemporaries``).
    func pendingFile(for path: String) throws(BuildError) -> PendingFile {
        let parent = ConfinedFolder.split(path).folder
        do throws(ConfinedError) {
            // Made, then opened for the pending file to own.
            try folder.withFolder(parent, create: true) { (_: Int32) throws(ConfinedError) in }
            let fd = try folder.open(parent, flags: O_RDONLY | O_DIRECTORY)
            do throws(SystemCallError) {
                return try PendingFile(inFolder: fd)
            } catch {
                throw .system(error)
            }
        } catch {
            throw buildError(error, path: path)
        }
    }

    /// Renames `pending` (from ``pendingFile(for:)``) to `path`, with the
    /// build's modification time, so a reader never sees half a file.
    func place(_ pending: PendingFile, at path: String) throws(BuildError) {
        do throws(SystemCallError) {
            try pending.place(as: String(ConfinedFolder.split(path).name), modified: timestamp)
        } catch {
            throw .writeFailed(path: display(path), reason: error)
        }
    }

    private static func equal(_ bytes: [UInt8], _ data: some ContiguousBytes) -> Bool {
        bytes.withUnsafeBytes { a in
            data.withUnsafeBytes { b in a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
        }
    }

    /// Records `written` as Cascade's and removes files the previous build made
    /// that this one did not (only those).
    /// Removes what an earlier build made and this one did not, then writes
    /// the manifest; returns how many files were removed.
    ///
    /// A rebuild that carried albums (``AlbumPatch``) knows what is stale
    /// (`stale`, with `written` the rest of ``owned``) and which files it
    /// may have touched (`touched`; the others were clamped to
    /// `SOURCE_DATE_EPOCH` by the build that wrote them): 300,000 paths
    /// are then neither compared nor clamped again.
    @discardableResult
    mutating func finish(written: Set<String>, stale known: Set<String>? = nil,
                         touched: Set<String>? = nil) throws(BuildError) -> Int {
        var removed = 0
        let stale = known ?? Set(Array(owned).concurrentFilter { !written.contains($0) })
        for path in stale.sorted() where removeStale(path) {
            removed += 1
        }
        if known != nil {
            if !stale.isEmpty || !intentRecorded {
                let inOrder = ownedInOrder.map { $0.filter { !stale.contains($0) } }
                try write(Self.manifestBytes(sorted: inOrder ?? written.sorted()), to: Self.manifestName)
                ownedInOrder = inOrder
            }
        // After ``recordIntent`` with the same files and nothing stale the
        // manifest already says exactly this: not sorted and compared again.
        // `stale` is what ``owned`` holds beyond `written`, so counts decide
        // both questions without hashing 200,000 paths again: with nothing
        // stale `written` is ``owned`` when no bigger, and it lies within
        // ``owned`` when it is ``owned`` less `stale`.
        } else if !(stale.isEmpty && written.count == owned.count) || !intentRecorded {
            let within = written.count == owned.count - stale.count
            let inOrder = within ? ownedInOrder.map { stale.isEmpty ? $0 : $0.filter { !stale.contains($0) } } : nil
            try write(Self.manifestBytes(sorted: inOrder ?? written.sorted()), to: Self.manifestName)
            ownedInOrder = inOrder
        }
        owned = written
        if let timestamp {
            // What this build kept rather than wrote (renditions, the lock)
            // is clamped too: nothing in the folder is later than the epoch.
            for path in (touched ?? written).sorted() { folder.setModified(path, to: timestamp, onlyIfLater: true) }
        }
        return removed
    }

    /// Under `SOURCE_DATE_EPOCH`, sets the modification time of every folder
    /// holding one of `paths` (the output folder itself included) to the
    /// epoch, so folders are as reproducible as files. Called after the
    /// build's last write (each write into a folder moves its time).
    func stampFolders(holding paths: some Sequence<String>) {
        guard let timestamp else { return }
        let folders = Self.folders(holding: paths)
        for relative in folders.sorted() { folder.setModified(String(relative), to: timestamp) }
    }

    /// Deletes a file an earlier build made and this one did not: only a
    /// regular file, never a folder, never through a symbolic link on the
    /// way (the manifest is a text file anyone can edit). Folders left empty
    /// by it (an album that is gone) are removed too; a folder that still
    /// holds anything stays.
    private func removeStale(_ relative: String) -> Bool {
        guard folder.removeFile(relative) else { return false }
        var parent = ConfinedFolder.split(relative).folder
        while !parent.isEmpty, folder.removeFolderIfEmpty(String(parent)) {
            parent = ConfinedFolder.split(String(parent)).folder
        }
        return true
    }

    /// Two sorted lists of distinct paths as one sorted list.
    static func merged(_ first: [String], _ second: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(first.count + second.count)
        var a = first.startIndex, b = second.startIndex
        while a < first.endIndex, b < second.endIndex {
            if first[a] < second[b] { result.append(first[a]); a += 1 } else { result.append(second[b]); b += 1 }
        }
        result += first[a...]
        result += second[b...]
        return result
    }

    /// Manifest lines are trusted only if they stay inside the output folder.
    static func isSafeRelativePath(_ path: String) -> Bool {
        // One pass over the bytes, in place: a rebuild checks every path of
        // the manifest and the rendition index, 300,000 of them on a large site.
        path.utf8.withContiguousStorageIfAvailable(hasOnlyNamedSegments) ?? hasOnlyNamedSegments(path.utf8)
    }

    /// Whether `bytes` are one or more `/`-separated segments, none of them
    /// empty, `.` or `..`.
    private static func hasOnlyNamedSegments(_ bytes: some Sequence<UInt8>) -> Bool {
        var length = 0, dots = 0, any = false
        // A segment is unsafe when empty or made of one or two dots only.
        func unsafe() -> Bool { length == 0 || (dots == length && length <= 2) }
        for byte in bytes {
            any = true
            if byte == UInt8(ascii: "/") {
                if unsafe() { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return any && !unsafe()
    }
}
