import Glibc
import MarkupCheck
import Parallel

/// What the last build knew of each page it wrote, kept between builds so a
/// rebuild parses and writes only the pages that changed: of 100,000 photo
/// pages, one photo added changes a handful.
///
/// Per page: the digest of the text that passed the markup check, the size
/// of the file as written, and the page's `#fragment` links into other pages. Trusting an unchanged
/// page's verdict is exact under three conditions the build enforces:
/// the theme and Cascade's version are the same (``themeKey``: the check's
/// rules and the script the templates may hold); no file the page links to
/// is missing from this build's (a link that resolved still resolves);
/// and no id an unchanged page links to has gone from a changed page
/// (``Theme/check``). Otherwise every page is checked, as in a cold build.
///
/// Stored as `.cascade-checked`: a ``header`` line, the theme key, then one
/// line per page, every field ``LineField``-encoded and TAB-separated: path,
/// text digest, size, the model digest on an album's first page, each later
/// album page's and photo page's own digest (``PageModel/laterAlbumPageDigests(context:own:)``,
/// ``PageModel/photoPageDigests(context:own:)``; else `-`), the
/// files it links to (``LinkFilter``), and the fragment links as page/id pairs. Only a file the manifest lists as
/// Cascade's is read; a damaged line drops that page's entry, a damaged
/// header the whole file. Only a passing build writes it.
struct MarkupVerdicts: Sendable {
    static let fileName = ".cascade-checked"
    /// Raised whenever the markup check's rules grow or the digests change,
    /// so no verdict given under older rules is trusted. Version 5: every
    /// URL-bearing attribute checked alike, and SHA-256 digests (64 hex
    /// digits). The header is part of ``themeKey``, so an
    /// older file's key never matches.
    static let header = "cascade-checked 6"

    /// A file's change time (`st_ctime`, which no user call can set back)
    /// and size, as `lstat` reports them.
    struct Stamp: Sendable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var modified: timespec

        /// The stamp of a regular file `info` describes, or nil.
        init?(info: stat) {
            guard info.st_mode & S_IFMT == S_IFREG else { return nil }
            seconds = info.st_ctim.tv_sec
            nanoseconds = info.st_ctim.tv_nsec
            size = Int64(info.st_size)
            modified = info.st_mtim
        }

