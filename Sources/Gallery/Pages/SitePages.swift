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
        let model = self.model(photos)
        let rendered = try theme.render(model, generator: Site.generator, strictTemplates: options.strictTemplates)
        let files = Set(ownPaths(model) + photos.flatMap { $0.renditions.map(\.path) })
        try theme.check(rendered, siteFiles: Array(files), output: output)
        return Result(model: model, rendered: rendered, files: files)
    }

    /// Every path the pages, originals and cache files will take: known from
    /// the photos' names alone, so a foreign file in the way is found before
    /// any photo is hashed or decoded.
    func plannedPaths(for photos: [Photo]) -> [String] {
        ownPaths(model(photos))
    }

    /// Where each photo's original is published (empty without `--originals`).
    func originalPaths(_ model: PageModel) -> [String] {
        options.originals == .none ? [] : model.photos.map { model.imageFolder + "/" + $0.fileName }
    }

    private func model(_ photos: [Photo]) -> PageModel {
        var model = PageModel(title: title, description: description, photos: photos, geometry: geometry)
        model.publishesOriginals = options.originals != .none
        model.largeSize = options.renditions.ladder.large
        return model
    }

    /// Pages and assets (the paths `Theme.render` writes), originals and the
    /// cache files: everything but the renditions.
    private func ownPaths(_ model: PageModel) -> [String] {
        var paths = ["index.html"] + theme.assetNames
        if theme.library["photo"] != nil { paths += model.photos.indices.map(model.pagePath) }
        return paths + originalPaths(model) + [SourceFingerprints.fileName, RenditionIndex.fileName]
    }
}
