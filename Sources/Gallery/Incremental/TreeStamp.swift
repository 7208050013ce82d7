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
///
/// Each entry's hash is SHA-256: an album's stamp decides whether
/// its photos are read at all (``AlbumRecord``), and its names, sizes and
/// modification times are whatever the people who sent the photos chose. A
/// sum of digests is weaker than one digest of everything (someone choosing
/// every field of thousands of entries could aim a sum), but every entry
/// also holds its inode and change time, which the kernel sets on this
/// machine; the sum is what lets a folder's own part be its stamp less its
/// sub-albums' (``AlbumPatch``). A stamp is never a key for content: a
/// changed album's photos are hashed in full.
struct TreeStamp: Sendable, Equatable, CustomStringConvertible {
    /// The entries' digests added up, each of the four 64-bit lanes modulo 2^64.
    var sum = SIMD4<UInt64>()
    var count = 0

    /// The deepest folder followed; a deeper tree (say, a bind mount of a
    /// folder into itself) has no stamp, so it is never taken as unchanged.
    static let depthLimit = 64

    /// `<64 hex digits>:<count>`.
    var description: String {
        ContentHash(words: sum).description + ":" + String(count)
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
    ///
    /// With `expecting`, also nil unless each of those paths (relative, not
    /// below a reused folder) is a regular file in the tree: a stamp that
    /// vouches for a list of files (``OutputFolder/untouched``).
    static func of(path: String, entersHiddenFolders: Bool, excluding: Set<FileID> = [],
                   excludingNames: Set<String> = [], reusing: [String: TreeStamp] = [:],
                   expecting files: Set<String>? = nil) -> TreeStamp? {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return nil }
        guard let walk = walk(root, entersHiddenFolders: entersHiddenFolders, excluding: excluding,
                              excludingNames: excludingNames, recordsFolders: false, reusing: reusing,
                              expecting: files) else { return nil }
        if let files {
            // The walk counted the expected files it met; those left out by
            // name or below a reused folder it never looked at.
            let inReused = reusing.isEmpty ? 0 : files.reduce(0) { count, file in
                reusing[String(file.prefix { $0 != "/" })] != nil ? count + 1 : count
            }
            let leftOut = excludingNames.reduce(0) { files.contains($1) ? $0 + 1 : $0 }
            guard walk.expectedFound == files.count - inReused - leftOut else { return nil }
        }
        return walk.stamp
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

    /// ``folders(path:entersHiddenFolders:excluding:excludingNames:)``, and
    /// what `stat` said of each file (a link's target's), by path from the
    /// root: the walk has asked already, so a rebuild's fingerprints of
    /// 100,000 photos need not ask again (``SourceFingerprints``).
    static func foldersAndFiles(path: String, entersHiddenFolders: Bool, excluding: Set<FileID> = [])
        -> (stamp: TreeStamp, folders: [String: TreeStamp], files: [String: FileStat])? {
        let root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return nil }
        return walk(root, entersHiddenFolders: entersHiddenFolders, excluding: excluding, excludingNames: [],
                    recordsFolders: true, collectsFiles: true).map { ($0.stamp, $0.folders, $0.files) }
    }

    /// A regular file's size and modification time (nanoseconds), as the walk found them.
    struct FileStat: Sendable, Equatable {
        var size: Int64
        var modified: Int64

        init(_ info: stat) {
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        }
    }

    private static func walk(_ root: Int32, entersHiddenFolders: Bool, excluding: Set<FileID>,
                             excludingNames: Set<String>, recordsFolders: Bool,
                             reusing: [String: TreeStamp] = [:], expecting: Set<String>? = nil,
                             collectsFiles: Bool = false) -> Walk? {
        var walk = Walk(entersHiddenFolders: entersHiddenFolders, excluding: excluding,
                        excludingNames: excludingNames.map { Array($0.utf8) }, recordsFolders: recordsFolders,
                        reusing: reusing, expecting: expecting, collectsFiles: collectsFiles)
        var prefix: [UInt8] = []
        guard walk.folder(root, prefix: &prefix, depth: 0) else { return nil }
        return walk
    }

