/// The pages of one build: rendered from the theme for a set of photos, and
/// checked against every file the site will hold.
struct SitePages {
    let theme: Theme
    let options: BuildOptions
    let title: String
    let description: String?
    let geometry: GridGeometry

    /// Rendered, checked pages and every path the site will hold.
    struct Result {
        var model: PageModel
        var rendered: [Theme.RenderedFile]
        /// Pages, originals, renditions and the rendition cache files.
        var files: Set<String>
    }

    func render(_ photos: [Photo], output: OutputFolder) throws(BuildError) -> Result {
        var model = PageModel(title: title, description: description, photos: photos, geometry: geometry)
        model.publishesOriginals = options.originals != .none
        model.largeSize = options.renditions.ladder.large
        let rendered = try theme.render(model, generator: Site.generator, strictTemplates: options.strictTemplates)
        let originals = options.originals == .none ? [] : photos.map { model.imageFolder + "/" + $0.fileName }
        let files = Set(rendered.map(\.path) + originals + photos.flatMap { $0.renditions.map(\.path) }
                        + [SourceFingerprints.fileName, RenditionIndex.fileName])
        try theme.check(rendered, siteFiles: Array(files), output: output)
        return Result(model: model, rendered: rendered, files: files)
    }

    /// Every path the pages, originals and cache files will take: known from
    /// the photos' names alone, so a foreign file in the way is found before
    /// any photo is hashed or decoded.
    func plannedPaths(for photos: [Photo]) -> [String] {
        let model = PageModel(title: title, description: description, photos: photos, geometry: geometry)
        var paths = ["index.html"] + theme.assetNames
        if theme.library["photo"] != nil { paths += photos.indices.map(model.pagePath) }
        if options.originals != .none { paths += photos.map { model.imageFolder + "/" + $0.fileName } }
        return paths + [SourceFingerprints.fileName, RenditionIndex.fileName]
    }
}
