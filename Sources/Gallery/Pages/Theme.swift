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
/// - `feed.xml.mustache` and `sitemap.xml.mustache` render, with a base URL
///   only, each album's Atom feed and the site's sitemap (``SiteFeeds``);
/// - everything else (`tile`, `layout`, `partials/…`) is only included;
/// - `strings/<language>.json` hold the interface text per language
///   (``StringsCatalog``); without them pages are in built-in English.
struct Theme {
    /// The folder as the user named it.
    let displayPath: String
    let library: TemplateLibrary
    /// The script the templates contain, the only script pages may carry.
    let allowance: ScriptAllowance
    /// The interface text of each language the theme offers (`strings/*.json`).
    var strings = StringsCatalog()

    /// A rendered output file, checked and ready to write, with what made it.
    struct RenderedFile: Sendable {
        var path: String
        /// The text, deflated (``PageText``).
        var body: PageText
        var template: String
        /// The data the page was rendered from, made again on demand (only a
        /// failing check traces origins): kept, the values of 100,000 photo
        /// pages were a large share of a big build's memory.
        var value: @Sendable () -> Value
        /// Not rendered: the file the last build wrote is this page as it
        /// is (``MarkupVerdicts/keeps(_:in:)``), and `text`
        /// is empty; ``Theme/text(of:in:)`` reads it when it is needed.
        var kept = false

        init(path: String, text: String, template: String, value: @escaping @Sendable () -> Value, kept: Bool = false) {
            self.path = path
            body = text.isEmpty ? .empty : PageText(text)
            self.template = template
            self.value = value
            self.kept = kept
        }

        /// The text (inflated on every use: hold it only while it is needed).
        var text: String { body.text }
    }

    /// Loads and parses every template. Reads only the theme folder, so a
    /// build finds a missing or broken theme before it opens any photo.
    static func load(_ folder: URL) throws(BuildError) -> Theme {
        let display = PathText.display(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .templatesNotFound(path: display)
        }
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary.load(directory: folder)
        } catch let error as TemplateFileError {
            throw .templateFile(error)
        } catch let error as TemplateError {
            throw .template(error)
        } catch {
            throw .templateFile(TemplateFileError(path: display, reason: String(describing: error)))
        }
        if let missing = library.missingPartials().first {
            throw .missingPartial(template: missing.template, location: missing.location,
                                  partial: missing.partial, folder: display)
        }
        guard library["page"] != nil else { throw .templatesNotFound(path: display) }
        let sources = library.templates.keys.sorted().compactMap { library[$0]?.source }
        let strings = try StringsCatalog.load(theme: folder, displayPath: display)
        return Theme(displayPath: display, library: library, allowance: ScriptAllowance(templateSources: sources),
                     strings: strings)
    }

    /// Template names written as assets under their own name.
    var assetNames: [String] {
        library.templates.keys.filter { !$0.contains("/") && $0.contains(".") && !Self.feedTemplates.contains($0) }
            .sorted()
    }

    /// The templates of the feeds and the sitemap, which are not assets.
    static let feedTemplates: Set<String> = [SiteFeeds.feedName, SiteFeeds.sitemapName]
}
