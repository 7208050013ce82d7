import MarkupCheck
import Parallel

/// The pages of one build: one album page per album of the tree and a page
/// per photo, rendered from the theme and checked against every file the
/// site will hold.
struct SitePages {
    let theme: Theme
    let options: BuildOptions
    /// The home page's title (`--title`, the root `album.json`, or the folder name).
    let rootTitle: String
    let geometry: GridGeometry
    /// The strings of each language the site uses, by tag (``Theme/languages(of:root:site:strict:)``).
    var languages: [String: LanguageStrings] = [:]
    /// Each album's ZIP download by folder path (``AlbumDownloads``): none without `--zip`.
    var downloads: [String: AlbumDownload] = [:]
    /// Each album's slugs, made once for the build's several sets of models.
    let slugMemo = SlugMemo()

    /// Rendered, checked pages and every path the site will hold.
    struct Result {
        /// One per album, the home page first, parents before children.
        var models: [PageModel]
        var rendered: [Theme.RenderedFile]
        /// Each rendered file's text digest, in the same order.
        var digests: [ContentHash]
        /// Pages, originals, renditions and the rendition cache files.
        var files: Set<String>
        /// ``files`` but the carried albums' (``AlbumPatch``): what this build's models hold.
        var ownFiles: Set<String>
        /// Every page's links (for the next ``MarkupVerdicts``).
        var links: [String: PageLinks]
        /// Each album's model digest, by its first page's path, each later
        /// album page's (``PageModel/laterAlbumPageDigests(context:own:)``) and
        /// each photo page's digest (``PageModel/photoPageDigests(context:own:)``), by its path.
        var modelDigests: [String: ContentHash]
        /// Links in sidecar Markdown to nothing the site holds, shown as their text.
        var droppedLinks: [CaptionLinks.Dropped] = []
    }

