import ImageHeaders
import Thumbnails

/// What one shard (``Shard``) of a split build made, stored in the output
/// folder as `.cascade-shard-I-of-N` so the final `cascade build` can take
/// those renditions as its own without decoding anything.
///
/// Text, one entry per line, after three lines saying what it is:
///
///     cascade-shard 2
///     shard<TAB>3/4
///     settings<TAB>quality=80 space=gammaEncoded widths=320,480,… large=2048
///     intent<TAB>hash<TAB>space<TAB>quality<TAB>width<TAB>-<TAB>-<TAB>path
///     made<TAB>hash<TAB>space<TAB>quality<TAB>width<TAB>height<TAB>size<TAB>path
///
/// quality is `-` for a lossless (PNG) rendition; an AVIF or WebP alternate
/// (`--formats`) is known by its path's extension. An `intent` line is written
/// before its file is (a killed shard leaves only files its record claims);
/// the record is rewritten with `made` lines, size and height included, once
/// the files are there. A line is kept only if its path is exactly the
/// rendition name its own hash, space, width and quality give
/// (``RenditionIndex/path(hash:space:width:quality:fileExtension:)``): a
/// record can never name a file outside `renditions/`, a page, or another
/// photo's rendition. Pure: no I/O here (see ``ShardAdoption``).
struct ShardRecord: Sendable, Equatable {
    /// Version 2: SHA-256 hashes of 64 hex digits. A version-1
    /// record's 32-digit hashes would name no photo of this build; it is
    /// not read, and its files stay as a user's would.
    static let header = "cascade-shard 2"
    /// Every record's file name starts so.
    static let prefix = ".cascade-shard-"

    struct Entry: Sendable, Equatable {
        /// Whether the file was written (`made`) or only about to be (`intent`).
        var made: Bool
        var hash: ContentHash
        var space: ResamplingSpace
        /// JPEG quality; `nil` for a lossless PNG.
        var quality: Int?
        var width: Int
        /// Known once made.
        var height: Int? = nil
        /// The file's size in bytes, known once made.
        var size: Int64? = nil
        /// AVIF or WebP for an alternate (`--formats`); nil for the JPEG or PNG fallback.
        var alternate: RenditionFormat? = nil

        /// Where the rendition lives, a pure function of the fields above.
        var path: String {
            RenditionIndex.path(hash: hash, space: space, width: width, quality: quality,
                                fileExtension: alternate?.encodedFormat.fileExtension ?? (quality == nil ? "png" : "jpg"))
        }

        /// The header format its file must have.
        var imageFormat: ImageFormat { (alternate ?? .jpeg).imageFormat(lossless: quality == nil) }
    }

    var shard: Shard
    /// ``settingsText(_:)`` of the settings the shard ran with.
    var settings: String
    var entries: [Entry]

    /// The settings that decide a rendition's bytes, as one line: a record
    /// made with others is never trusted.
    static func settingsText(_ settings: RenditionSettings) -> String {
        "quality=\(settings.quality) space=\(settings.space.rawValue) widths="
            + settings.ladder.rungs.map(String.init).joined(separator: ",") + " large=\(settings.ladder.large)"
            // Only when asked for, so a JPEG-only shard's record reads as before.
            + (settings.alternateFormats.isEmpty ? ""
                : " formats=" + settings.formats.map(\.rawValue).joined(separator: ","))
    }

    /// The file's text: entries sorted by path (the same bytes on every machine).
    var serialized: String {
        let lines = entries.sorted { $0.path < $1.path }.map { entry in
            [entry.made ? "made" : "intent", entry.hash.description, entry.space.rawValue,
             entry.quality.map(String.init) ?? "-", String(entry.width),
             entry.height.map(String.init) ?? "-", entry.size.map(String.init) ?? "-",
             entry.path].joined(separator: "\t") + "\n"
        }
        return Self.header + "\n" + "shard\t\(shard)\n" + "settings\t" + settings + "\n" + lines.joined()
    }

    /// Reads a record's bytes; `nil` unless the first three lines are a
    /// record's and its shard is `expected` (the one its file name names).
    /// Entry lines that do not decode, or whose path is not the one their
    /// fields give, are dropped.
    init?(parsing bytes: [UInt8], expected: Shard) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard lines.count >= 3, lines[0] == Self.header, lines[1] == "shard\t\(expected)",
              lines[2].hasPrefix("settings\t") else { return nil }
        shard = expected
        settings = String(lines[2].dropFirst("settings\t".count))
        entries = lines.dropFirst(3).compactMap(Self.entry)
    }

    init(shard: Shard, settings: String, entries: [Entry]) {
        self.shard = shard
        self.settings = settings
        self.entries = entries
    }

    private static func entry(_ line: String) -> Entry? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 8, fields[0] == "made" || fields[0] == "intent",
              let hash = ContentHash(fields[1]), let space = ResamplingSpace(rawValue: fields[2]),
              let width = positive(fields[4]) else { return nil }
        let quality: Int?
        if fields[3] == "-" {
            quality = nil
        } else {
            guard let value = positive(fields[3]), value <= 100 else { return nil }
            quality = value
        }
        // An alternate is known by its file name's extension; it always has a quality.
        let alternate = RenditionFormat(path: fields[7]).flatMap { $0 == .jpeg ? nil : $0 }
        guard alternate == nil || quality != nil else { return nil }
        var entry = Entry(made: fields[0] == "made", hash: hash, space: space, quality: quality, width: width,
                          alternate: alternate)
        if entry.made {
            guard let height = positive(fields[5]), let size = positive(fields[6]) else { return nil }
            entry.height = height
            entry.size = Int64(size)
        } else {
            guard fields[5] == "-", fields[6] == "-" else { return nil }
        }
        // The path is never taken from the file: it must be the one the fields give.
        return fields[7] == entry.path ? entry : nil
    }

    /// A decimal number above 0, digits only (no sign, no leading zero).
    private static func positive(_ text: String) -> Int? {
        guard let first = text.utf8.first, first != UInt8(ascii: "0"), text.utf8.count <= 12,
              text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }
}
