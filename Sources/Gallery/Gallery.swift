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
        var warnings = listing.warnings
        warnings.forEach(warn)
        let photos = scan(listing.files, in: options.album, displayPath: albumName) { warning in
            warnings.append(warning)
            warn(warning)
        }
        if photos.isEmpty {
            throw listing.files.isEmpty
                ? .albumEmpty(path: albumName)
                : .noReadableImages(path: albumName, skipped: listing.files.count)
        }
        if options.strict && !warnings.isEmpty {
            throw .strictWarnings(count: warnings.count)
        }

        let title = options.title ?? options.album.standardizedFileURL.lastPathComponent
        let model = PageModel(title: title, photos: photos)
        let files = try render(model, templates: options.templates)

        var output = OutputFolder(root: options.output)
        let copies = photos.map { (source: options.album.appendingPathComponent($0.fileName),
                                   path: model.imageFolder + "/" + $0.fileName) }
        let written = Set(files.map(\.path) + copies.map(\.path))
        try output.checkWritable(Array(written), displayRoot: outputName)
        for copy in copies {
            try output.copy(copy.source, to: copy.path, displayRoot: outputName)
        }
        for file in files {
            try output.write(Data(file.text.utf8), to: file.path, displayRoot: outputName)
        }
        try output.finish(written: written, displayRoot: outputName)
        return BuildReport(page: options.output.appendingPathComponent("index.html"),
                           photos: photos, warnings: warnings)
    }

    /// Reads each file's header; unreadable files become warnings.
    static func scan(_ files: [String], in album: URL, displayPath: String,
                     warn: (BuildWarning) -> Void) -> [Photo] {
        var photos: [Photo] = []
        for name in files {
            do {
                let header = try ImageHeaders.read(fileAt: album.appendingPathComponent(name).path)
                photos.append(Photo(fileName: name, header: header))
            } catch {
                warn(BuildWarning(path: AlbumListing.join(displayPath, name), reason: error.reason.description))
            }
        }
        return photos
    }

    /// A rendered output file, checked and ready to write.
    struct RenderedFile {
        var path: String
        var text: String
    }

    /// Renders the page and stylesheet and checks the page's markup.
    static func render(_ model: PageModel, templates: URL) throws(BuildError) -> [RenderedFile] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: templates.path, isDirectory: &isFolder),
              isFolder.boolValue else {
            throw .templatesNotFound(path: displayPath(templates))
        }
        let value = model.value(generator: generator)
        let files: [RenderedFile]
        do {
            let library = try TemplateLibrary.load(directory: templates)
            if let missing = library.missingPartials().first {
                throw BuildError.templateFailed(message:
                    "\(missing.template):\(missing.location): partial \"\(missing.partial)\" not found in '\(displayPath(templates))'")
            }
            files = [
                RenderedFile(path: "index.html", text: try library.render("page", value)),
                RenderedFile(path: "style.css", text: try library.render("style.css", value)),
            ]
        } catch let error as BuildError {
            throw error
        } catch {
            throw .templateFailed(message: String(describing: error))
        }
        for file in files where file.path.hasSuffix(".html") {
            let issues = MarkupCheck.check(file.text)
            if let first = issues.first {
                throw .markupCheckFailed(page: file.path, line: first.line, column: first.column,
                                         message: first.kind.description, more: issues.count - 1)
            }
        }
        return files
    }

    /// The path as the user would recognise it: relative to the current folder when inside it.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
