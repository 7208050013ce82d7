import Foundation

/// What to build, from where, into where.
public struct BuildOptions: Sendable {
    public var album: URL
    public var output: URL
    public var templates: URL
    /// Fail the build when any file is skipped.
    public var strict: Bool
    /// Album title shown on the page; defaults to `album.json`'s, else the album folder's name.
    public var title: String?
    /// Fail when a template asks for a variable the data does not have.
    public var strictTemplates: Bool

    public init(album: URL, output: URL, templates: URL, strict: Bool = false, title: String? = nil,
                strictTemplates: Bool = false) {
        self.album = album
        self.output = output
        self.templates = templates
        self.strict = strict
        self.title = title
        self.strictTemplates = strictTemplates
    }
}

/// What a successful build did.
public struct BuildReport: Sendable {
    /// The album page, `index.html` in the output folder.
    public var page: URL
    public var photos: [Photo]
    public var warnings: [BuildWarning]
}
