import Foundation
@testable import Gallery
import Testing

/// What phones, cameras and editors write beside a photo (Apple's `.AAE`
/// edit list, a camera's `.THM` thumbnail, GoPro's `.LRV` proxy clip, DxO,
/// RawTherapee, Capture One and ON1 settings) is a companion: not published,
/// not warned about, not counted as skipped.
@Suite struct CompanionFileTests {
    static let fixtures = Repo.root.appendingPathComponent("Tests")
    static let smallJPEG = fixtures.appendingPathComponent("ThumbnailsTests/Fixtures/orientation/Landscape_1.jpg")
    static let clip = fixtures.appendingPathComponent("ImageHeadersTests/Fixtures/video/portrait.mp4")
    /// The start of an iPhone's `.AAE`: an XML property list.
    static let appleEdits = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>adjustmentFormatIdentifier</key><string>com.apple.photo</string></dict></plist>
        """.utf8)

    @Test("A device's or editor's side file is a companion, in any case", arguments: [
        "IMG_5000.AAE", "IMG_5000.aae", "GOPR0001.THM", "GOPR0001.LRV", "DJI_0001.lrv", "IMG_5000.JPG.dop",
        "IMG_5000.JPG.pp3", "IMG_5000.cos", "IMG_5000.on1", "IMG_5000.Aae",
    ])
    func sideFilesAreCompanions(name: String) {
        #expect(AlbumListing.isIgnored(name))
    }

    @Test func mediaNamesAreStillCandidates() {
        for name in ["IMG_5000.HEIC", "IMG_5000.JPG", "GOPR0001.MP4", "thumb.jpg", "cos", "on1.png"] {
            #expect(!AlbumListing.isIgnored(name), "\(name)")
        }
    }

    /// An iPhone folder (photo and its edit list), a GoPro's clip leftovers
    /// and editors' settings: one photo, no warning, nothing skipped.
    @Test func aPhoneFolderPublishesOnePhotoWithoutAWarning() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        let jpeg = try Data(contentsOf: Self.smallJPEG)
        try album.write("IMG_5000.JPG", jpeg)
        try album.write("IMG_5000.AAE", Self.appleEdits)
        // A camera's thumbnail is a JPEG, and a proxy clip an MP4: their bytes would pass as media.
        try album.write("GOPR0001.THM", jpeg)
        try album.write("GOPR0001.LRV", Data(contentsOf: Self.clip))
        try album.write("IMG_5000.JPG.dop", Data("Sidecar = { }".utf8))
        try album.write("IMG_5000.JPG.pp3", Data("[Version]\nAppVersion=5.9\n".utf8))
        try album.write("IMG_5000.cos", Data("<?xml version=\"1.0\"?><SL Engine=\"1300\"/>".utf8))
        try album.write("IMG_5000.on1", Data("{\"version\": 1}".utf8))
        var options = BuildOptions(album: album.url, output: out.url, templates: Repo.templates, strict: true)
        // No ffmpeg: a clip taken for a video would be a warning, not a silent publish.
        options.videos = VideoSettings(searchPath: "/nonexistent")
        let report = try Site.build(options)
        #expect(report.warnings.map(\.description) == [])
        #expect(report.photos.map(\.fileName) == ["IMG_5000.JPG"])
        #expect(report.videosSkipped == 0)
        #expect(report.skippedFiles == 0)
    }
}
