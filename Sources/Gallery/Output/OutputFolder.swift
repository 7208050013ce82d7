import Foundation
import ImageHeaders

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
    /// build would hold every path twice).
    private(set) var added: Set<String> = []
    var tracksAdded = false
    /// `SOURCE_DATE_EPOCH`: the modification time of every file written, and
    /// the latest an original keeps, so the folder's times are reproducible too.
    let timestamp: timespec?

    init(root: URL, sourceDateEpoch: Int64? = nil) {
        self.root = root
        timestamp = sourceDateEpoch.map { timespec(tv_sec: Int($0), tv_nsec: 0) }
        displayName = PathText.display(root)
        let manifest = root.appendingPathComponent(Self.manifestName)
        if let data = try? Data(contentsOf: manifest) {
            let paths = Self.manifestPaths([UInt8](data))
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
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
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

    /// Throws if any of `paths` exists and was not made by Cascade.
    func checkWritable(_ paths: [String]) throws(BuildError) {
        // Sorted after filtering, so the first in the way is named the same
        // every time without sorting every path of a large site.
        for path in paths.filter({ !owned.contains($0) }).sorted() {
            var info = stat()
            if lstat(filePath(path), &info) == 0 {
                throw .wouldOverwrite(path: display(path))
            }
        }
    }

    /// Records `paths` as Cascade's before they are written, so a build that
    /// stops half-way (a crash, Ctrl-C, a failing page) leaves no file behind
    /// that the next build would take for the user's own.
    mutating func recordIntent(_ paths: [String]) throws(BuildError) {
        let added = Set(paths.filter { !owned.contains($0) })
        guard !added.isEmpty else { return }
        let inOrder = ownedInOrder.map { Self.merged($0, added.sorted()) } ?? owned.union(added).sorted()
        try write(Self.manifestBytes(sorted: inOrder), to: Self.manifestName)
        owned.formUnion(added)
        if tracksAdded { self.added.formUnion(added) }
        ownedInOrder = inOrder
        intentRecorded = true
    }

    /// Whether `path` exists in the output folder and is Cascade's.
    func holds(_ path: String) -> Bool {
        guard owned.contains(path) else { return false }
        var info = stat()
        return lstat(filePath(path), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// `path` as messages show it.
    func display(_ path: String) -> String { PathText.join(displayName, path) }

    /// The file-system path of `path` (a plain join: `URL` appending is slow
    /// enough to show when a rebuild checks thousands of renditions).
    func filePath(_ path: String) -> String {
        PathText.join(root.path, path)
    }

    /// Writes `data` to `path` through a temporary file and a rename, so a
    /// reader never sees half a page. Unless `always`, an identical file
    /// already there is left as it is.
    func write(_ data: some ContiguousBytes, to path: String, always: Bool = false) throws(BuildError) {
        let target = filePath(path)
        // A rebuild mostly rewrites identical pages: comparing is cheaper than
        // writing, and leaves modification times (and rsync) alone.
        if !always, owned.contains(path), let existing = try? FileIO.read(target), Self.equal(existing, data) {
            if let timestamp { Self.stamp(target, timestamp) }
            return
        }
        do throws(SystemCallError) {
            try FileIO.makeFolders(Self.parent(of: target))
            try FileIO.writeAtomically(data, to: target, modified: timestamp)
        } catch {
            throw .writeFailed(path: display(path), reason: error)
        }
    }

    /// Copies `source` to `path`, keeping its modification time, unless an
    /// identical-looking copy (same size, same modification time) is there.
    func copy(_ source: URL, to path: String) throws(BuildError) {
        let target = filePath(path)
        var from = stat(), to = stat()
        guard stat(source.path, &from) == 0 else {
            throw .originalNotPublished(path: display(path),
                                        reason: .unreadable(SystemCallError(call: "stat", code: errno)))
        }
        // Kept from the original, but never later than SOURCE_DATE_EPOCH.
        var modified = from.st_mtim
        if let timestamp, (modified.tv_sec, modified.tv_nsec) > (timestamp.tv_sec, timestamp.tv_nsec) { modified = timestamp }
        if owned.contains(path), lstat(target, &to) == 0, from.st_size == to.st_size,
           modified.tv_sec == to.st_mtim.tv_sec, modified.tv_nsec == to.st_mtim.tv_nsec {
            return
        }
        let bytes: [UInt8]
        do throws(SystemCallError) {
            bytes = try FileIO.read(source.path)
        } catch {
            throw .originalNotPublished(path: display(path), reason: .unreadable(error))
        }
        do throws(SystemCallError) {
            try FileIO.makeFolders(Self.parent(of: target))
            try FileIO.writeAtomically(bytes, to: target, modified: modified)
        } catch {
            throw .writeFailed(path: display(path), reason: error)
        }
    }

    /// A temporary name beside `path` (its folders made) for a file another
    /// program writes straight into the output folder — a published video,
    /// too big to hold in memory — before ``place(_:at:)`` renames it into
    /// place. A killed build's leftover is removed like any other
    /// (``StrayTemporaries``).
    func temporaryFile(for path: String) throws(BuildError) -> String {
        let target = filePath(path)
        do throws(SystemCallError) {
            try FileIO.makeFolders(Self.parent(of: target))
        } catch {
            throw .writeFailed(path: display(path), reason: error)
        }
        return FileIO.temporaryPath(beside: target)
    }

    /// Renames `temporary` (from ``temporaryFile(for:)``) to `path`, with
    /// the build's modification time, so a reader never sees half a file.
    func place(_ temporary: String, at path: String) throws(BuildError) {
        let target = filePath(path)
        if let timestamp { Self.stamp(temporary, timestamp) }
        guard rename(temporary, target) == 0 else {
            let error = SystemCallError(call: "rename", code: errno)
            unlink(temporary)
            throw .writeFailed(path: display(path), reason: error)
        }
    }

    /// Sets an unchanged file's modification time to `time` (a rebuild with
    /// SOURCE_DATE_EPOCH over a folder an earlier build wrote without it).
    private static func stamp(_ path: String, _ time: timespec, onlyIfLater: Bool = false) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_mtim.tv_sec != time.tv_sec || info.st_mtim.tv_nsec != time.tv_nsec else { return }
        if onlyIfLater, (info.st_mtim.tv_sec, info.st_mtim.tv_nsec) < (time.tv_sec, time.tv_nsec) { return }
        let times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), time]  // UTIME_OMIT: atime untouched
        _ = utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW)
    }

    private static func parent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
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
        let stale = known ?? owned.subtracting(written)
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
        } else if written != owned || !intentRecorded {
            let inOrder = written.isSubset(of: owned) ? ownedInOrder.map { $0.filter(written.contains) } : nil
            try write(Self.manifestBytes(sorted: inOrder ?? written.sorted()), to: Self.manifestName)
            ownedInOrder = inOrder
        }
        owned = written
        if let timestamp {
            // What this build kept rather than wrote (renditions, the lock)
            // is clamped too: nothing in the folder is later than the epoch.
            for path in (touched ?? written).sorted() { Self.stamp(filePath(path), timestamp, onlyIfLater: true) }
        }
        return removed
    }

    /// Deletes a file an earlier build made and this one did not: only a
    /// regular file, never a folder, never through a symbolic link on the
    /// way (the manifest is a text file anyone can edit). Folders left empty
    /// by it (an album that is gone) are removed too; a folder that still
    /// holds anything stays.
    private func removeStale(_ relative: String) -> Bool {
        let segments = relative.split(separator: "/").map(String.init)
        var prefix = root.path
        var info = stat()
        for segment in segments.dropLast() {
            prefix = PathText.join(prefix, segment)
            guard lstat(prefix, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        }
        let path = PathText.join(prefix, segments.last ?? "")
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 else { return false }
        var folder = segments.dropLast()
        while !folder.isEmpty, rmdir(PathText.join(root.path, folder.joined(separator: "/"))) == 0 {
            folder = folder.dropLast()
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
        // On bytes: a rebuild checks every recorded rendition path.
        let slash = UInt8(ascii: "/")
        guard let first = path.utf8.first, first != slash else { return false }
        return !path.utf8.split(separator: slash, omittingEmptySubsequences: false).contains { segment in
            segment.isEmpty || segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8)
        }
    }
}