    /// `progress` hears how many pages are rendered (stage `pages`), then
    /// parsed for the check (stage `checks`), from any thread. A page whose
    /// text the last build's ``MarkupVerdicts`` vouches for is not parsed
    /// again, unless a file it links to is gone from this build.
    ///
    /// `carried` are the files of albums carried from the last build
    /// (``AlbumPatch``): part of the site, though no model here has them.
    ///
    /// `earlier` are the pages this build rendered before (``EarlierPages``):
    /// each whose data is unchanged is taken from them.
    func render(_ tree: Album, output: OutputFolder, checked: MarkupVerdicts? = nil, carried: AlbumPatch.Carried? = nil,
                earlier earlierResult: Result? = nil,
                progress: @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildError) -> Result {
        var resolving = self.models(tree)
        let renditions = resolving.flatMap { $0.photos.flatMap { photo -> [String] in
            let clips: [String] = [photo.video?.path, photo.motion?.path, photo.motionWebM?.path].compactMap { $0 }
            return photo.renditions.map(\.path) + photo.alternates.flatMap { $0.files.map(\.path) } + clips
        } }
        let ownFiles = Set(ownPaths(resolving) + renditions)
        let files = carried.map { ownFiles.union($0.files) } ?? ownFiles
        let droppedLinks = CaptionLinks.resolve(&resolving, files: files)
        let models = resolving
        // The manifest lists what the last build made (and what a stopped
        // one meant to): all still here, every link that resolved resolves.
        // (Of a carried album's files none is gone: only the rest may be.)
        // A page whose last verdict is trusted must link to no file gone
        // since. Past a few hundred gone files (a setting that renames every
        // rendition) asking each page of each costs more than it saves, and
        // nothing is trusted, as in a cold build. Found on another thread
        // while the pages are rendered (a difference of two sets of 200,000).
        let (made, known) = (files, carried?.rest ?? output.owned)
        let goneKeys = Pending { () -> [LinkFilter.Key]? in
            let goneFiles = known.subtracting(made).subtracting([OutputLock.fileName, OutputFolder.manifestName])
            return goneFiles.count > Self.goneFilesAsked ? nil : goneFiles.sorted().map { LinkFilter.key(Array($0.utf8)) }
        }
        let context = renderContext
        let modelDigests = ParallelWork.map(count: models.count) { models[$0].digest(context: context) }
        let earlier = earlierResult.map {
            EarlierPages($0, files: files, homePath: models.first?.outputPath("index.html") ?? "", homeDigest: modelDigests.first,
                         assetNames: theme.assetNames)
        }
        let hasPhotoPages = theme.library["photo"] != nil
        // Per album, the pages it keeps: its first album page only if its
        // model is the one the last build rendered, each later album page
        // and each photo page if what it shows is
        // (``PageModel/laterAlbumPageDigests(context:own:)``, ``PageModel/photoPageDigests(context:own:)``).
        var keptByModel: [(album: [Bool], photos: [Bool])] = []
        var pageDigests: [String: ContentHash] = [:]
        for (number, model) in models.enumerated() {
            let own = hasPhotoPages || model.albumPageCount > 1 ? model.ownPhotoDigests() : []
            let photoDigests = hasPhotoPages ? model.photoPageDigests(context: context, own: own) : []
            let laterDigests = model.laterAlbumPageDigests(context: context, own: own)
            let paths = photoDigests.indices.map { model.outputPath(model.pagePath($0)) }
            let albumPaths = (0..<model.albumPageCount).map { model.outputPath(model.albumPageName($0)) }
            pageDigests.reserveCapacity(pageDigests.count + paths.count + laterDigests.count)
            for (path, digest) in zip(paths, photoDigests) { pageDigests[path] = digest }
            for (path, digest) in zip(albumPaths.dropFirst(), laterDigests) { pageDigests[path] = digest }
            guard checked != nil || earlier != nil else {
                keptByModel.append(([], []))
                continue
            }
            // Kept: rendered earlier in this build from the same data, or on
            // disk as the last build rendered it from the same data.
            @Sendable func kept(_ path: String, _ digest: ContentHash) -> Bool {
                if earlier?.reuses(path, digest: digest) == true { return true }
                guard let checked else { return false }
                return checked.entries[path]?.model == digest && checked.keeps(path, in: output)
            }
            let albums = albumPaths.indices.map { page in
                kept(albumPaths[page], page == 0 ? modelDigests[number] : laterDigests[page - 1])
            }
            let photos = ParallelWork.map(count: paths.count, run: 1024) { kept(paths[$0], photoDigests[$0]) }
            keptByModel.append((albums, photos))
        }
        // The assets take the home page's data: kept only with its model unchanged.
        var keptAssets: Set<String> = []
        if let home = models.first {
            if let checked, checked.rendered(albumPage: home.outputPath("index.html"), model: modelDigests[0]) {
                keptAssets = Set(theme.assetNames.filter { checked.keeps($0, in: output) })
            }
            if let earlier { keptAssets.formUnion(theme.assetNames.filter { earlier.reuses($0, digest: nil) }) }
        }
        let keep = KeptPages(albums: keptByModel.map(\.album), photos: keptByModel.map(\.photos), assets: keptAssets,
                             assetNames: theme.assetNames)
        var rendered = try theme.render(models, generator: Site.generator, strictTemplates: options.strictTemplates,
                                        keep: keep, extras: extras(models),
                                        rendered: { progress(BuildProgress(stage: "pages", done: $0, total: $1)) })
        rendered += photoIndexes(models)
        var modelOf = pageDigests
        for (model, digest) in zip(models, modelDigests) { modelOf[model.outputPath("index.html")] = digest }
        var digests = rendered.map(\.body.digest)
        // Links vouched for by the earlier render of this build, by path.
        var earlierLinks: [String: PageLinks] = [:]
        for (index, file) in rendered.enumerated() where file.kept {
            // Every kept page has a data digest; an asset has none.
            if let earlier, let taken = earlier.taken(file.path, digest: modelOf[file.path]) {
                rendered[index] = taken.file
                digests[index] = taken.digest
                if let links = taken.links { earlierLinks[file.path] = links }
            } else if let entry = checked?.entries[file.path] {
                digests[index] = entry.text
            }
        }
        var trusted: [String: PageLinks] = [:]
        if let checked, let gone = goneKeys.take() ?? nil {
            trusted.reserveCapacity(rendered.count)
            for (file, digest) in zip(rendered, digests) where file.path.hasSuffix(".html") {
                if let entry = checked.entries[file.path], entry.text == digest, entry.linksNone(of: gone) {
                    trusted[file.path] = entry.links
                }
            }
        }
        for (path, links) in earlierLinks where path.hasSuffix(".html") && trusted[path] == nil { trusted[path] = links }
        try Self.checkXML(rendered, output: output)
        let links = try theme.check(rendered, trusted: consume trusted, siteFiles: files, output: output,
                                    checked: { progress(BuildProgress(stage: "checks", done: $0, total: $1)) })
        return Result(models: models, rendered: rendered, digests: digests, files: files, ownFiles: ownFiles, links: links,
                      modelDigests: modelOf, droppedLinks: droppedLinks)
    }

    /// How many files gone since the last build are looked for in the links
    /// of the pages it checked (``LinkFilter``); more, and every page is
    /// checked again.
    static let goneFilesAsked = 256

