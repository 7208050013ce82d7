/// The files a build published, the only ones the server may answer with,
/// and how a request's path maps to one of them. Pure: nothing on disk is
/// looked at, so a file that exists but is not listed is simply not found.
public struct PublishedSet: Sendable, Equatable {
    /// Relative `/`-separated paths: none absolute, empty, `.`, `..`, hidden
    /// (a segment starting with `.`), or holding a backslash or control byte.
    public private(set) var paths: Set<String>

    /// What a request's path leads to.
    public enum Lookup: Equatable, Sendable {
        /// A listed file, by its relative path.
        case file(String)
        /// A folder asked for without its trailing slash whose `index.html`
        /// is listed: 301 to this location.
        case redirect(location: String)
        /// Nothing listed: 404, never a listing.
        case notFound
    }

    /// `paths` keeping only those that can be served; the others are dropped.
    public init(_ paths: some Sequence<String>) {
        self.paths = Set(paths.filter(Self.isServable))
    }

    /// `/` and `/a/` name `index.html` and `a/index.html`; `/a` names the
    /// file `a`, or redirects to `/a/` when only `a/index.html` is listed.
    public func lookup(_ path: SafePath) -> Lookup {
        let joined = path.segments.joined(separator: "/")
        if path.endsInSlash {
            let index = joined.isEmpty ? "index.html" : joined + "/index.html"
            return paths.contains(index) ? .file(index) : .notFound
        }
        if paths.contains(joined) { return .file(joined) }
        if paths.contains(joined + "/index.html") { return .redirect(location: path.folderLocation) }
        return .notFound
    }

    /// Whether `path` is a relative path the server could ever be asked for.
    static func isServable(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        if path.utf8.contains(where: { $0 < 32 || $0 == 127 || $0 == UInt8(ascii: "\\") }) { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0.hasPrefix(".") }
    }
}
