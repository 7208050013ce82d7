import Foundation
import ImageHeaders

/// The shard records (``ShardRecord``) found in an output folder, checked
/// against the files they name: what a build may take as Cascade's own, and
/// which renditions it may use without making them again.
///
/// A path a record lists is Cascade's (``owned``: a later build may overwrite
/// or remove it) only while nothing there is other than a regular file
/// reached through real folders: a symbolic link or a folder in its place is
/// never taken, so the build stops before touching it, as for any file it
/// did not make. A rendition is trusted (``trusted``: used as it is) only if
/// its line says `made`, the record's settings are the build's, and the file
/// is there as a regular file of the recorded size whose header is the
/// recorded format and width × height.
struct ShardAdoption: Sendable {
    struct Trusted: Sendable {
        var entry: ShardRecord.Entry
        var file: RenditionFile
    }

    /// The records read, by file name.
    private(set) var records: [String: ShardRecord] = [:]
    private(set) var owned: Set<String> = []
    private(set) var trusted: [Trusted] = []

    /// Reads every `.cascade-shard-I-of-N` at the top of `output`. A file of
    /// that name that is not a record (a user's, or damaged) is left alone.
    /// Only entries of the hashes `wanted` accepts are checked (a shard
    /// needs its own alone).
    init(in output: OutputFolder, settings: RenditionSettings, for wanted: (ContentHash) -> Bool = { _ in true }) {
        let settingsText = ShardRecord.settingsText(settings)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.root.path)) ?? []
        for name in names.sorted() {
            guard let shard = Shard(recordName: name), Self.isRegularFile(output.filePath(name)),
                  let bytes = output.read(name, atMost: 64 << 20),
                  let record = ShardRecord(parsing: bytes, expected: shard) else { continue }
            records[name] = record
            for entry in record.entries where wanted(entry.hash) {
                let path = entry.path
                guard let kind = Self.kind(of: path, in: output) else { continue }
                owned.insert(path)
                guard entry.made, record.settings == settingsText, kind == .regular,
                      let height = entry.height, let size = entry.size,
                      Self.verify(output.filePath(path), size: size, width: entry.width, height: height,
                                  format: entry.imageFormat) else { continue }
                trusted.append(Trusted(entry: entry, file: RenditionFile(width: entry.width, height: height, path: path)))
            }
        }
    }

    /// The paths of the trusted renditions.
    var trustedPaths: Set<String> { Set(trusted.map(\.file.path)) }

    /// The record of `shard`, if one was read.
    func record(of shard: Shard) -> ShardRecord? { records[shard.recordName] }

    /// Takes every owned path into the manifest and every trusted rendition
    /// into `index`, so the build plans with them as its own.
    func adopt(into output: inout OutputFolder, index: inout RenditionIndex) throws(BuildError) {
        try output.recordIntent(owned.sorted())
        trust(into: &index)
    }

    /// Makes every trusted rendition known to `index`.
    func trust(into index: inout RenditionIndex) {
        for item in trusted {
            index.adopt(item.file, hash: item.entry.hash, space: item.entry.space, quality: item.entry.quality)
        }
    }

    /// Removes the records read, once their renditions are the build's own
    /// (in the manifest and `.cascade-renditions`): nothing shard-specific is left.
    func removeRecords(in output: OutputFolder) {
        for name in records.keys.sorted() {
            _ = output.folder.removeFile(name)
        }
    }

    enum Kind { case absent, regular }

    /// What is at `path`: nothing, or a regular file reached through real
    /// folders; `nil` for anything else (a link on the way or at the end, a
    /// folder, a device).
    static func kind(of path: String, in output: OutputFolder) -> Kind? {
        var info = stat()
        var prefix = ""
        let segments = path.split(separator: "/").map(String.init)
        for segment in segments.dropLast() {
            prefix = prefix.isEmpty ? segment : prefix + "/" + segment
            guard lstat(output.filePath(prefix), &info) == 0 else { return errno == ENOENT ? .absent : nil }
            guard info.st_mode & S_IFMT == S_IFDIR else { return nil }
        }
        guard lstat(output.filePath(path), &info) == 0 else { return errno == ENOENT ? .absent : nil }
        return info.st_mode & S_IFMT == S_IFREG ? .regular : nil
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Whether the file is a regular file of `size` bytes whose header is
    /// `format` at `width` × `height` (opened without following a link).
    static func verify(_ path: String, size: Int64, width: Int, height: Int, format: ImageFormat) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) == size,
              let read = try? ImageHeader.read(descriptor: descriptor),
              let header = try? CameraRawHeader.completing(read, fileAt: path) else { return false }
        return header.format == format && header.storedSize.width == width && header.storedSize.height == height
    }
}
