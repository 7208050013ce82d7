import Foundation
import ImageHeaders

/// Remembers each album file's content hash between builds, keyed by name,
/// size and modification time, so an unchanged photo is not even read again.
///
/// Stored as `.cascade-sources` in the output folder: one line per file,
/// `hash<TAB>size<TAB>mtime-ns<TAB>name`, sorted by name, after a first line
/// ``header``. Names are encoded with ``LineField``, so a name holding TAB or
/// a newline cannot add a line of its own. Only names relative to the album
/// are stored, never absolute paths.
struct SourceFingerprints: Sendable {
    static let fileName = ".cascade-sources"
    /// The first line: a file without it (an older format) is not trusted.
    /// Version 3 holds SHA-256 hashes (64 hex digits); an older
    /// file's hashes are of another function, so every photo is hashed again.
    static let header = "cascade-sources 3"

    struct Entry: Sendable, Equatable {
        var hash: ContentHash
        var size: Int64
        var modified: Int64
    }

    private var known: [String: Entry] = [:]
    private var used: [String: Entry] = [:]

    init() {}

    /// Loads the previous build's fingerprints; a missing or damaged file just
    /// means everything is hashed again, and so does a line that does not
    /// decode.
    init(loadingFrom url: URL) {
        guard let data = try? Data(contentsOf: url) else { return }
        let lines = [UInt8](data).pieces(separatedBy: UInt8(ascii: "\n"), omittingEmpty: true)
        guard let first = lines.first, first.elementsEqual(Self.header.utf8) else { return }
        known.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            let fields = line.pieces(separatedBy: UInt8(ascii: "\t"), omittingEmpty: false)
            guard fields.count == 4, let hash = ContentHash(hexBytes: fields[0]),
                  let size = fields[1].decimalInt64,
                  let modified = fields[2].decimalInt64,
                  let name = LineField.decode(fields[3]) else { continue }
            known[name] = Entry(hash: hash, size: size, modified: modified)
        }
    }

    /// The content hash of the file at `path` (named `name` in the album):
    /// reused when its size and modification time are unchanged, else
    /// computed by reading it.
    mutating func hash(ofFileAt path: String, name: String) throws(SystemCallError) -> ContentHash {
        let entry = try fingerprint(ofFileAt: path, name: name)
        record(entry, name: name)
        return entry.hash
    }

    /// What ``hash(ofFileAt:name:)`` finds, without recording it: reads
    /// only what was loaded, so photos can be fingerprinted on every core
    /// and recorded afterwards, in order.
    ///
    /// `folder`, when open, is the album's folder, and `name` is looked up
    /// beneath it: one name looked up, not every folder of the full path,
    /// which 100,000 photos a rebuild make worth it. Links are followed as
    /// `stat(path)` follows them.
    ///
    /// `seen`, when given, is what `stat` said of the file earlier in this
    /// build (``TreeStamp/foldersAndFiles(path:entersHiddenFolders:excluding:)``):
    /// then it is not asked again. Had the file changed since, the album's
    /// stamp taken in the same walk no longer matches it, so the next build
    /// sees the change.
    func fingerprint(ofFileAt path: String, name: String, in folder: Int32 = -1,
                     seen: TreeStamp.FileStat? = nil) throws(SystemCallError) -> Entry {
        let size: Int64, modified: Int64
        if let seen {
            (size, modified) = (seen.size, seen.modified)
        } else {
            var info = stat()
            let found = folder >= 0 ? fstatat(folder, name, &info, 0) : stat(path, &info)
            guard found == 0 else { throw SystemCallError(call: "stat", code: errno) }
            let file = TreeStamp.FileStat(info)
            (size, modified) = (file.size, file.modified)
        }
        if let entry = known[name], entry.size == size, entry.modified == modified {
            return entry
        }
        return Entry(hash: try Self.hashFile(at: path), size: size, modified: modified)
    }

    /// Records that this build used the file `name`, as `entry` says.
    mutating func record(_ entry: Entry, name: String) {
        used[name] = entry
    }

    /// Makes room for `count` more sources recorded, so 100,000 of them are
    /// recorded without the table growing step by step.
    mutating func reserveRecords(_ count: Int) {
        used.reserveCapacity(used.count + count)
    }

    /// Leaves the files under the source folders `folders` (each with its
    /// slash) out of what is stored: a password album's file names are in no
    /// file the build writes (the next build hashes them again).
    mutating func forget(under folders: [String]) {
        for name in used.keys where folders.contains(where: { name.hasPrefix($0) }) { used[name] = nil }
    }

    /// Records every file of the last build `matching` takes as used by this
    /// one, unread: the files of the albums a rebuild carries (``AlbumPatch``).
    /// Returns the content hashes of those files and of the last build's others.
    mutating func carry(matching: (String) -> Bool) -> (carried: Set<ContentHash>, others: Set<ContentHash>) {
        var carried: Set<ContentHash> = [], others: Set<ContentHash> = []
        carried.reserveCapacity(known.count)
        used.reserveCapacity(known.count)
        for (name, entry) in known {
            if matching(name) {
                carried.insert(entry.hash)
                if used[name] == nil { used[name] = entry }
            } else {
                others.insert(entry.hash)
            }
        }
        return (carried, others)
    }

    /// The bytes to store: only the files this build used, sorted by name.
    var serialized: [UInt8] {
        var writer = LineWriter(header: Self.header, capacity: used.count * 80)
        for name in used.keys.sorted() {
            let entry = used[name]!
            writer.hash(entry.hash)
            writer.tab()
            writer.number(entry.size)
            writer.tab()
            writer.number(entry.modified)
            writer.tab()
            writer.field(name)
            writer.endLine()
        }
        return writer.bytes
    }

    static func hashFile(at path: String) throws(SystemCallError) -> ContentHash {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
        defer { close(descriptor) }
        var hasher = ContentHasher()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(call: "read", code: errno)
            }
            if count == 0 { break }
            hasher.combine(raw: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return hasher.finalize()
    }
}