    /// Each album's list of its photo pages (``PageModel/photoIndexName``),
    /// which the photo pages' script reads their place from: made every
    /// build (it is one line per photo), written only when it changed.
    private func photoIndexes(_ models: [PageModel]) -> [Theme.RenderedFile] {
        guard theme.library["photo"] != nil else { return [] }
        return models.filter { !$0.photos.isEmpty }.map { model in
            Theme.RenderedFile(path: model.outputPath(PageModel.photoIndexName), text: model.photoIndexText(),
                               template: PageModel.photoIndexName, value: { .null })
        }
    }

    /// The feed's and the sitemap's data, with a base URL and their templates.
    private func extras(_ models: [PageModel]) -> [ExtraFile] {
        guard let feeds = feeds(models) else { return [] }
        var extras: [ExtraFile] = []
        if theme.library[SiteFeeds.feedName] != nil {
            extras += feeds.feeds().map { ExtraFile(path: $0.path, template: SiteFeeds.feedName, value: $0.value) }
        }
        if theme.library[SiteFeeds.sitemapName] != nil {
            extras += feeds.sitemaps().map { ExtraFile(path: $0.path, template: SiteFeeds.sitemapName, value: $0.value) }
        }
        return extras
    }

    private func feeds(_ models: [PageModel]) -> SiteFeeds? {
        options.baseURL.map {
            SiteFeeds(models: models, baseURL: $0, hasPhotoPages: theme.library["photo"] != nil, generator: Site.generator)
        }
    }

    /// Every rendered `.xml` file must be well-formed XML: the first problem fails the build.
    static func checkXML(_ files: [Theme.RenderedFile], output: OutputFolder) throws(BuildError) {
        let xml = files.filter { $0.path.hasSuffix(".xml") && !$0.kept }
        let outcomes = ParallelWork.map(count: xml.count) { XMLCheck.check(xml[$0].text) }
        for (file, outcome) in zip(xml, outcomes) {
            if let first = outcome.issues.first {
                throw .markupCheckFailed(page: output.display(file.path), issue: first, more: outcome.issues.count - 1)
            }
        }
    }

    /// What the pages depend on beside their models: Cascade's version, the
    /// theme and the render options.
    private var renderContext: [String] {
        [Site.generator, MarkupVerdicts.themeKey(theme).description, options.strictTemplates ? "strict" : "lenient"]
    }

    /// Every path the pages, originals and cache files will take: known from
    /// the photos' names alone, so a foreign file in the way is found before
    /// any photo is hashed or decoded.
    func plannedPaths(for tree: Album) throws(BuildError) -> [String] {
        let paths = ownPaths(models(tree))
        try Self.checkNoFileIsAFolder(paths)
        return paths
    }

    /// A page or asset whose path is also a folder the site needs (a
    /// sub-album named `index.html` or `style.css`) fails the build here, by
    /// name, before anything is read or written.
    static func checkNoFileIsAFolder(_ paths: [String]) throws(BuildError) {
        var folders: Set<String> = []
        // Paths come grouped by folder (100,000 photo pages in one): a folder
        // met just before, or already held with its ancestors, is passed over.
        var last: Substring?
        for path in paths {
            // Found on the bytes (``ConfinedFolder/split(_:)``): most paths hold no slash at all.
            var prefix = ConfinedFolder.split(path).folder
            if prefix.isEmpty || prefix == last { continue }
            last = prefix
            while folders.insert(String(prefix).lowercased()).inserted, let slash = prefix.lastIndex(of: "/") {
                prefix = prefix[..<slash]
            }
        }
        guard !folders.isEmpty else { return }
        // Lowercasing keeps an ASCII path's length, so only paths as long as some folder are asked.
        let lengths = Set(folders.map(\.utf8.count))
        let clashes = paths.filter { path in
            let utf8 = path.utf8
            return (!lengths.contains(utf8.count) && utf8.allSatisfy { $0 < 0x80 }) ? false : folders.contains(path.lowercased())
        }
        if let clash = clashes.min() {
            throw .pathClash(path: clash)
        }
    }

    /// Each published original: the photo and its path in the output folder
    /// (none without `--originals`).
    func originals(_ models: [PageModel]) -> [(photo: Photo, path: String)] {
        guard options.originals != .none else { return [] }
        return models.filter(\.publishesOriginals).flatMap { model in
            // Each photo's RAW companion (`"raw": "link"`) right after it.
            model.photos.flatMap { photo -> [Photo] in
                (Originals.publishes(photo, policy: options.originals) ? [photo] : [])
                    + (Originals.publishesRaw(photo, policy: options.originals)
                        ? [Originals.rawCompanion(of: photo, policy: options.originals)].compactMap { $0 } : [])
            }
            .map { ($0, model.outputPath(model.imageFolder + "/" + $0.fileName)) }
        }
    }

