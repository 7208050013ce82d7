import ImageHeaders

/// iPhone Live Photos: a still (HEIC or JPEG) and a QuickTime movie with the
/// same base name in one folder are one item — the still's tile and page,
/// the movie its motion (``Photo/liveVideo``) — never a photo and a video.
///
/// The name proposes a pair; Apple's content identifier disposes: when the
/// still (its MakerNote) and the movie (`com.apple.quicktime.content.identifier`)
/// both carry one and they differ, the two are unrelated files that happen to
/// share a name, and the movie stays a video of its own. The still's
/// identifier is read from its MakerNote here, not when its header is read
/// (``ImageMetadata/appleMakerNote``): only stills with a movie beside them need it. When either lacks
/// one (an export, an edit), the name decides, for a movie of at most ten
/// seconds (a Live Photo's runs about three).
enum LivePhotoPairing {
    /// Extensions (lowercased) of a Live Photo's still and of its movie.
    static let stillExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]
    static let movieExtensions: Set<String> = ["mov"]

    /// The movies among `files` that have a still of the same base name
    /// beside them, each with that still (the first by name when several
    /// have it: `IMG_1.HEIC` before `IMG_1.JPG`).
    static func candidates(_ files: [String]) -> [String: String] {
        // Most folders hold no movie: then no name need be split (100,000 photos in one).
        guard files.contains(where: { movieExtensions.contains(FileExtension.of($0)) }) else { return [:] }
        var stills: [String: String] = [:]
        for name in files.sorted() {
            guard let (base, ext) = split(name), stillExtensions.contains(ext) else { continue }
            if stills[base] == nil { stills[base] = name }
        }
        var pairs: [String: String] = [:]
        for name in files {
            guard let (base, ext) = split(name), movieExtensions.contains(ext), let still = stills[base] else { continue }
            pairs[name] = still
        }
        return pairs
    }

    /// `files` without the candidate movies: what ``PhotoScan/photos`` reads first.
    static func withoutMovies(_ files: [String], _ candidates: [String: String]) -> [String] {
        candidates.isEmpty ? files : files.filter { candidates[$0] == nil }
    }

    /// Gives each still in `photos` its movie, where the two agree (see the
    /// type's note); a movie that pairs with nothing is read as
    /// ``PhotoScan/photos`` would have read it — a video (or a left-out one),
    /// or a warning.
    static func attach(_ candidates: [String: String], to photos: inout [Photo], folder: [String],
                       in album: AlbumFolder, log: inout WarningLog, videos: Bool) {
        guard !candidates.isEmpty else { return }
        var position: [String: Int] = [:]
        for (index, photo) in photos.enumerated() { position[photo.fileName] = index }
        for movie in candidates.keys.sorted() {
            let still = candidates[movie]!
            let relative = folder.isEmpty ? movie : (folder + [movie]).joined(separator: "/")
            if let index = position[still], photos[index].liveVideo == nil, pairs(photos[index], with: relative, in: album) {
                photos[index].liveVideo = movie
            } else {
                photos += PhotoScan.photos([movie], folder: folder, in: album, log: &log, videos: videos)
            }
        }
    }

    /// Gives `photo`, read alone from a folder holding `files` (a carried
    /// album's cover, ``AlbumPatch``), its movie as ``attach`` would: so its
    /// card is the one a full scan gives.
    static func attach(to photo: inout Photo, files: [String], in album: AlbumFolder) {
        guard let movie = candidates(files).first(where: { $0.value == photo.fileName })?.key else { return }
        let relative = photo.folder.isEmpty ? movie : (photo.folder + [movie]).joined(separator: "/")
        if pairs(photo, with: relative, in: album) { photo.liveVideo = movie }
    }

    /// Whether the movie at `relative` is a video whose identifier agrees with `still`'s.
    /// The still's identifier is read from its MakerNote only when the movie has one.
    private static func pairs(_ still: Photo, with relative: String, in album: AlbumFolder) -> Bool {
        guard let header = try? ImageHeader.read(fileAt: album.path(of: relative)), header.format.isVideo else { return false }
        return agree(stillIdentifier: still.header.metadata?.appleContentIdentifier(fileAt: album.path(of: still.path)),
                     movie: header)
    }

    /// The longest movie the name alone pairs: a Live Photo's runs about three
    /// seconds; a longer one beside a photo of its name is a video of its own.
    static let longestUnidentifiedMovie = 10.0

    /// Whether a still and a movie may be one Live Photo: when both carry a
    /// content identifier, whether they are the same; else whether the movie
    /// is short enough to be one (or its length is unknown). The still's
    /// identifier is asked for only when the movie has one.
    static func agree(stillIdentifier: @autoclosure () -> String?, movie: ImageHeader) -> Bool {
        guard let movieID = movie.video?.contentIdentifier, let stillID = stillIdentifier() else {
            return (movie.video?.durationSeconds ?? 0) <= longestUnidentifiedMovie
        }
        return stillID == movieID
    }

    /// `IMG_1.HEIC` → (`IMG_1`, `heic`); nil without an extension.
    private static func split(_ name: String) -> (base: String, ext: String)? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return (String(name[..<dot]), FileExtension.of(name))
    }
}
