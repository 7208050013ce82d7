import Foundation
@testable import Gallery
import ImageHeaders
import Testing

/// The scanner's and the originals' allow-lists are the format registry's: the scan keeps
/// exactly the formats with a pixel decoder (and videos, as tiles), and `--originals` strips
/// exactly the formats whose metadata can be removed losslessly, on real fixtures of each.
@Suite struct FormatAllowListTests {
    static let imageHeaderFixtures = Repo.root.appendingPathComponent("Tests/ImageHeadersTests/Fixtures")

    /// One fixture per format the header scan reads (the first by path).
    static let fixturePerFormat: [ImageFormat: URL] = {
        var found: [ImageFormat: URL] = [:]
        guard let walker = FileManager.default.enumerator(at: imageHeaderFixtures, includingPropertiesForKeys: nil)
        else { return [:] }
        let urls = walker.compactMap { $0 as? URL }.sorted { $0.path < $1.path }
        for url in urls where !["md", "tsv", "sh", "py", "txt"].contains(url.pathExtension) {
            guard let header = try? ImageHeader.read(fileAt: url.path), found[header.format] == nil else { continue }
            found[header.format] = url
        }
        return found
    }()

    static let formatsWithFixtures = ImageFormat.allCases.filter { fixturePerFormat[$0] != nil }

    @Test(arguments: ImageFormat.allCases)
    func listsAreTheRegistrys(_ format: ImageFormat) {
        #expect(PhotoScan.renderableFormats.contains(format) == (format.capabilities.decoder != nil))
        #expect(Originals.strippableFormats.contains(format) == (format.capabilities.metadataStripping != nil))
        let photo = Photo(fileName: "x", header: ImageHeader(format: format, storedSize: PixelSize(width: 1, height: 1)))
        #expect(Originals.publishes(photo, policy: .stripped) == (format.capabilities.metadataStripping != nil))
        #expect(Originals.publishes(photo, policy: .asIs))
    }

    /// Every format the scanner accepts is kept as a photo when it can be decoded, kept or
    /// counted as a video, or named in an "unsupported format" warning: never silently dropped.
    @Test(arguments: formatsWithFixtures)
    func theScanKeepsDecodableFormatsAndVideos(_ format: ImageFormat) throws {
        let source = try #require(Self.fixturePerFormat[format])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-allow-\(format)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "photo." + source.pathExtension
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name))
        var warnings: [BuildWarning] = []
        var log = WarningLog(forwardingTo: { warnings.append($0) })
        let photos = PhotoScan.photos([name], in: try AlbumFolder(folder), log: &log, videos: true)
        if source.lastPathComponent.hasPrefix("header-only") {
            // A camera RAW fixture with no sensor data: kept when LibRaw reads its header, else
            // named in a warning (GalleryTests' RAW tests build real DNGs).
            #expect(photos.map(\.header.format) == [format] && warnings.isEmpty || photos.isEmpty && warnings.count == 1)
        } else if format.isDecodable || format.isVideo {
            #expect(photos.map(\.header.format) == [format])
            #expect(warnings.isEmpty)
        } else {
            #expect(photos.isEmpty)
            #expect(warnings.map(\.reason) == [.unsupportedFormat(format)])
        }
    }

    /// `--originals` with metadata removed publishes exactly the formats the registry can strip
    /// losslessly; any other is refused as a format it cannot strip, never copied with its metadata.
    @Test(arguments: formatsWithFixtures.filter { !$0.isVideo })
    func strippedOriginalsAreExactlyTheStrippableFormats(_ format: ImageFormat) throws {
        let source = try #require(Self.fixturePerFormat[format])
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-originals-\(format)-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try OutputFolder(root: root)
        do throws(BuildError) {
            try Originals.publish(source, to: "original", policy: .stripped, output: output)
            #expect(format.canStripMetadata, "\(format) was published stripped")
            let written = FileManager.default.contents(atPath: root.appendingPathComponent("original").path) ?? Data()
            #expect(ImageFormat.detect([UInt8](written)) == format)
        } catch {
            guard case .originalNotPublished(_, let reason) = error else {
                Issue.record("\(format): \(error)")
                return
            }
            if format.canStripMetadata {
                // A strippable format may still be refused for a malformed fixture, never as unsupported.
                #expect(reason != .unsupportedFormat, "\(format)")
            } else {
                #expect(reason == .unsupportedFormat, "\(format)")
            }
        }
    }
}
