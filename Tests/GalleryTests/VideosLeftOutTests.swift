import Foundation
@testable import Gallery
import Testing

/// Without ffmpeg a build leaves its videos out with one warning that says
/// so without calling the album skipped, and the count of skipped files is
/// the number of files not published, each video counted.
@Suite struct VideosLeftOutTests {
    static let clips = Repo.root.appendingPathComponent("Tests/ImageHeadersTests/Fixtures/video")
    static let jpeg = Repo.root.appendingPathComponent("Tests/ThumbnailsTests/Fixtures/orientation/Landscape_1.jpg")

    /// One photo, three clips and six files that are not images: nine files not published.
    static func album() throws -> TemporaryFolder {
        let album = TemporaryFolder()
        try album.write("photo.jpg", Data(contentsOf: jpeg))
        for name in ["portrait.mp4", "vp9-opus.webm", "iphone-hevc.mov"] {
            try album.write(name, Data(contentsOf: clips.appendingPathComponent(name)))
        }
        for number in 1...6 { try album.write("broken\(number).jpg", Data([0xFF, 0xD8, 0xFF])) }
        return album
    }

    static func build(_ album: TemporaryFolder, strict: Bool = false) throws -> BuildReport {
        let out = TemporaryFolder()
        var options = BuildOptions(album: album.url, output: out.url, templates: Repo.templates, strict: strict)
        options.videos = VideoSettings(searchPath: "/nonexistent")
        return try withExtendedLifetime(out) { try Site.build(options) }
    }

    @Test func theWarningNamesTheVideosNotASkippedAlbum() throws {
        let report = try Self.build(try Self.album())
        let warning = try #require(report.warnings.last)
        #expect(warning.reason == .videosNeedFFmpeg(count: 3))
        #expect(warning.description == "3 videos left out: ffmpeg was not found on PATH "
            + "(install ffmpeg, or pass --no-video to leave videos out without a warning)")
        #expect(report.warnings.filter { $0.reason == .videosNeedFFmpeg(count: 3) }.count == 1)
    }

    @Test func skippedCountsEveryFileNotPublished() throws {
        let album = try Self.album()
        let report = try Self.build(album)
        #expect(report.photos.map(\.fileName) == ["photo.jpg"])
        #expect(report.warnings.count == 7)
        #expect(report.skippedFiles == 9)
        #expect(throws: BuildError.strictWarnings(count: 9)) { try Self.build(album, strict: true) }
    }

    @Test func aWarningStandsForItsFiles() {
        #expect(BuildWarning(path: "a", reason: .videosNeedFFmpeg(count: 4)).skippedFiles == 4)
        #expect(BuildWarning(path: "a/b.jpg", reason: .notRegularFile).skippedFiles == 1)
        #expect(BuildWarning(path: "a/album.json", reason: .unknownPhoto(name: "x.jpg")).skippedFiles == 0)
    }
}