    /// The photos whose originals `--originals` would publish but whose
    /// metadata Cascade cannot remove: noted, and published as renditions only.
    func withheldOriginals(_ models: [PageModel]) -> [Photo] {
        guard options.originals == .stripped else { return [] }
        return models.filter(\.publishesOriginals).flatMap { model in
            model.photos.flatMap { photo -> [Photo] in
                (Originals.publishes(photo, policy: .stripped) ? [] : [photo])
                    + [Originals.rawCompanion(of: photo, policy: .stripped)].compactMap { $0 }
            }
        }
    }

    /// The page models of the tree, the home page first, parents before children.
    func models(_ tree: Album) -> [PageModel] {
        var models: [PageModel] = []
        let keywordHrefs = Self.keywordHrefs(tree)
        let icons = SiteIcons(cover: tree.cover ?? tree.chosenCover ?? tree.listedPhotos.first)
        let sealed = tree.passwordAlbums.map { $0.folderPath + "/" }
        func visit(_ album: Album, ancestors: [(title: String, depth: Int)]) {
            let title = album.path.isEmpty ? rootTitle : album.displayTitle
            var model = PageModel(title: title, description: album.description, photos: album.photos,
                                  geometry: geometry, folders: album.albums.map(\.name), slugs: slugMemo)
            model.photosPerPage = options.photosPerPage
            model.descriptionHTML = album.descriptionHTML
            model.path = album.path
            model.ancestors = ancestors.map { ancestor in
                Breadcrumb(title: ancestor.title,
                           href: String(repeating: "../", count: album.path.count - ancestor.depth) + "index.html")
            }
            // An unlisted album has no card: only its own pages lead to it.
            model.albums = album.listedAlbums.map(AlbumCard.init)
            model.noindex = album.isInUnlisted
            model.copyright = album.copyright
            // Keyword albums show photos published elsewhere: their originals are there.
            model.isVirtual = album.isVirtual
            // A password album's originals would be published bare: its sealed renditions stand for them.
            model.publishesOriginals = options.originals != .none && !album.isVirtual
                && !sealed.contains { (album.folderPath + "/").hasPrefix($0) }
            model.stripsOriginals = options.originals == .stripped
            model.keywordHrefs = keywordHrefs
            model.icons = icons
            model.largeSize = options.renditions.ladder.large
            model.baseURL = options.baseURL
            model.download = downloads[album.folderPath]
            model.strings = languages[album.language ?? options.language ?? Theme.defaultLanguage] ?? .english
            if let cover = album.cover ?? album.chosenCover ?? album.listedPhotos.first {
                model.shareImage = PageModel.shareRendition(cover.renditions)
                model.shareImageAlt = cover.details.alt ?? cover.details.caption ?? cover.details.title ?? title
            }
            models.append(model)
            // A carried album's pages are kept as they are: it has its card, no model.
            for child in album.albums where child.carried == nil {
                visit(child, ancestors: ancestors + [(title, album.path.count)])
            }
        }
        visit(tree, ancestors: [])
        if let feeds = feeds(models), theme.library[SiteFeeds.feedName] != nil {
            for number in models.indices { models[number].hasFeed = feeds.hasFeed(number) }
        }
        return models
    }

    /// Each keyword's album page from the site's root, by lowercased keyword.
    private static func keywordHrefs(_ tree: Album) -> [String: String] {
        guard let index = tree.albums.first(where: { $0.isVirtual && $0.name == KeywordAlbums.folder }) else { return [:] }
        var hrefs: [String: String] = [:]
        for album in index.albums {
            hrefs[album.title.lowercased()] = URLPath.relative(album.path + ["index.html"])
        }
        return hrefs
    }

    /// Pages and assets (the paths `Theme.render` writes), originals and the
    /// cache files: everything but the renditions.
    private func ownPaths(_ models: [PageModel]) -> [String] {
        var paths = theme.assetNames + (models.first?.icons?.paths ?? [])
        for model in models {
            paths += (0..<model.albumPageCount).map { model.outputPath(model.albumPageName($0)) }
            if theme.library["photo"] != nil, !model.photos.isEmpty {
                paths += model.photos.indices.map { model.outputPath(model.pagePath($0)) }
                paths.append(model.outputPath(PageModel.photoIndexName))
            }
        }
        if let feeds = feeds(models) {
            paths += models.filter(\.hasFeed).map { $0.outputPath(SiteFeeds.feedName) }
            if theme.library[SiteFeeds.sitemapName] != nil { paths += feeds.sitemapPaths() }
        }
        return paths + originals(models).map(\.path) + models.compactMap(\.download?.path)
            + [SourceFingerprints.fileName, RenditionIndex.fileName, MarkupVerdicts.fileName]
    }
}
