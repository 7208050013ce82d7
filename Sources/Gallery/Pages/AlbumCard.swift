import Mustache
import Waterfall

/// A sub-album as its parent's page shows it: a cover tile with the album's
/// title, photo count and date range, linking to its page.
public struct AlbumCard: Sendable {
    /// The sub-album's folder name (its page is `<name>/index.html`).
    public var name: String
    public var title: String
    /// Photos in it and every album below it, videos included.
    public var photoCount: Int
    /// The videos among ``photoCount``, so the label counts them as videos.
    var videoCount: Int
    var albumCount: Int
    /// The earliest and latest capture time in it and below it.
    var dates: (earliest: PhotoDate, latest: PhotoDate)?
    /// The photo shown, with its renditions; nil shows the title alone.
    var cover: Photo?

    /// Cover tiles keep the cover photo's shape between 16:9 and 3:4 (the
    /// image is cropped to fit beyond that), so a panorama still leaves room
    /// for the album's title and a tall photo does not tower over its row.
    static let ratioRange = (min: Ratio(width: 16, height: 9), max: Ratio(width: 3, height: 4))

    public init(album: Album) {
        name = album.name
        title = album.displayTitle
        photoCount = album.totalPhotoCount
        videoCount = album.treeVideoCount
        albumCount = album.carried?.albums ?? album.listedAlbums.count
        dates = album.dateRange
        cover = album.cover
    }

    /// Height ÷ width of the tile.
    var ratio: Ratio {
        guard let cover else { return Ratio(width: 4, height: 3) }
        let natural = Ratio(width: cover.displayWidth, height: cover.displayHeight)
        if natural < Self.ratioRange.min { return Self.ratioRange.min }
        if natural > Self.ratioRange.max { return Self.ratioRange.max }
        return natural
    }

    /// The widest, in CSS px, any cover column is shown (``TileGrid/maxColumnWidth``):
    /// about the one-column phone layout's widest (a 479 px gallery less its
    /// padding), so one or two covers on a wide screen are as large as a
    /// phone shows them, not stretched across it.
    static let maxColumnWidth = 480.0

    /// The widest this tile may be shown (CSS px) without its image being
    /// enlarged at 1×: the tile crops its largest rendition (`object-fit:
    /// cover`) to ``ratio``, so it is no wider than the image and no taller
    /// than it. A small video poster (240×98) keeps its own pixels instead
    /// of being upscaled to the column's width. Nil without a cover.
    var maxWidth: Int? {
        guard let largest = cover?.renditions.max(by: { $0.width < $1.width }) else { return nil }
        let byHeight = Double(largest.height) / max(ratio.value, 0.000_001)
        return max(1, min(largest.width, Int(byHeight.rounded(.down))))
    }

    /// `12 photos`, `2 albums · 12 photos`, `1 video`, in `strings`' language.
    func countLabel(_ strings: LanguageStrings) -> String {
        strings.countLabel(photos: photoCount - videoCount, videos: videoCount, albums: albumCount)
    }

    /// `May 2024`, `12–19 May 2024`, `May – June 2024`, `May 2019 – June 2024`:
    /// short enough for a tile, from the strings' patterns, never the host's locale.
    func dateRangeText(_ strings: LanguageStrings) -> String? {
        dates.map { strings.dateRange(from: $0.earliest, to: $0.latest) }
    }
}

/// A link to an album above the current page.
public struct Breadcrumb: Sendable, Equatable {
    public var title: String
    /// Relative to the page that shows it: `../index.html`.
    var href: String
}

extension PageModel {
    /// Distinct slugs for the cover tiles' ids, from the folder names (whole:
    /// a folder's name has no extension to drop).
    var albumSlugs: [String] { PhotoSlug.slugs(for: albums.map(\.name), keepingExtensions: true) }

    /// A cover tile's fields: like a photo tile's (`src`, `srcset`, `sizes`,
    /// `alt`, `width`, `height`), plus `title`, `href`, `countLabel` and `dates`.
    func albumFields(_ index: Int, slug: String) -> [String: Value] {
        let card = albums[index]
        var fields: [String: Value] = [
            "id": .string("a-" + slug),
            "title": .string(card.title),
            "href": .string(URLPath.relative([card.name, "index.html"])),
            "countLabel": .string(card.countLabel(strings)),
            "photoCount": .int(card.photoCount),
        ]
        if let text = card.dateRangeText(strings), let dates = card.dates {
            fields["dates"] = .object([
                "text": .string(text),
                "start": .string(dates.earliest.machineText),
                "end": .string(dates.latest.machineText),
            ])
        }
        if let cover = card.cover, let tile = cover.tileRendition {
            fields["src"] = .string(renditionURL(tile))
            fields["srcset"] = .string(srcset(cover))
            fields["picture"] = .bool(!cover.alternates.isEmpty)
            fields["sources"] = .list(sources(cover))
            fields["sizes"] = .string(geometry.coverSizes(count: albums.count, maxWidth: card.maxWidth))
            fields["width"] = .int(cover.displayWidth)
            fields["height"] = .int(cover.displayHeight)
            // The title is the tile's text, so the image itself adds nothing for a listener.
            fields["alt"] = .string("")
            fields["hasCover"] = .bool(true)
        }
        return fields
    }
}
