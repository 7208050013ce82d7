import Foundation
import Thumbnails

/// Every file and folder below a folder, with every file's bytes: two
/// snapshots are equal exactly when `diff -r` finds nothing (hidden
/// bookkeeping files included).
struct FolderSnapshot: Equatable, Sendable {
    /// Relative path to the file's bytes; folders map to `nil`.
    var entries: [String: Data?] = [:]

    init(_ root: URL) throws {
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: root.path) else { return }
        while let relative = walker.nextObject() as? String {
            let url = root.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            _ = manager.fileExists(atPath: url.path, isDirectory: &isFolder)
            entries[relative] = isFolder.boolValue ? Data?.none : try Data(contentsOf: url)
        }
    }

    /// What differs from `other`, at most `limit` paths, for a failure message.
    func differences(from other: FolderSnapshot, limit: Int = 10) -> [String] {
        let paths = Set(entries.keys).union(other.entries.keys).sorted()
        let differing = paths.filter { entries[$0] != other.entries[$0] }
        return differing.prefix(limit).map { path in
            switch (entries[path], other.entries[path]) {
            case (nil, _): "only in the reference: \(path)"
            case (_, nil): "only in the output: \(path)"
            default: "differs: \(path)"
            }
        }
    }

    /// Names a build writes only for a moment: Cascade's own temporaries and
    /// Foundation's (`Data.write(options: .atomic)`).
    var temporaries: [String] {
        entries.keys.filter { path in
            let name = (path as NSString).lastPathComponent
            return name.hasPrefix(".cascade-tmp-") || name.contains(".nosync") || name.hasPrefix(".dat")
        }.sorted()
    }

    /// The images that do not decode.
    var undecodableImages: [String] {
        entries.compactMap { path, data in
            guard let data, [".jpg", ".png", ".webp", ".avif"].contains(where: path.hasSuffix) else { return nil }
            return (try? ImageDecoder.decode([UInt8](data))) == nil ? path : nil
        }.sorted()
    }

    var imageCount: Int { entries.keys.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.count }
}
