import Foundation

extension BuildReport {
    /// The one JSON object `cascade build --json` prints at the end (README,
    /// "Using it"): what was built, what was skipped and why, the privacy
    /// verdict and the seconds per stage. Keys in a fixed order.
    public var jsonSummary: String {
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        func warning(_ item: BuildWarning) -> String {
            "{\"path\":\(JSONText.quoted(item.path)),\"reason\":\(JSONText.quoted(item.reason.description))}"
        }
        let privacy = privacyFindings.map { finding in
            "{\"path\":\(JSONText.quoted(finding.path)),\"carries\":\(list(finding.carries.map(JSONText.quoted)))}"
        }
        let stageFields = stages.map { "\(JSONText.quoted($0.name)):\(String(format: "%.3f", $0.seconds))" }
        let total = stages.reduce(0) { $0 + $1.seconds }
        return "{"
            + "\"page\":\(JSONText.quoted(page.standardizedFileURL.path)),"
            + "\"albums\":\(albums),\"albumsCarried\":\(albumsCarried),\"photos\":\(publishedPhotos),\"pages\":\(pages),\"pagesRendered\":\(pagesRendered),"
            + "\"renditions\":{\"made\":\(renditionsMade),\"reused\":\(renditionsKept),\"removedFiles\":\(filesRemoved)},"
            + (zipsMade + zipsKept > 0 ? "\"zips\":{\"made\":\(zipsMade),\"reused\":\(zipsKept)}," : "")
            + "\"videos\":{\"published\":\(videosPublished),\"skipped\":\(videosSkipped + skippedVideos)},"
            + "\"warnings\":\(list(warnings.map(warning))),"
            + "\"notes\":\(list(notices.map(warning))),"
            + "\"privacy\":\(list(privacy)),"
            + (unlisted.isEmpty ? "" : "\"unlisted\":\(list(unlisted.map(Self.json))),")
            + "\"seconds\":{\(stageFields.joined(separator: ",")),\"total\":\(String(format: "%.3f", total))}"
            + "}"
    }

    /// An unlisted album's object: `album`, `path` and, with a base URL, `url`.
    private static func json(_ album: UnlistedAlbum) -> String {
        "{\"album\":\(JSONText.quoted(album.album)),\"path\":\(JSONText.quoted(album.path))"
            + (album.url.map { ",\"url\":\(JSONText.quoted($0))" } ?? "") + "}"
    }

    /// Videos named in an unsupported-format warning (none since videos are
    /// published; kept so a report built by hand still counts them).
    var skippedVideos: Int {
        warnings.filter {
            if case .unsupportedFormat(let format) = $0.reason { return format.isVideo }
            return false
        }.count
    }
}