    mutating func add(_ other: TreeStamp) {
        sum &+= other.sum
        count += other.count
    }

    /// The stamp with `other`'s part taken out (stamps are sums).
    func removing(_ other: TreeStamp) -> TreeStamp {
        TreeStamp(sum: sum &- other.sum, count: count - other.count)
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
        /// Paths whose regular files are counted in ``expectedFound``.
        var expecting: Set<String>?
        var expectedFound = 0
        /// Whether each regular file's `stat` is kept in ``files``.
        var collectsFiles = false
        var files: [String: FileStat] = [:]
        var stamp = TreeStamp()
        var folders: [String: TreeStamp] = [:]
        /// Whether a folder met is left for the walk that started this one
        /// (``deferred``) rather than entered here: set in a share of a
        /// folder stamped on every core, whose thread cannot spread a big
        /// subfolder's entries over the cores again (a parallel map inside
        /// another runs on one thread).
        var defersFolders = false
        /// The folders met and left (their names and own entries' stamps).
        var deferred: [(name: [UInt8], own: TreeStamp)] = []

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
            var hasher = ContentHasher()
            let listed = entries(names, starts: starts, in: folder, prefix: &prefix, start: start, depth: depth,
                                 hasher: &hasher)
            if listed && recordsFolders {
                folders[String(decoding: prefix[..<start], as: UTF8.self)] = stamp.removing(before)
            }
            return listed
        }

        /// Stamps the listed entries (``folder(_:prefix:depth:)``).
        private mutating func entries(_ names: [CChar], starts: [Int], in folder: Int32, prefix: inout [UInt8],
                                      start: Int, depth: Int, hasher: inout ContentHasher) -> Bool {
            // The root's and its folders' entries are spread whatever their number
            // (a library's albums; a site's `renditions`), deeper folders' past ``parallelEntries``.
            let spread = depth <= 1 ? 2 : Self.parallelEntries
            guard starts.count >= spread, ParallelWork.processorCount > 1 else {
                return names.withUnsafeBufferPointer { buffer in
                    starts.allSatisfy {
                        entry(buffer.baseAddress! + $0, in: folder, prefix: &prefix, start: start, depth: depth, hasher: &hasher)
                    }
                }
            }
            let shares = min(starts.count, 256)
            let template = Walk(entersHiddenFolders: entersHiddenFolders, excluding: excluding, excludingNames: excludingNames,
                                recordsFolders: recordsFolders, reusing: reusing, expecting: expecting,
                                collectsFiles: collectsFiles)
            let base = prefix
            let (frozenNames, frozenStarts) = (names, starts)
            let results = ParallelWork.map(count: shares) {
                share -> (TreeStamp, [String: TreeStamp], Int, [String: FileStat], [(name: [UInt8], own: TreeStamp)])? in
                var walk = template
                walk.defersFolders = true
                var prefix = base
                var hasher = ContentHasher()
                let range = (frozenStarts.count * share / shares)..<(frozenStarts.count * (share + 1) / shares)
                let ok = frozenNames.withUnsafeBufferPointer { buffer in
                    range.allSatisfy {
                        walk.entry(buffer.baseAddress! + frozenStarts[$0], in: folder, prefix: &prefix, start: start,
                                   depth: depth, hasher: &hasher)
                    }
                }
                return ok ? (walk.stamp, walk.folders, walk.expectedFound, walk.files, walk.deferred) : nil
            }
            if collectsFiles { files.reserveCapacity(files.count + starts.count) }
            var deferred: [(name: [UInt8], own: TreeStamp)] = []
            for result in results {
                guard let result else { return false }
                stamp.add(result.0)
                folders.merge(result.1) { first, _ in first }
                expectedFound += result.2
                files.merge(result.3) { first, _ in first }
                deferred += result.4
            }
            // The folders the shares met, entered here, one after another, each spread over the cores.
            for (name, own) in deferred {
                prefix.removeSubrange(start...)
                if start > 0 { prefix.append(UInt8(ascii: "/")) }
                prefix.append(contentsOf: name)
                guard enter(name, in: folder, own: own, prefix: &prefix, depth: depth) else { return false }
            }
            return true
        }

