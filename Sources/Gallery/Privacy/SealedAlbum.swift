import Foundation

/// A password album as published: its pages and the files they show
/// (renditions, clips), packed into one stream and cut into encrypted
/// chunks of one size, so the folder tells nothing of the album but its
/// total size rounded up to ``chunkSize``.
///
/// The stream: a 4-byte big-endian length, then the index (JSON:
/// `{"start": page, "files": [{"path", "type", "offset", "length"}]}`,
/// paths from the site's root, offsets from the end of the index), then the
/// files' bytes one after another, then zeros up to a whole number of
/// chunks. Chunk `n` is the stream's bytes `n·chunkSize ..< (n+1)·chunkSize`
/// sealed in role `chunk n` (``AlbumCipher``) and written as ``chunkName(_:)``
/// in the album's folder. Pages come first (the index and the album page
/// are in the first chunk or so), then the other files smallest first, so
/// the tiles' renditions gather in few chunks.
struct SealedAlbum {
    /// Plaintext bytes per chunk: every chunk file is this plus ``AlbumCipher/overhead``.
    static let chunkSize = 256 * 1024

    /// One file of the album, by its path from the site's root.
    struct Entry: Equatable {
        var path: String
        var bytes: [UInt8]
    }

    /// Each chunk file's bytes, in order.
    let chunks: [[UInt8]]

    /// The file name of chunk `number` in the album's folder.
    static func chunkName(_ number: Int) -> String {
        let digits = String(number)
        return "sealed-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".bin"
    }

    /// Packs `entries` (pages first, as given; the rest reordered smallest
    /// first) with `start` the page shown on unlock, and encrypts the chunks.
    init(start: String, entries: [Entry], cipher: AlbumCipher) {
        let pages = entries.filter { $0.path.hasSuffix(".html") }
        let others = entries.filter { !$0.path.hasSuffix(".html") }
            .sorted { ($0.bytes.count, $0.path) < ($1.bytes.count, $1.path) }
        var files: [[String: Any]] = []
        var offset = 0
        for entry in pages + others {
            files.append(["path": entry.path, "type": Self.mediaType(entry.path), "offset": offset,
                          "length": entry.bytes.count])
            offset += entry.bytes.count
        }
        let index = (try? JSONSerialization.data(withJSONObject: ["start": start, "files": files],
                                                 options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        let length = UInt32(index.count)
        var stream: [UInt8] = [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
        stream.reserveCapacity(4 + index.count + offset + Self.chunkSize)
        stream += index
        for entry in pages + others { stream += entry.bytes }
        let count = max(1, (stream.count + Self.chunkSize - 1) / Self.chunkSize)
        stream += [UInt8](repeating: 0, count: count * Self.chunkSize - stream.count)
        chunks = (0..<count).map { number in
            cipher.seal(Array(stream[(number * Self.chunkSize)..<((number + 1) * Self.chunkSize)]), role: "chunk \(number)")
        }
    }

    /// The files `chunks` hold, decrypted with `cipher` (nil with a wrong
    /// password or damaged chunks), and the start page: what the browser
    /// does, in Swift, for tests.
    static func open(_ chunks: [[UInt8]], cipher: AlbumCipher) -> (start: String, files: [Entry])? {
        var stream: [UInt8] = []
        for (number, chunk) in chunks.enumerated() {
            guard let plain = cipher.open(chunk, role: "chunk \(number)") else { return nil }
            stream += plain
        }
        guard stream.count >= 4 else { return nil }
        let length = Int(stream[0]) << 24 | Int(stream[1]) << 16 | Int(stream[2]) << 8 | Int(stream[3])
        guard 4 + length <= stream.count,
              let index = try? JSONSerialization.jsonObject(with: Data(stream[4..<(4 + length)])) as? [String: Any],
              let start = index["start"] as? String, let files = index["files"] as? [[String: Any]] else { return nil }
        let base = 4 + length
        var entries: [Entry] = []
        for file in files {
            guard let path = file["path"] as? String, let offset = file["offset"] as? Int, let count = file["length"] as? Int,
                  base + offset + count <= stream.count else { return nil }
            entries.append(Entry(path: path, bytes: Array(stream[(base + offset)..<(base + offset + count)])))
        }
        return (start, entries)
    }

    /// The media type a browser needs to show a file from a blob.
    static func mediaType(_ path: String) -> String {
        switch path.split(separator: ".").last?.lowercased() ?? "" {
        case "html": "text/html; charset=utf-8"
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "jxl": "image/jxl"
        case "mp4", "m4v": "video/mp4"
        case "webm": "video/webm"
        case "mov": "video/quicktime"
        default: "application/octet-stream"
        }
    }
}
