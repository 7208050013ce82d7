import CLibZip
import Foundation
import ImageHeaders

/// The albums' ZIP downloads (`--zip`, `album.json` `"zip"`): one archive per
/// album with photos of its own (its sub-albums' are theirs), beside its
/// pages, named by what it holds so an unchanged album's archive is kept
/// and a changed one's replaced (the old one is no longer in the site, so
/// the manifest's finish removes it; a carried album keeps its folder's).
///
/// Videos are left out: a download holds the album's photos, as its link
/// says ("12 photos"); a video stays a download of its own on its page.
enum AlbumDownloads {
    /// One album's planned archive.
    struct Plan: Equatable {
        /// The album's folder path (`a/b`), its key in ``SitePages/downloads``.
        var album: String
        /// The archive's path in the output folder.
        var path: String
        var entries: [Entry]
        /// The photos an `originals` archive leaves out: their metadata cannot be removed.
        var withheld: [Photo] = []
    }

    /// One entry of an archive and where its bytes come from.
    struct Entry: Equatable {
        /// The name inside the archive: the photo's own, unique in the archive, no `/`.
        var name: String
        var time: DOSTime
        /// A rendition in the output folder (`large`), or an original in the album (`originals`).
        var rendition: String?
        var original: String?
        /// The album's `"copyright"`, written into a stripped original (``CopyrightMetadata``).
        var rights: String?
    }

    /// Whether any album of `tree` could have a download: false for a build
    /// without `--zip` and without `"zip"` in any `album.json` (nothing is planned).
    static func anyOn(_ tree: Album, options: BuildOptions) -> Bool {
        func visit(_ album: Album) -> Bool { album.config.zip.map { $0 != .off } ?? false || album.albums.contains(where: visit) }
        return options.zip != .off || visit(tree)
    }

    /// The archive of every album of `tree` whose download is on, parents first.
    /// `size` gives a rendition's size in bytes (nil when missing): it names the archive.
    static func plans(_ tree: Album, options: BuildOptions, size: (String) -> Int64?) -> [Plan] {
        var plans: [Plan] = []
        func visit(_ album: Album, inherited: AlbumZip) {
            let mode = album.config.zip ?? inherited
            if mode != .off, !album.isVirtual, album.carried == nil,
               let plan = plan(album, mode: mode, options: options, size: size) {
                plans.append(plan)
            }
            // A password album's archive would publish its photos bare.
            for child in album.albums where child.carried == nil && !child.isPasswordProtected { visit(child, inherited: mode) }
        }
        visit(tree, inherited: options.zip)
        return plans
    }

    /// The policy an `originals` archive publishes under: as `--originals`
    /// would, never with private metadata unless `--keep-metadata`.
    static func policy(_ options: BuildOptions) -> OriginalsPolicy {
        options.originals == .asIs ? .asIs : .stripped
    }

    private static func plan(_ album: Album, mode: AlbumZip, options: BuildOptions, size: (String) -> Int64?) -> Plan? {
        var names = UniqueNames()
        var entries: [Entry] = []
        var withheld: [Photo] = []
        var hasher = ContentHasher()
        // What writes the bytes: a new Cascade (its stripping) or libzip makes new archives once.
        hasher.combine(field: "cascade album zip 1")
        hasher.combine(field: Site.generator)
        hasher.combine(field: String(cString: zip_libzip_version()))
        hasher.combine(field: mode.rawValue)
        hasher.combine(field: mode == .originals ? "\(policy(options))" : "")
        for photo in album.photos where !photo.isVideo {
            let time = options.sourceDateEpoch.map(DOSTime.init(epoch:)) ?? photo.details.date.map(DOSTime.init(date:)) ?? .earliest
            // The widest JPEG; a photo rendered only as PNG (transparency) gives its widest PNG.
            let widest = photo.renditions.filter { $0.path.hasSuffix(".jpg") }.max { $0.width < $1.width }
                ?? photo.renditions.max { $0.width < $1.width }
            var entry: Entry
            switch mode {
            case .off: return nil
            case .large:
                guard let widest else { continue }
                let suffix = widest.path.hasSuffix(".jpg") ? ".jpg" : String(widest.path.dropFirst(baseName(widest.path).count))
                entry = Entry(name: names.unique(safeName(baseName(photo.fileName) + suffix)), time: time, rendition: widest.path)
                hasher.combine(field: widest.path)
                hasher.combine(field: String(size(widest.path) ?? -1))
            case .originals:
                guard Originals.publishes(photo, policy: policy(options)) else {
                    withheld.append(photo)
                    continue
                }
                entry = Entry(name: names.unique(safeName(photo.fileName)), time: time, original: photo.path,
                              rights: policy(options) == .stripped ? album.copyright : nil)
                // Only when set, so an archive without a credit keeps its name.
                if let rights = entry.rights { hasher.combine(field: "rights=" + rights) }
                // The source's content hash names its renditions: a changed file changes the archive.
                hasher.combine(field: photo.path)
                hasher.combine(field: photo.renditions.first?.path ?? "")
            }
            hasher.combine(field: entry.name)
            hasher.combine(field: "\(entry.time.date) \(entry.time.time)")
            entries.append(entry)
        }
        guard !entries.isEmpty else { return nil }
        let name = "album-\(hasher.finalize().description).zip"
        return Plan(album: album.folderPath, path: album.path.isEmpty ? name : (album.path + [name]).joined(separator: "/"),
                    entries: entries, withheld: withheld)
    }