        /// Whether this file was changed before `other` was.
        func changed(before other: Stamp) -> Bool {
            (seconds, nanoseconds) < (other.seconds, other.nanoseconds)
        }
    }

    /// One page's entry.
    struct Entry: Sendable, Equatable {
        var text: ContentHash
        /// The size of the file as written.
        var size: Int64
        /// On an album's first page: the digest of the model its album's
        /// pages were rendered from (``PageModel/digest(context:)``); on a
        /// later album page or a photo page, the digest of what it shows
        /// (``PageModel/laterAlbumPageDigests(context:own:)``, ``PageModel/photoPageDigests(context:own:)``).
        var model: ContentHash? = nil
        var links: PageLinks

        /// Whether the page surely links to none of the files of `gone`
        /// (keys from ``LinkFilter/key(_:)``).
        func linksNone(of gone: [LinkFilter.Key]) -> Bool {
            gone.allSatisfy { !links.targets.mayContain(key: $0) }
        }
    }

    /// Cascade's version and the theme's templates, hashed.
    var themeKey: ContentHash
    var entries: [String: Entry] = [:]
    /// When this file itself was last changed: a page changed before it is
    /// as the build that wrote it left it (it is written after every page).
    var written: Stamp?

    /// The key of `theme` under this version of Cascade.
    static func themeKey(_ theme: Theme) -> ContentHash {
        var hasher = ContentHasher()
        hasher.combine(field: header)
        hasher.combine(field: Site.version)
        for name in theme.library.templates.keys.sorted() {
            hasher.combine(field: name)
            hasher.combine(field: theme.library[name]?.source ?? "")
        }
        hasher.combine(field: theme.strings.canonicalText)
        return hasher.finalize()
    }

    /// Whether the file at `path` is exactly what the last build left there
    /// with text of `digest`: then it need not be read, compared or written.
    /// When its change time is earlier than this file's, which is written
    /// after every page, its size is enough (an edit, a `touch` or a file
    /// moved in since is later). The coarse clock gives pages written just
    /// before this file the same time, so a page changed at or after it is
    /// read and its bytes' digest compared, as git does with racy entries. Sizes and times,
    /// not inodes or times, are stored, so the file is the same for the
    /// same site whichever build wrote it.
    func isOnDisk(_ path: String, digest: ContentHash, in output: OutputFolder) -> Bool {
        guard let written, let entry = entries[path], entry.text == digest, output.owned.contains(path) else { return false }
        // As the last clean build left it (``OutputFolder/untouched``): that build wrote or checked this very text.
        if output.untouched && !output.added.contains(path) { return true }
        guard let stamp = output.folder.status(path).flatMap(Stamp.init(info:)), stamp.size == entry.size else { return false }
        // Under SOURCE_DATE_EPOCH an unchanged page still takes this build's epoch (`OutputFolder.write`).
        if let time = output.timestamp, stamp.modified.tv_sec != time.tv_sec || stamp.modified.tv_nsec != time.tv_nsec {
            return false
        }
        if stamp.changed(before: written) { return true }
        // Changed in the same tick of the kernel's coarse clock as this file
        // (or since): its time proves nothing either way, its bytes do. Which
        // pages share the last tick depends on the machine's speed, so
        // without this the same edit renders a different set of pages.
        guard let bytes = output.read(path, atMost: Int(entry.size) + 1), bytes.count == Int(entry.size) else { return false }
        return ContentHash.of(bytes) == entry.text
    }

    /// The last build's entries if its file is Cascade's, intact and for
    /// `theme`; otherwise none.
    static func load(from output: OutputFolder, theme: Theme) -> MarkupVerdicts {
        load(from: output, key: themeKey(theme))
    }

    /// ``load(from:theme:)`` with the theme's ``themeKey(_:)`` already taken.
    static func load(from output: OutputFolder, key: ContentHash) -> MarkupVerdicts {
        var site = MarkupVerdicts(themeKey: key)
        guard output.holds(fileName), let bytes = output.read(fileName) else { return site }
        let lines = bytes.pieces(separatedBy: UInt8(ascii: "\n"), omittingEmpty: false)
        guard lines.count >= 3, lines[0].elementsEqual(header.utf8), lines.last?.isEmpty == true,
              ContentHash(hexBytes: lines[1]) == key else { return site }
        site.entries.reserveCapacity(lines.count)
        for line in lines[2..<(lines.count - 1)] {
            if let (path, entry) = Self.entry(line) { site.entries[path] = entry }
        }
        site.written = output.folder.status(fileName).flatMap(Stamp.init(info:))
        return site
    }

    private static func entry(_ line: ArraySlice<UInt8>) -> (String, Entry)? {
        let fields = line.pieces(separatedBy: UInt8(ascii: "\t"), omittingEmpty: false)
        // The digests and the size are Cascade's own ASCII and are read as
        // bytes; only the names need ``LineField`` decoding.
        guard fields.count >= 5, fields.count % 2 == 1, let path = LineField.decode(fields[0]),
              let text = ContentHash(hexBytes: fields[1]),
              let size = fields[2].decimalInt64,
              let targets = LinkFilter(text: fields[4]) else { return nil }
        let model: ContentHash?
        if fields[3].elementsEqual("-".utf8) {
            model = nil
        } else {
            guard let digest = ContentHash(hexBytes: fields[3]) else { return nil }
            model = digest
        }
        var links: [FragmentLink] = []
        for index in stride(from: 5, to: fields.count, by: 2) {
            guard let page = LineField.decode(fields[index]), let id = LineField.decode(fields[index + 1]) else { return nil }
            links.append(FragmentLink(page: page, id: id))
        }
        return (path, Entry(text: text, size: size, model: model,
                            links: PageLinks(fragments: links, targets: targets)))
    }

    /// Whether the album page at `albumPage` was rendered by the last build
    /// from a model of digest `model`: then its pages' texts would come out
    /// as that build's did.
    func rendered(albumPage: String, model: ContentHash) -> Bool {
        entries[albumPage]?.model == model
    }

    /// Whether `page` is on disk as the last build left it: from the same
    /// data (``rendered(albumPage:model:)``), it need not be rendered. (Its
    /// text is read from there when it must be checked again.)
    func keeps(_ page: String, in output: OutputFolder) -> Bool {
        guard let entry = entries[page] else { return false }
        return isOnDisk(page, digest: entry.text, in: output)
    }

    /// The file's bytes, pages in path order.
    var bytes: [UInt8] {
        Self.bytes(themeKey: themeKey, count: entries.count,
                   sorted: entries.keys.sorted().lazy.compactMap { path in entries[path].map { (path, $0) } })
    }

    /// The file's bytes for `entries`, already in path order, each path once.
    static func bytes(themeKey: ContentHash, count: Int, sorted entries: some Sequence<(String, Entry)>) -> [UInt8] {
        var writer = LineWriter(header: Self.header, capacity: count * 110)
        writer.hash(themeKey)
        writer.endLine()
        for (path, entry) in entries {
            writer.field(path)
            writer.tab()
            writer.hash(entry.text)
            writer.tab()
            writer.number(entry.size)
            writer.tab()
            if let model = entry.model { writer.hash(model) } else { writer.raw("-") }
            writer.tab()
            writer.raw(entry.links.targets.text)
            for link in entry.links.fragments {
                writer.tab()
                writer.field(link.page)
                writer.tab()
                writer.field(link.id)
            }
            writer.endLine()
        }
        return writer.bytes
    }
}
