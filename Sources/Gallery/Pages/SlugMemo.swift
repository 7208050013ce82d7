import Synchronization

/// The slugs a build gave each album's photos (``PhotoSlug/slugs(for:keepingExtensions:reserving:)``),
/// kept for the build's next page models of the same names: a build makes
/// its models two or three times (paths checked first, then each render),
/// and an album of 100,000 photos took a twentieth of a second a time.
/// Shared by reference between the copies of one ``SitePages``.
final class SlugMemo: Sendable {
    private struct Made {
        var names: [String]
        var reserved: [String]
        var slugs: [String]
    }

    /// The last slugs made, by the count of names (albums rarely share it).
    private let made = Mutex<[Int: Made]>([:])

    /// The slugs of `names`, made again only when they or `reserved` differ
    /// from the last time this count of names was asked.
    func slugs(for names: [String], reserving reserved: [String]) -> [String] {
        if let known = made.withLock({ $0[names.count] }), known.names == names, known.reserved == reserved {
            return known.slugs
        }
        let slugs = PhotoSlug.slugs(for: names, reserving: reserved)
        made.withLock { $0[names.count] = Made(names: names, reserved: reserved, slugs: slugs) }
        return slugs
    }
}