        /// Enters the folder `name` of `folder` (its path in `prefix`), whose
        /// own entry's stamp is `own`; false when it cannot be listed.
        private mutating func enter(_ name: [UInt8], in folder: Int32, own: TreeStamp, prefix: inout [UInt8],
                                    depth: Int) -> Bool {
            let child = (name + [0]).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { openat(folder, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            }
            guard child >= 0 else { return false }
            guard self.folder(child, prefix: &prefix, depth: depth + 1) else { return false }
            // A folder's own entry (its times change as files come and go in
            // it) is part of its stamp, not its parent's own entries'.
            if recordsFolders { folders[String(decoding: prefix, as: UTF8.self)]?.add(own) }
            return true
        }

        /// Past this many entries a folder below the root is stamped on every core.
        static let parallelEntries = 2048

        /// Stamps one entry; `hasher` is the walk's (``ContentHasher/finish()``
        /// starts it afresh for the next entry).
        private mutating func entry(_ name: UnsafePointer<CChar>, in folder: Int32, prefix: inout [UInt8],
                                    start: Int, depth: Int, hasher: inout ContentHasher) -> Bool {
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
            EntryFields.combine(name: prefix, into: &hasher)
            EntryFields.combine(info, into: &hasher)
            if collectsFiles && info.st_mode & S_IFMT == S_IFREG {
                files[String(decoding: prefix, as: UTF8.self)] = FileStat(info)
            }
            if info.st_mode & S_IFMT == S_IFLNK {
                var target = stat()
                if fstatat(folder, name, &target, 0) == 0 {
                    EntryFields.combine(target, into: &hasher)
                    if collectsFiles && target.st_mode & S_IFMT == S_IFREG {
                        files[String(decoding: prefix, as: UTF8.self)] = FileStat(target)
                    }
                } else {
                    EntryFields.combine(word: 1, into: &hasher)
                }
            }
            let own = TreeStamp(sum: hasher.finish().words, count: 1)
            stamp.add(own)
            if let expecting, info.st_mode & S_IFMT == S_IFREG, expecting.contains(String(decoding: prefix, as: UTF8.self)) {
                expectedFound += 1
            }
            guard info.st_mode & S_IFMT == S_IFDIR, entersHiddenFolders || !hidden else { return true }
            if defersFolders {
                deferred.append((Array(bytes), own))
                return true
            }
            return enter(Array(bytes), in: folder, own: own, prefix: &prefix, depth: depth)
        }
    }

    /// What an entry's digest is taken of: its name length-first, then its
    /// `stat` fields as little-endian words (a link's target's after its own,
    /// or the word 1 when the target is missing), the same bytes on every
    /// machine for the same fields.
    private enum EntryFields {
        static func combine(name: [UInt8], into hasher: inout ContentHasher) {
            combine(word: UInt64(name.count), into: &hasher)
            hasher.combine(name)
        }

        static func combine(word: UInt64, into hasher: inout ContentHasher) {
            withUnsafeBytes(of: word.littleEndian) { hasher.combine(raw: $0) }
        }

        static func combine(_ info: stat, into hasher: inout ContentHasher) {
            // Field by field, no array: this runs once per entry of trees of 100,000 files.
            combine(word: UInt64(info.st_mode), into: &hasher)
            combine(word: UInt64(info.st_dev), into: &hasher)
            combine(word: UInt64(info.st_ino), into: &hasher)
            combine(word: UInt64(bitPattern: Int64(info.st_size)), into: &hasher)
            combine(word: UInt64(bitPattern: Int64(info.st_mtim.tv_sec)), into: &hasher)
            combine(word: UInt64(info.st_mtim.tv_nsec), into: &hasher)
            combine(word: UInt64(bitPattern: Int64(info.st_ctim.tv_sec)), into: &hasher)
            combine(word: UInt64(info.st_ctim.tv_nsec), into: &hasher)
        }
    }
}
