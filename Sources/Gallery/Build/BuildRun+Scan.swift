import Synchronization

/// The album as the scan read it: what the rest of a build plans, renders and writes.
struct ScannedAlbum {
    var tree: Album
    /// The strings of each language the site uses, by tag.
    let languages: [String: LanguageStrings]
    /// The albums carried from the last build, when they could be (``AlbumPatch``).
    let patch: AlbumPatch?
    /// Whether the output folder is exactly as the last clean build left it
    /// (its stamp matched the snapshot's): ``OutputFolder/untouched``.
    var outputUntouched = false
    /// Every photo to plan; a carried album's cover among them, so its card shows its renditions.
    private var photos: [Photo]

    init(tree: Album, languages: [String: LanguageStrings], patch: AlbumPatch?, photos: [Photo]) {
        (self.tree, self.languages, self.patch, self.photos) = (tree, languages, patch, photos)
    }

    /// Hands the photo list over, leaving none here, so it can be let go of
    /// once the renditions are planned (100,000 photos are tens of megabytes).
    mutating func takePhotos() -> [Photo] {
        defer { photos = [] }
        return photos
    }
}

extension BuildRun {
    /// The scan stage: every folder is listed and every album.json read
    /// before any photo is opened; then the photos' headers and details are
    /// read, the unchanged albums carried when the output is untouched.
    mutating func scan(untouchedOutput check: OutputStampCheck) throws(BuildError) -> ScannedAlbum {
        var tree = try AlbumTree.read(album, log: &log)
        treatments = try AlbumTreatments.resolve(&tree, root: album)
        let languages = try theme.languages(of: tree, root: album, site: options.language, strict: options.strictTemplates)
        let patch = readPhotos(&tree, untouchedOutput: check)
        // Photos are read: from here an album's path is its output folder's.
        try UnlistedAlbums.place(&tree, key: options.privateKey)
        try options.albumPasswords.check(tree, theme: theme)
        if options.videos.publishes && videoTool == nil && log.videosLeftOut > 0 {
            log.add(album.displayName, .videosNeedFFmpeg(count: log.videosLeftOut))
        }
        if tree.config.keywordAlbums == true {
            let strings = languages[tree.language ?? options.language ?? Theme.defaultLanguage] ?? .english
            tree = KeywordAlbums.adding(to: tree, log: &log, root: album, title: strings.text("keywords"))
        }
        // A carried album's cover is planned with the photos read, so its card shows its renditions.
        // A flat album's photos are already the list, each a file of its own: taken as they are, not
        // copied twice and hashed by path (100,000 in one album).
        let photos = tree.albums.isEmpty ? tree.photos : (tree.allPhotos + tree.carriedCovers).uniqued(by: \.path)
        if photos.isEmpty {
            throw tree.candidateCount == 0
                ? .albumEmpty(path: album.displayName)
                : .noReadableImages(path: album.displayName, skipped: tree.candidateCount)
        }
        try checkStrict()
        clock.end("scan")
        try options.cancellation.check()
        var scanned = ScannedAlbum(tree: tree, languages: languages, patch: patch, photos: photos)
        scanned.outputUntouched = check.untouched() != nil
        return scanned
    }

    /// Reads the photos of `tree`: only the changed albums' when the output
    /// is untouched and the tree allows a patch (returned), else all of them.
    private mutating func readPhotos(_ tree: inout Album, untouchedOutput check: OutputStampCheck) -> AlbumPatch? {
        let read = Atomic<Int>(0)
        let progress = progress
        let patch = check.untouched().flatMap {
            Site.patchedScan(&tree, inputs: inputs, output: $0, options: options, root: album, log: &log,
                             videos: videoTool != nil, read: read, progress: progress)
        }
        if patch == nil {
            let candidates = tree.candidateCount
            PhotoScan.scan(&tree, root: album, log: &log, videos: videoTool != nil, read: {
                progress(BuildProgress(stage: "scan", done: read.add(1, ordering: .relaxed).newValue, total: candidates))
            })
        }
        return patch
    }
}
