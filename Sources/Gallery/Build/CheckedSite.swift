import Parallel

/// The markup check's verdict on a whole site, kept between builds so a
/// rebuild that renders exactly the pages it checked last time (and has the
/// same files to link to) does not parse 100,000 pages again.
///
/// The check is a pure function of the pages' text, the files the site
/// holds (links must resolve) and the theme's templates (the script they
/// may contain): the key hashes all of them, with Cascade's version, each
/// field length-prefixed. Stored as `.cascade-checked` in the output
/// folder: a ``header`` line, then the key of the last site that passed.
/// Only a file the manifest lists as Cascade's is read; a missing, damaged
/// or foreign one, or any other key, means the pages are checked again.
/// Only a passing site's key is ever written.
enum CheckedSite {
    static let fileName = ".cascade-checked"
    static let header = "cascade-checked 1"

    /// The key of a site of `pages` (rendered files) and `files` under `theme`.
    static func key(pages: [Theme.RenderedFile], files: Set<String>, theme: Theme) -> ContentHash {
        // Each page on its own core; the site's key then orders them by path.
        let digests = ParallelWork.map(count: pages.count) { index in
            var hasher = Hasher128()
            var text = pages[index].text
            text.withUTF8 { hasher.combine(raw: UnsafeRawBufferPointer($0)) }
            return hasher.finalize()
        }
        var hasher = Hasher128()
        func field(_ text: String) {
            var text = text
            withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { hasher.combine(raw: $0) }
            text.withUTF8 { hasher.combine(raw: UnsafeRawBufferPointer($0)) }
        }
        field(header)
        field(Site.version)
        for name in theme.library.templates.keys.sorted() {
            field(name)
            field(theme.library[name]?.source ?? "")
        }
        field("files")
        for path in files.sorted() { field(path) }
        field("pages")
        for index in pages.indices.sorted(by: { pages[$0].path < pages[$1].path }) {
            field(pages[index].path)
            field(digests[index].description)
        }
        return hasher.finalize()
    }

    /// The key the last build stored, if the file is Cascade's and intact.
    static func load(from output: OutputFolder) -> ContentHash? {
        guard output.holds(fileName), let bytes = try? FileIO.read(output.filePath(fileName)) else { return nil }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0].elementsEqual(header.utf8), lines[2].isEmpty else { return nil }
        return ContentHash(String(decoding: lines[1], as: UTF8.self))
    }

    /// The file's text for `key`.
    static func text(_ key: ContentHash) -> String { header + "\n" + key.description + "\n" }
}
