import Glibc
import Parallel

/// A fingerprint of a folder tree as `stat` sees it: every entry's relative
/// name, type, device, inode, size and modification and change times, so any
/// file added, removed, renamed, rewritten or `touch`ed below the folder gives
/// another stamp. Nothing is read but folder listings and `stat` results,
/// which is what lets a rebuild with nothing changed stop in a fraction of a
/// second (``BuildSnapshot``).
///
/// Entries are combined in an order-independent way (a sum of per-entry
/// hashes, plus the count), so the stamp does not depend on the order
/// `readdir` returns names in. A link is stamped with both its own `lstat`
/// and its target's `stat`, so editing the file a link leads to changes the
/// stamp too; links are never followed into folders.
struct TreeStamp: Sendable, Equatable, CustomStringConvertible {
    var high: UInt64 = 0
    var low: UInt64 = 0
    var count = 0

    /// The deepest folder followed; a deeper tree (say, a bind mount of a
    /// folder into itself) has no stamp, so it is never taken as unchanged.
    static let depthLimit = 64

    /// `<32 hex digits>:<count>`.
    var description: String {
        ContentHash(high: high, low: low).description + ":" + String(count)
    }

    /// Stamps the tree at `path`. Without `entersHiddenFolders`, folders whose
    /// name starts with `.` are stamped but not entered, as the album reader
    /// never lists them (hidden files are stamped: `.picasa.ini` is read); `excluding` names folders (by device and inode) left out with
    /// everything below them, and `excludingNames` top-level entries. Nil
    /// when the folder cannot be opened, a folder below it cannot be listed,
    /// or it is deeper than ``depthLimit``.
    ///
    /// `reusing` gives the stamps (``folders(path:entersHiddenFolders:excluding:excludingNames:)``)
    /// of top-level folders known not to have changed since they were taken:
    /// those are not walked again. A stamp reused wrongly gives a stamp that
    /// matches no state of the tree, so nothing is ever taken as unchanged by it.
    static func of(path: String, entersHiddenFolders: Bool, excluding: Set<FileID> = [],
                   excludingNames: Set<String> = [], reusing: [String: TreeStamp] = [:]) -> TreeStamp? {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return nil }
        return walk(root, entersHiddenFolders: entersHiddenFolders, excluding: excluding,
                    excludingNames: excludingNames, recordsFolders: false, reusing: reusing)?.stamp
    }

    /// ``of(path:entersHiddenFolders:excluding:excludingNames:)`` for the
    /// whole tree, and the stamp of each folder's part of it (its entries and
    /// everything below them), by the folder's path from the root (`""` for
    /// the root, `a/b` below it), from one walk: what lets a rebuild tell
    /// which albums changed (``AlbumRecord``).
    static func folders(path: String, entersHiddenFolders: Bool, excluding: Set<FileID> = [],
                        excludingNames: Set<String> = []) -> (stamp: TreeStamp, folders: [String: TreeStamp])? {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return nil }
        return walk(root, entersHiddenFolders: entersHiddenFolders, excluding: excluding, excludingNames: excludingNames,
                    recordsFolders: true).map { ($0.stamp, $0.folders) }
    }

    private static func walk(_ root: Int32, entersHiddenFolders: Bool, excluding: Set<FileID>,
                             excludingNames: Set<String>, recordsFolders: Bool,
                             reusing: [String: TreeStamp] = [:]) -> Walk? {
        var walk = Walk(entersHiddenFolders: entersHiddenFolders, excluding: excluding,
                        excludingNames: excludingNames.map { Array($0.utf8) }, recordsFolders: recordsFolders,
                        reusing: reusing)
        var prefix: [UInt8] = []
        guard walk.folder(root, prefix: &prefix, depth: 0) else { return nil }
        return walk
    }

    mutating func add(_ other: TreeStamp) {
        high &+= other.high
        low &+= other.low
        count += other.count
    }

    /// The stamp with `other`'s part taken out (stamps are sums).
    func removing(_ other: TreeStamp) -> TreeStamp {
        TreeStamp(high: high &- other.high, low: low &- other.low, count: count - other.count)
    }
}

