import Foundation
import Thumbnails

/// What renditions earlier builds made, keyed by the source's content hash, so
/// a rebuild knows without decoding which files it can keep.
///
/// Stored as `.cascade-renditions` in the output folder, one line per file:
/// `hash<TAB>space<TAB>quality<TAB>width<TAB>height<TAB>path`, where quality is
/// `-` for lossless (PNG) renditions — those survive a change of JPEG quality —
/// and the encoder's own for an AVIF or WebP alternate (`--formats`), whose
/// format the path's extension gives; after a first line ``header``, with the
/// path encoded by ``LineField``. A build that used a watermarked rendition
/// writes ``treatedHeader`` instead, each line with a seventh field, the
/// watermark's ``Watermark/treatment`` (`-` for none): a build without
/// watermarks writes the same bytes as before they existed, and a binary
/// that knows no watermarks reads a file that has them as nothing known.
/// Keyed by content, not name, so a renamed or moved photo keeps its renditions.
struct RenditionIndex: Sendable {
    static let fileName = ".cascade-renditions"
    static let folder = "renditions"
    /// The first line of the current format. Version 3 holds SHA-256 hashes
    /// (64 hex digits) and names renditions by them.
    static let header = "cascade-renditions 3"
    /// Version 4: version 3 with the treatment field.
    static let treatedHeader = "cascade-renditions 4"

    struct Key: Hashable {
        var hash: ContentHash
        var space: ResamplingSpace
        var width: Int
        /// From the file name's extension: `.jpg`/`.png` are the fallback, `.webp`, `.avif` alternates.
        var format: RenditionFormat
        /// The watermark's digest (``Watermark/treatment``); empty for a plain rendition.
        var treatment: String = ""
    }

    struct Entry: Equatable {
        var quality: Int?
        var file: RenditionFile
    }

    private var known: [Key: [Entry]] = [:]
    private var used: [String: (Key, Entry)] = [:]

    init() {}

