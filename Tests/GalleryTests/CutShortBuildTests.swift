import Foundation
import Testing
import Thumbnails
@testable import Gallery

/// Files cut short (issue 28) are named in a warning and left out like a
/// corrupt photo, and fail the build under `--strict`: an animated GIF that
/// ends after its first frame (which alone would decode).
struct CutShortBuildTests {
    static let animatedGIF = Repo.root.appendingPathComponent("Tests/ThumbnailsTests/Fixtures/formats/gif-animated.gif")

    /// The GIF's bytes up to the end of its first frame (its LZW data's block
    /// terminator): no second frame, no trailer.
    static func gifCutAfterFirstFrame() throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: animatedGIF))
        var index = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        func skipSubBlocks() { while bytes[index] != 0 { index += Int(bytes[index]) + 1 }; index += 1 }
        while bytes[index] == 0x21 { index += 2; skipSubBlocks() }
        precondition(bytes[index] == 0x2C, "an image descriptor")
        index += 10 + (bytes[index + 9] & 0x80 != 0 ? 3 << (Int(bytes[index + 9] & 7) + 1) : 0) + 1
        skipSubBlocks()
        return Data(bytes[..<index])
    }

    @Test func aGIFCutAfterItsFirstFrameIsAWarningNamingIt() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("whole.gif", Data(contentsOf: Self.animatedGIF))
        try album.write("cut.gif", Self.gifCutAfterFirstFrame())
        let report = try Site.build(BuildOptions(album: album.url, output: out.url, templates: Repo.templates))
        #expect(report.photos.map(\.fileName) == ["whole.gif"])
        #expect(report.warnings.count == 1)
        let warning = try #require(report.warnings.first)
        #expect(warning.path.hasSuffix("cut.gif"))
        guard case .notRendered(let error) = warning.reason else {
            Issue.record("\(warning)")
            return
        }
        #expect(error.reason == .corrupt(format: .gif, reason: "the file ends after 1 frame, before the GIF trailer (cut short)"))
        #expect(warning.description.hasSuffix("cut.gif': corrupt GIF data: the file ends after 1 frame, before the GIF trailer (cut short)"),
                "\(warning)")
        #expect(throws: BuildError.strictWarnings(count: 1)) {
            try Site.build(BuildOptions(album: album.url, output: TemporaryFolder().url, templates: Repo.templates, strict: true))
        }
    }
}