extension TreeStamp {
    /// One walk's state: what to skip, and the stamp so far.
    private struct Walk: Sendable {
        let entersHiddenFolders: Bool
        let excluding: Set<FileID>
        let excludingNames: [[UInt8]]
        /// Whether each folder's own stamp is kept in ``folders``.
        var recordsFolders = false
        /// Top-level folders' stamps taken earlier, added as they are.
        var reusing: [String: TreeStamp] = [:]
        var stamp = TreeStamp()
        var folders: [String: TreeStamp] = [:]

        /// Stamps the entries of the open folder `descriptor` (which it
        /// closes), their names prefixed with `prefix`; false when any listing failed.
        ///
        /// The names are listed first and stamped after: the root's entries,
        /// and any folder's past ``parallelEntries``, on every core (a library's
        /// albums, a `renditions` folder of 100,000 files), each share summed
        /// in, which the order-free sum allows.
        mutating func folder(_ descriptor: Int32, prefix: inout [UInt8], depth: Int) -> Bool {
            guard depth <= TreeStamp.depthLimit, let directory = fdopendir(descriptor) else {
                close(descriptor)
                return false
            }
            defer { closedir(directory) }
            let folder = dirfd(directory)
            // Every name with its NUL, end to end, and where each starts: one buffer, not one array a name.
            var names: [CChar] = []
            var starts: [Int] = []
            while let entry = readdir(directory) {
                withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name in
                        starts.append(names.count)
                        names.append(contentsOf: UnsafeBufferPointer(start: name, count: strlen(name) + 1))
                    }
                }
            }
            let start = prefix.count
            defer { prefix.removeSubrange(start...) }
            let before = stamp
            let listed = entries(names, starts: starts, in: folder, prefix: &prefix, start: start, depth: depth)
            if listed && recordsFolders {
                folders[String(decoding: prefix[..<start], as: UTF8.self)] = stamp.removing(before)
            }
            return listed
        }

        /// Stamps the listed entries (``folder(_:prefix:depth:)``).
        private mutating func entries(_ names: [CChar], starts: [Int], in folder: Int32, prefix: inout [UInt8],
                                      start: Int, depth: Int) -> Bool {
            let spread = depth == 0 ? 2 : Self.parallelEntries
            guard starts.count >= spread, ParallelWork.processorCount > 1 else {
                return names.withUnsafeBufferPointer { buffer in
                    starts.allSatisfy { entry(buffer.baseAddress! + $0, in: folder, prefix: &prefix, start: start, depth: depth) }
                }
            }
            let shares = min(starts.count, 256)
            let template = Walk(entersHiddenFolders: entersHiddenFolders, excluding: excluding, excludingNames: excludingNames,
                                recordsFolders: recordsFolders, reusing: reusing)
            let base = prefix
            let (frozenNames, frozenStarts) = (names, starts)
            let results = ParallelWork.map(count: shares) { share -> (TreeStamp, [String: TreeStamp])? in
                var walk = template
                var prefix = base
                let range = (frozenStarts.count * share / shares)..<(frozenStarts.count * (share + 1) / shares)
                let ok = frozenNames.withUnsafeBufferPointer { buffer in
                    range.allSatisfy {
                        walk.entry(buffer.baseAddress! + frozenStarts[$0], in: folder, prefix: &prefix, start: start, depth: depth)
                    }
                }
                return ok ? (walk.stamp, walk.folders) : nil
            }
            for result in results {
                guard let result else { return false }
                stamp.add(result.0)
                folders.merge(result.1) { first, _ in first }
            }
            return true
        }

        /// Past this many entries a folder below the root is stamped on every core.
        static let parallelEntries = 2048

        private mutating func entry(_ name: UnsafePointer<CChar>, in folder: Int32, prefix: inout [UInt8],
                                    start: Int, depth: Int) -> Bool {
            let length = strlen(name)
            let bytes = UnsafeRawBufferPointer(start: name, count: length)
            let hidden = bytes.first == UInt8(ascii: ".")
            if hidden && (length == 1 || (length == 2 && bytes[1] == UInt8(ascii: "."))) { return true }
            // A handful of names at most, compared in place: the root of an output folder holds a page per photo.
            if depth == 0 && excludingNames.contains(where: { $0.count == length && $0.elementsEqual(bytes) }) { return true }
            if depth == 0, !reusing.isEmpty, let known = reusing[String(decoding: bytes, as: UTF8.self)] {
                stamp.add(known)
                return true
            }
            var info = stat()
            // Gone between listing and stat: the stamp is of a tree in motion, which the count and sum still change.
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return true }
            if info.st_mode & S_IFMT == S_IFDIR && excluding.contains(FileID(info)) { return true }
            prefix.removeSubrange(start...)
            if start > 0 { prefix.append(UInt8(ascii: "/")) }
            prefix.append(contentsOf: bytes)
            var hasher = EntryHasher()
            hasher.combine(prefix)
            hasher.combine(info)
            if info.st_mode & S_IFMT == S_IFLNK {
                var target = stat()
                if fstatat(folder, name, &target, 0) == 0 { hasher.combine(target) } else { hasher.mix(1) }
            }
            let hash = hasher.finalize()
            stamp.add(TreeStamp(high: hash.high, low: hash.low, count: 1))
            guard info.st_mode & S_IFMT == S_IFDIR, entersHiddenFolders || !hidden else { return true }
            let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else { return false }
            guard self.folder(child, prefix: &prefix, depth: depth + 1) else { return false }
            // A folder's own entry (its times change as files come and go in
            // it) is part of its stamp, not its parent's own entries'.
            if recordsFolders { folders[String(decoding: prefix, as: UTF8.self)]?.add(TreeStamp(high: hash.high, low: hash.low, count: 1)) }
            return true
        }
    }

    /// Two independent multiply-xorshift lanes over an entry's name and stat
    /// fields: cheap, and deterministic across runs (unlike `Hasher`).
    private struct EntryHasher {
        private var a: UInt64 = 0x243F_6A88_85A3_08D3
        private var b: UInt64 = 0x1319_8A2E_0370_7344

        mutating func mix(_ word: UInt64) {
            a = (a ^ word) &* 0x9E37_79B9_7F4A_7C15
            a ^= a >> 29
            b = (b ^ (word &+ 0x632B_E59B_D9B4_E019)) &* 0xC2B2_AE3D_27D4_EB4F
            b ^= b >> 31
        }

        mutating func combine(_ bytes: [UInt8]) {
            mix(UInt64(bytes.count))
            var word: UInt64 = 0, filled: UInt64 = 0
            for byte in bytes {
                word |= UInt64(byte) << (8 * filled)
                filled += 1
                if filled == 8 {
                    mix(word)
                    word = 0
                    filled = 0
                }
            }
            mix(word ^ (filled << 56))
        }

        mutating func combine(_ info: stat) {
            // Field by field, no array: this runs once per entry of trees of 100,000 files.
            mix(UInt64(info.st_mode))
            mix(UInt64(info.st_dev))
            mix(UInt64(info.st_ino))
            mix(UInt64(bitPattern: Int64(info.st_size)))
            mix(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
            mix(UInt64(info.st_mtim.tv_nsec))
            mix(UInt64(bitPattern: Int64(info.st_ctim.tv_sec)))
            mix(UInt64(info.st_ctim.tv_nsec))
        }

        func finalize() -> (high: UInt64, low: UInt64) {
            var copy = self
            copy.mix(0xFF51_AFD7_ED55_8CCD)
            return (copy.a ^ (copy.b >> 17), copy.b ^ (copy.a << 13) ^ (copy.a >> 51))
        }
    }
}