    /// Loads the previous build's index; a missing file, one of an older
    /// format (another header, or none: their hashes are not SHA-256) or a
    /// line that does not decode just means those renditions are made again.
    init(loadingFrom url: URL) {
        guard let data = try? Data(contentsOf: url) else { return }
        let lines = [UInt8](data).pieces(separatedBy: UInt8(ascii: "\n"), omittingEmpty: true)
        guard let first = lines.first else { return }
        let treated = first.elementsEqual(Self.treatedHeader.utf8)
        guard treated || first.elementsEqual(Self.header.utf8) else { return }
        known.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            let raw = line.pieces(separatedBy: UInt8(ascii: "\t"), omittingEmpty: false)
            guard raw.count == (treated ? 7 : 6), let path = LineField.decode(raw[5]) else { continue }
            let treatment = treated ? Self.treatment(raw[6]) : ""
            // A treated line's digest must be the one its file name carries.
            guard let treatment, treatment == Self.treatment(ofPath: path) else { continue }
            // Numbers read from the bytes: 100,000 lines at 100,000 photos.
            guard let hash = ContentHash(hexBytes: raw[0]),
                  let space = ResamplingSpace(rawValue: String(decoding: raw[1], as: UTF8.self)),
                  let width = Self.number(raw[3]), let height = Self.number(raw[4]),
                  let format = RenditionFormat(path: path),
                  OutputFolder.isSafeRelativePath(path) else { continue }
            let quality = raw[2].elementsEqual("-".utf8) ? nil : Self.number(raw[2])
            let entry = Entry(quality: quality, file: RenditionFile(width: width, height: height, path: path))
            known[Key(hash: hash, space: space, width: width, format: format, treatment: treatment), default: []].append(entry)
        }
    }

    /// A line's treatment field: `-` for none, else 32 lowercase hex digits.
    private static func treatment(_ field: ArraySlice<UInt8>) -> String? {
        if field.elementsEqual("-".utf8) { return "" }
        guard field.count == 32, field.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }) else { return nil }
        return String(decoding: field, as: UTF8.self)
    }

    /// The digest a rendition's file name carries (`<hash>-1280q80-w<32 hex>.jpg`), or "" for a plain one.
    static func treatment(ofPath path: String) -> String {
        let utf8 = Array(path.utf8)
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot >= 34,
              utf8[dot - 34] == UInt8(ascii: "-"), utf8[dot - 33] == UInt8(ascii: "w") else { return "" }
        return treatment(utf8[(dot - 32)..<dot]) ?? ""
    }

    /// What a treated rendition's name carries before its extension: `-w<digest>`; nothing for a plain one.
    static func treatmentSuffix(_ treatment: String) -> String {
        treatment.isEmpty ? "" : "-w" + treatment
    }

    /// The decimal number `digits` spells (at most 9 digits, as a width or a
    /// quality is), or nil.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// A rendition of `hash` at `width` in `format` made earlier that is still
    /// right for quality `quality` (lossless ones always are).
    func existing(hash: ContentHash, space: ResamplingSpace, width: Int, quality: Int,
                  format: RenditionFormat = .jpeg, treatment: String = "") -> RenditionFile? {
        known[Key(hash: hash, space: space, width: width, format: format, treatment: treatment)]?
            .first { $0.quality == nil || $0.quality == quality }?.file
    }

    /// Knows `file` as made earlier, as a loaded line would: how a build
    /// takes a shard's renditions (``ShardAdoption``).
    mutating func adopt(_ file: RenditionFile, hash: ContentHash, space: ResamplingSpace, quality: Int?) {
        guard let format = RenditionFormat(path: file.path) else { return }
        known[Key(hash: hash, space: space, width: file.width, format: format), default: []]
            .append(Entry(quality: quality, file: file))
    }

    /// Records every rendition the last build used of a source in `hashes`
    /// as used by this one: those of the albums a rebuild carries (``AlbumPatch``).
    mutating func carry(hashes: Set<ContentHash>) {
        used.reserveCapacity(used.count + hashes.count * 4)
        for (key, entries) in known where hashes.contains(key.hash) {
            for entry in entries where used[entry.file.path] == nil { used[entry.file.path] = (key, entry) }
        }
    }

    /// Leaves the files at `paths` out of what is stored: a password album's
    /// renditions, sealed and removed from the site, are neither kept nor
    /// listed (their sizes would tell its photos' count and shapes).
    mutating func forget(_ paths: Set<String>) {
        for path in paths { used[path] = nil }
    }

    /// How many renditions this build uses.
    var usedCount: Int { used.count }

    /// Makes room for `count` more renditions used, so 300,000 of them are
    /// recorded without the table growing (and rehashing) step by step.
    mutating func reserveUses(_ count: Int) {
        used.reserveCapacity(used.count + count)
    }

    /// Records that this build uses `file` (made now or kept).
    mutating func use(_ file: RenditionFile, hash: ContentHash, space: ResamplingSpace, quality: Int?,
                      treatment: String = "") {
        guard let format = RenditionFormat(path: file.path) else { return }
        used[file.path] = (Key(hash: hash, space: space, width: file.width, format: format, treatment: treatment),
                           Entry(quality: quality, file: file))
    }

    /// The file name a new rendition gets: content hash, width, `l` when made
    /// in linear light, for JPEG the quality and, when watermarked, `-w` and
    /// the watermark's digest — so a changed setting never reuses a stale URL
    /// in a browser cache, and a marked rendition never shares a plain one's name.
    static func path(hash: ContentHash, space: ResamplingSpace, width: Int, quality: Int?,
                     fileExtension: String, treatment: String = "") -> String {
        let stem = namePrefix(hash) + "\(width)" + (space == .linearLight ? "l" : "")
        return stem + (quality.map { "q\($0)" } ?? "") + treatmentSuffix(treatment) + "." + fileExtension
    }

    /// The file name a published video gets: `renditions/<hash>-video.mp4`,
    /// named by content like the renditions, so it is made once and every
    /// later build finds it there.
    static func videoPath(hash: ContentHash, container: VideoPublishing.Container) -> String {
        folder + "/" + hash.description + VideoPublishing.pathSuffix(container)
    }

    /// `renditions/<64 hex digits>-`: how every rendition of `hash` is named.
    ///
    /// The whole digest, though it makes each URL 44 characters longer than a
    /// 20-digit prefix did: a file's name is its identity on disk, in the
    /// manifest and in browser caches, so two sources whose names agreed
    /// would write, keep or serve one file for both. A prefix of n hex digits
    /// collides on purpose after about 2^(2n) tries (2^40 for 20), which
    /// anyone who adds photos to an album can afford; 64 digits leave
    /// SHA-256's own 2^128.
    static func namePrefix(_ hash: ContentHash) -> String {
        folder + "/" + hash.description + "-"
    }

    /// The bytes to store: what this build used, sorted by path.
    var serialized: [UInt8] {
        let treated = used.values.contains { !$0.0.treatment.isEmpty }
        var writer = LineWriter(header: treated ? Self.treatedHeader : Self.header, capacity: used.count * 90)
        for path in used.keys.sorted() {
            let (key, entry) = used[path]!
            writer.hash(key.hash)
            writer.tab()
            writer.raw(key.space.rawValue)
            writer.tab()
            if let quality = entry.quality { writer.number(quality) } else { writer.raw("-") }
            writer.tab()
            writer.number(entry.file.width)
            writer.tab()
            writer.number(entry.file.height)
            writer.tab()
            writer.field(path)
            if treated {
                writer.tab()
                writer.raw(key.treatment.isEmpty ? "-" : key.treatment)
            }
            writer.endLine()
        }
        return writer.bytes
    }
}
