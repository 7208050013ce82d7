import Foundation
import MarkupCheck
import Mustache

/// A folder of Mustache templates and what Cascade makes of it.
///
/// - `page` renders the album page, `index.html`;
/// - `photo`, if present, renders each photo's page, `<slug>.html`;
/// - every other top-level template whose name has an extension
///   (`style.css.mustache`, `viewer.js.mustache`) is an asset, rendered once
///   with the album page's data and written under its name;
/// - everything else (`tile`, `layout`, `partials/…`) is only included.
struct Theme {
    /// The folder as the user named it.
    let displayPath: String
    let library: TemplateLibrary
    /// The script the templates contain, the only script pages may carry.
    let allowance: ScriptAllowance

    /// A rendered output file, checked and ready to write, with what made it.
    struct RenderedFile: Sendable {
        var path: String
        var text: String
        var template: String
        var value: Value
    }

    static func load(_ folder: URL) throws(BuildError) -> Theme {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .templatesNotFound(path: Gallery.displayPath(folder))
        }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary.load(directory: folder)
        } catch {
            throw .templateFailed(message: String(describing: error))
        }
        if let missing = library.missingPartials().first {
            throw .templateFailed(message:
                "\(missing.template):\(missing.location): partial \"\(missing.partial)\" not found in '\(Gallery.displayPath(folder))'")
        }
        guard library["page"] != nil else { throw .templatesNotFound(path: Gallery.displayPath(folder)) }
        let sources = library.templates.keys.sorted().compactMap { library[$0]?.source }
        return Theme(displayPath: Gallery.displayPath(folder), library: library,
                     allowance: ScriptAllowance(templateSources: sources))
    }

    /// Template names written as assets under their own name.
    var assetNames: [String] {
        library.templates.keys.filter { !$0.contains("/") && $0.contains(".") }.sorted()
    }

    /// Renders every page and asset. With `strictTemplates`, a variable the
    /// data lacks anywhere fails the build, listing each once.
    func render(_ model: PageModel, generator: String, strictTemplates: Bool) throws(BuildError) -> [RenderedFile] {
        let fields = model.allPhotoFields()
        let album = model.value(generator: generator, fields: fields)
        let assets = assetNames
        let photoPages = library["photo"] != nil ? model.photos.count : 0
        let library = library
        let options: RenderOptions = strictTemplates ? .reportMissingVariables : []
        // Pages are independent, so they render on every core; the results
        // keep job order, so output and the list of misses are deterministic.
        let count = 1 + assets.count + photoPages
        let outcomes = ParallelWork.run(count: count, jobs: ProcessInfo.processInfo.activeProcessorCount) {
            index -> Result<(RenderedFile, [MissingVariable]), TemplateError> in
            let job: (path: String, template: String, value: Value)
            switch index {
            case 0: job = ("index.html", "page", album)
            case 1...assets.count: job = (assets[index - 1], assets[index - 1], album)
            default:
                let photo = index - 1 - assets.count
                job = (model.pagePath(photo), "photo", model.photoPageValue(photo, generator: generator, fields: fields))
            }
            return Result { () throws(TemplateError) in
                let result = try library.render(job.template, job.value, options: options)
                return (RenderedFile(path: job.path, text: result.text, template: job.template, value: job.value),
                        result.missingVariables)
            }
        }
        var files: [RenderedFile] = []
        var misses: [MissingVariable] = []
        var seen: Set<MissingVariable> = []
        for outcome in outcomes {
            switch outcome {
            case .success(let (file, missing))?:
                for miss in missing where seen.insert(miss).inserted {
                    misses.append(miss)
                }
                files.append(file)
            case .failure(let error)?:
                throw .templateFailed(message: String(describing: error))
            case nil:
                continue
            }
        }
        if !misses.isEmpty { throw .missingVariables(misses.map(\.description)) }
        return files
    }

    /// Checks every page and its links against the files the build writes;
    /// the first issue fails the build, naming the template and data behind it.
    func check(_ files: [RenderedFile], siteFiles: [String], displayRoot: String) throws(BuildError) {
        let pages = files.filter { $0.path.hasSuffix(".html") }
        let issues = SiteCheck.check(pages: pages.map { SitePage(path: $0.path, text: $0.text) },
                                     files: siteFiles, allowing: allowance)
        guard let first = issues.first else { return }
        let file = pages.first { $0.path == first.page }
        throw .markupCheckFailed(page: AlbumListing.join(displayRoot, first.page),
                                 line: first.issue.line, column: first.issue.column,
                                 message: first.issue.kind.description, more: issues.count - 1,
                                 origin: file.flatMap { origin(of: first.issue, in: $0) })
    }

    /// Renders `file` again with origins traced and names what wrote the
    /// issue's position: a variable and its data, or a template's own text.
    func origin(of issue: MarkupIssue, in file: RenderedFile) -> String? {
        guard let result = try? library.render(file.template, file.value, options: .traceOrigins),
              result.text == file.text,
              let offset = Self.byteOffset(line: issue.line, column: issue.column, in: file.text),
              let origin = result.origins.origin(at: offset) else { return nil }
        let place = "\(origin.template):\(origin.location)"
        guard let variable = origin.variable else { return "template text at \(place)" }
        let data = origin.value.map { " = \"\(Self.short($0))\"" } ?? ""
        return "{{\(variable)}} at \(place)\(data)"
    }

    /// The byte offset of a 1-based line and UTF-8 column.
    static func byteOffset(line: Int, column: Int, in text: String) -> Int? {
        var currentLine = 1
        var offset = 0
        for byte in text.utf8 {
            if currentLine == line { break }
            offset += 1
            if byte == UInt8(ascii: "\n") { currentLine += 1 }
        }
        guard currentLine == line, column >= 1 else { return nil }
        return offset + column - 1
    }

    /// Data quoted in a message: one line, at most 60 characters.
    static func short(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(60) {
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 60 ? result + "…" : result
    }
}