    /// Writes the archive of `plan` and returns its size: each entry read
    /// when libzip copies it (a rendition from the output, an original from
    /// the album, stripped as `--originals` strips it) into a pending file
    /// beneath the output folder, renamed into place once complete.
    static func write(_ plan: Plan, album: AlbumFolder, output: OutputFolder, policy: OriginalsPolicy) throws(BuildError) -> Int64 {
        let pending = try output.pendingFile(for: plan.path)
        let failed = { (message: String) in BuildError.zipNotWritten(path: output.display(plan.path), reason: message) }
        var opened: ZipWriter?
        do throws(ZipWriter.Failure) {
            let writer = try ZipWriter(descriptor: pending.descriptor)
            opened = writer
            for entry in plan.entries {
                try writer.add(entry.name, time: entry.time) { () throws -> [UInt8] in
                    if let original = entry.original {
                        return try Originals.bytes(album.url.appendingPathComponent(original), as: plan.path, policy: policy,
                                                   output: output, rights: entry.rights)
                    }
                    guard let rendition = entry.rendition, let bytes = output.read(rendition) else {
                        throw failed("could not read '\(output.display(entry.rendition ?? entry.name))'")
                    }
                    return bytes
                }
            }
            try writer.finish()
        } catch {
            // An entry that could not be read says why itself.
            if let loadError = opened?.loadError { throw (loadError as? BuildError) ?? failed("\(loadError)") }
            throw failed(error.message)
        }
        try output.place(pending, at: plan.path)
        return Int64(pending.size)
    }

    /// Whether `path` names an album's archive (`a/album-<64 hex digits>.zip`).
    static func isArchive(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.hasPrefix("album-") && name.hasSuffix(".zip") && name.utf8.count == 6 + ContentHash.hexCount + 4
    }

    /// What the browser saves an archive as: the album's title, without the
    /// characters a file name cannot hold, and `.zip`.
    static func savedName(title: String) -> String {
        let cleaned = String(title.map { "/\\:*?\"<>|".contains($0) || $0.isNewline ? "_" : $0 })
        return (cleaned.trimmingCharacters(in: .whitespaces).isEmpty ? "album" : cleaned) + ".zip"
    }

    /// `IMG_1.jpeg` → `IMG_1`.
    static func baseName(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// An entry name with no path in it: separators and control characters
    /// become `_`, and `.` or `..` alone become `_`.
    static func safeName(_ name: String) -> String {
        let cleaned = String(name.unicodeScalars.map { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F ? "_" : Character($0) })
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "_" : cleaned
    }
}

/// Entry names made unique in order: the second `IMG_1.jpg` (in any case)
/// is `IMG_1 (2).jpg`, so a photo order gives the same names every time.
struct UniqueNames {
    private var taken: Set<String> = []

    mutating func unique(_ name: String) -> String {
        var candidate = name
        var number = 2
        while !taken.insert(candidate.lowercased()).inserted {
            let base = AlbumDownloads.baseName(name)
            let suffix = name.dropFirst(base.count)
            candidate = "\(base) (\(number))\(suffix)"
            number += 1
        }
        return candidate
    }
}

extension DOSTime {
    /// The photo's own date, as its camera recorded it (no zone).
    init(date: PhotoDate) {
        self.init(year: date.year, month: date.month, day: date.day, hour: date.hour ?? 0, minute: date.minute ?? 0,
                  second: date.second ?? 0)
    }
}
