import Foundation
import ImageHeaders
import MarkupCheck
import Mustache

/// The pipeline: list the album, scan every image's header, lay out, render the
/// templates, check every page through libxml2, then write.
///
/// Nothing is written unless every step before writing succeeded, and nothing
/// is ever written into the album folder.
public enum Gallery {
    public static let version = "0.1.0"
    public static var generator: String { "Cascade \(version)" }

    /// Builds the album into the output folder. `warn` receives every skipped
    /// file as soon as it is skipped, so a long build reports progress.
    public static func build(_ options: BuildOptions,
                             warn: (BuildWarning) -> Void = { _ in }) throws(BuildError) -> BuildReport {
        let albumName = displayPath(options.album)
        let outputName = displayPath(options.output)
        if PathContainment.isInside(options.output, options.album) {
            throw .outputInsideAlbum(output: outputName, album: albumName)
        }

        let listing = try AlbumListing.read(album: options.album, displayPath: albumName)
        let config = try AlbumConfig.read(album: options.album, displayPath: albumName)
        var warnings = listing.warnings
        warnings.forEach(warn)
        var photos = scan(listing.files, in: options.album, displayPath: albumName) { warning in
            warnings.append(warning)
            warn(warning)
        }
        if photos.isEmpty {
            throw listing.files.isEmpty
                ? .albumEmpty(path: albumName)
                : .noReadableImages(path: albumName, skipped: listing.files.count)
        }
        for warning in applyDetails(config, to: &photos, albumName: albumName) {
            warnings.append(warning)
            warn(warning)
        }
        if options.strict && !warnings.isEmpty {
            throw .strictWarnings(count: warnings.count)
        }

        var output = OutputFolder(root: options.output)
        var fingerprints = SourceFingerprints(loadingFrom: options.output.appendingPathComponent(SourceFingerprints.fileName))
        var renditionIndex = RenditionIndex(loadingFrom: options.output.appendingPathComponent(RenditionIndex.fileName))
        let geometry = GridGeometry.standard
        let plans = planRenditions(
            for: photos, album: options.album, albumName: albumName, output: output,
            settings: options.renditions, geometry: geometry,
            fingerprints: &fingerprints, index: renditionIndex) { warning in
                warnings.append(warning)
                warn(warning)
            }
        let title = options.title ?? config.title ?? options.album.standardizedFileURL.lastPathComponent
        let theme = try Theme.load(options.templates)
        func pages(for photos: [Photo]) throws(BuildError) -> (model: PageModel, files: [Theme.RenderedFile], site: Set<String>) {
            var model = PageModel(title: title, description: config.description, photos: photos, geometry: geometry)
            model.publishesOriginals = options.originals != .none
            model.largeSize = options.renditions.ladder.large
            let files = try theme.render(model, generator: generator, strictTemplates: options.strictTemplates)
            let originals = options.originals == .none ? [] : photos.map { model.imageFolder + "/" + $0.fileName }
            let site = Set(files.map(\.path) + originals + photos.flatMap { $0.renditions.map(\.path) }
                           + [SourceFingerprints.fileName, RenditionIndex.fileName])
            try theme.check(files, siteFiles: Array(site), displayRoot: outputName)
            return (model, files, site)
        }
        // Render and check the pages first with the renditions as planned: a
        // broken theme or a foreign file in the way fails here, before any
        // image work and before anything is written.
        let provisional = try pages(for: plans.map(\.provisionalPhoto))
        try output.checkWritable(Array(provisional.site), displayRoot: outputName)

        let renditionsMade = plans.reduce(0) { $0 + $1.missing.count }
        photos = try makeRenditions(plans, albumName: albumName, output: &output, outputName: outputName,
                                    settings: options.renditions, index: &renditionIndex) { warning in
            warnings.append(warning)
            warn(warning)
        }
        if photos.isEmpty {
            throw .noReadableImages(path: albumName, skipped: listing.files.count)
        }
        if options.strict && !warnings.isEmpty {
            throw .strictWarnings(count: warnings.count)
        }
        // With nothing made and nothing dropped, the pages as planned are the pages.
        let unchanged = renditionsMade == 0 && photos.count == plans.count
        let (model, files, written) = unchanged ? provisional : try pages(for: photos)
        let originals = options.originals == .none ? [] : photos.map {
            (source: options.album.appendingPathComponent($0.fileName), path: model.imageFolder + "/" + $0.fileName)
        }
        try output.checkWritable(Array(written), displayRoot: outputName)
        for original in originals {
            try publishOriginal(original.source, to: original.path, policy: options.originals,
                                output: output, outputName: outputName)
        }
        for file in files {
            try output.write(Data(file.text.utf8), to: file.path, displayRoot: outputName)
        }
        try output.write(Data(fingerprints.serialized.utf8), to: SourceFingerprints.fileName, displayRoot: outputName)
        try output.write(Data(renditionIndex.serialized.utf8), to: RenditionIndex.fileName, displayRoot: outputName)
        try output.finish(written: written, displayRoot: outputName)
        return BuildReport(page: options.output.appendingPathComponent("index.html"),
                           photos: photos, warnings: warnings, renditionsMade: renditionsMade)
    }

    /// Gives each photo its details: EXIF first, then `album.json` field by
    /// field. Returns a warning for each `album.json` entry naming no photo.
    static func applyDetails(_ config: AlbumConfig, to photos: inout [Photo], albumName: String) -> [BuildWarning] {
        var unused = Set(config.photos.keys)
        for index in photos.indices {
            var details = PhotoDetails(exifOf: photos[index].header)
            if let own = config.photos[photos[index].fileName] {
                details = details.overridden(by: own)
                unused.remove(photos[index].fileName)
            }
            photos[index].details = details
        }
        return unused.sorted().map { name in
            BuildWarning(path: AlbumListing.join(albumName, AlbumConfig.fileName),
                         reason: "photos[\"\(name)\"] names no image of the album")
        }
    }

    /// The formats the rendition step can decode; other images are named in a
    /// warning and skipped rather than published without a rendition.
    static let renderableFormats: Set<ImageFormat> = [.jpeg, .png]

    /// Reads each file's header; unreadable files become warnings.
    static func scan(_ files: [String], in album: URL, displayPath: String,
                     warn: (BuildWarning) -> Void) -> [Photo] {
        var photos: [Photo] = []
        let albumPath = album.path
        for name in files {
            do {
                let header = try ImageHeaders.read(fileAt: AlbumListing.join(albumPath, name))
                guard renderableFormats.contains(header.format) else {
                    warn(BuildWarning(path: AlbumListing.join(displayPath, name),
                                      reason: "a \(header.format.rawValue.uppercased()) image; renditions are made from JPEG and PNG only"))
                    continue
                }
                photos.append(Photo(fileName: name, header: header))
            } catch {
                warn(BuildWarning(path: AlbumListing.join(displayPath, name), reason: error.reason.description))
            }
        }
        return photos
    }

    /// The path as the user would recognise it: relative to the current folder when inside it.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
