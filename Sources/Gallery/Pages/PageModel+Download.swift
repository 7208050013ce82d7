import Mustache

/// An album's ZIP download as its page shows it (``AlbumDownloads``).
struct AlbumDownload: Sendable, Equatable, Hashable {
    /// The archive's path from the site's root (`Iceland/album-<sha256>.zip`).
    var path: String
    /// Its size in bytes.
    var size: Int64
    /// How many photos it holds.
    var count: Int
}

extension PageModel {
    /// The album's first page's `download` object: `url` (beside the page),
    /// `fileName` (what the browser saves it as: the album's title),
    /// `size` (`48.2 MB`, in the page's language), `count` and `label`.
    /// Nil on later pages of a paged album and for an album without one.
    func downloadValue(page: Int) -> Value? {
        guard let label = downloadLabel(page: page), let download else { return nil }
        let name = String(download.path.split(separator: "/").last ?? "")
        return .object([
            "url": .string(name),
            "fileName": .string(AlbumDownloads.savedName(title: title)),
            "size": .string(strings.byteSize(download.size)),
            "count": .int(download.count),
            "label": .string(label),
        ])
    }

    /// The download link's text on page `page` (`Download 12 photos as a ZIP
    /// (48.2 MB)`), nil where there is none: also a line of the album
    /// header, which decides where the grid starts (``headerHeights(page:)``).
    func downloadLabel(page: Int) -> String? {
        guard page == 0, let download else { return nil }
        let size = strings.byteSize(download.size)
        return strings.format("downloadAlbum", ["photos": strings.count("photos", download.count), "size": size])
    }
}

extension LanguageStrings {
    /// `48.2 MB`, `950 KB`, `1.3 GB` (decimal units, one decimal below 100,
    /// the language's decimal mark and unit names): a download's size.
    func byteSize(_ bytes: Int64) -> String {
        var units = ["B", "KB", "MB", "GB", "TB"]
        if case .list(let names)? = entries["byteUnits"], names.count == units.count { units = names }
        var unit = 0
        var tenths = bytes * 10
        while tenths >= 10_000, unit < units.count - 1 {
            tenths = (tenths + 500) / 1000
            unit += 1
        }
        let figure = unit == 0 || tenths >= 1000 ? number(Int((tenths + 5) / 10))
            : number(Int(tenths / 10)) + text("decimalSeparator") + String(tenths % 10)
        return figure + "\u{A0}" + units[unit]
    }
}
