import ImageHeaders
import PhotoMetadata
import Testing
import XMP

/// The merged view over real files: which layer wins for each field.
@Suite struct MergedMetadataTests {
    static func header(_ name: String) throws -> ImageMetadata? {
        try ImageHeader.read(fileAt: FixtureFiles.path(name)).metadata
    }

    @Test func everyLayerReadFromTheFile() throws {
        let metadata = try #require(try Self.header("layered.jpg"))
        #expect(metadata.imageDescription == "Exif description")
        #expect(metadata.xpTitle == "XP title")
        #expect(metadata.xpKeywords == ["xp-one", "xp-two"])
        #expect(metadata.bodySerialNumber == "BODY42")
        #expect(metadata.lensSerialNumber == "LENS7")
        #expect(metadata.cameraOwnerName == "Owner Name")
        #expect(metadata.hasGPS)
        #expect(metadata.iptc == IPTCRecord(objectName: "IPTC title", headline: "IPTC headline", caption: "IPTC caption",
                                            keywords: ["iptc-one", "iptc-two"], byline: ["Ada"], city: "Kiel"))
        let xmp = try XMPPacket.parse(try #require(metadata.xmpPacket))
        #expect(xmp.title == "XMP title")
        #expect(xmp.descriptionText == "Clouds. We're home")
        #expect(xmp.serialNumberFields == ["aux:SerialNumber"])
    }

    @Test func embeddedXMPOutranksIPTCAndExif() throws {
        let merged = MergedMetadata(header: try Self.header("layered.jpg"), sidecar: nil)
        #expect(merged == MergedMetadata(
            title: "XMP title", caption: "Clouds. We're home", keywords: ["xmp-one", "xmp-two"], alt: "Blue sky",
            date: "2024-05-01T14:03:59+02:00",
            sources: [.title: .embeddedXMP, .caption: .embeddedXMP, .keywords: .embeddedXMP, .alt: .embeddedXMP,
                      .date: .embeddedXMP]))
    }

    @Test func sidecarOutranksEmbeddedFieldByField() throws {
        let sidecar = try XMPPacket.parse(fileAt: FixtureFiles.path("layered.xmp"))
        let merged = MergedMetadata(header: try Self.header("layered.jpg"), sidecar: sidecar)
        #expect(merged.title == "Sidecar title")
        #expect(merged.sources[.title] == .sidecar)
        // The sidecar has no description: the embedded one still counts.
        #expect(merged.caption == "Clouds. We're home")
        #expect(merged.sources[.caption] == .embeddedXMP)
    }

    @Test func iptcOutranksExifWithoutXMP() throws {
        var metadata = try #require(try Self.header("layered.jpg"))
        metadata.xmpPacket = nil
        let merged = MergedMetadata(header: metadata, sidecar: nil)
        #expect(merged.title == "IPTC title")
        #expect(merged.caption == "IPTC caption")
        #expect(merged.keywords == ["iptc-one", "iptc-two"])
        #expect(merged.alt == nil)
        #expect(merged.date == "2024:05:01 14:03:59")
        #expect(merged.dateSource == .exif)
        #expect(merged.sources[.title] == .iptc)
    }

    @Test func exifAloneAndHeadlineFallback() throws {
        var metadata = try #require(try Self.header("layered.jpg"))
        metadata.xmpPacket = nil
        metadata.iptc?.objectName = nil
        // No title anywhere but XPTitle: it wins over the headline fallback.
        #expect(MergedMetadata(header: metadata, sidecar: nil).title == "XP title")
        metadata.xpTitle = nil
        let merged = MergedMetadata(header: metadata, sidecar: nil)
        #expect(merged.title == "IPTC headline")
        metadata.iptc = nil
        let exifOnly = MergedMetadata(header: metadata, sidecar: nil)
        #expect(exifOnly.caption == "Exif description")
        #expect(exifOnly.keywords == ["xp-one", "xp-two"])
        #expect(exifOnly.title == nil)
        metadata.imageDescription = nil
        #expect(MergedMetadata(header: metadata, sidecar: nil).caption == "XP comment")
    }

    @Test func latin1IPTCAndMultilineExif() throws {
        let iptc = MergedMetadata(header: try Self.header("iptc-latin1.jpg"), sidecar: nil)
        #expect(iptc.caption == "Café au lait")
        #expect(iptc.keywords == ["crème"])
        let exif = MergedMetadata(header: try Self.header("exif-multiline.jpg"), sidecar: nil)
        #expect(exif.caption == "clouds. We're home")
        #expect(exif.sources == [.caption: .exif])
    }

    @Test(arguments: [("xmp.png", "PNG title"), ("xmp.webp", "WebP title"), ("xmp.tif", "TIFF title")])
    func xmpInOtherFormats(file: String, title: String) throws {
        let merged = MergedMetadata(header: try Self.header(file), sidecar: nil)
        #expect(merged.title == title)
        #expect(merged.sources[.title] == .embeddedXMP)
    }

    @Test func tiffIPTC() throws {
        #expect(try Self.header("xmp.tif")?.iptc?.objectName == "TIFF IPTC")
    }

    @Test func brokenEmbeddedPacketFallsBackAndSaysWhy() throws {
        var metadata = try #require(try Self.header("layered.jpg"))
        metadata.xmpPacket = Array("<x:xmpmeta><broken".utf8)
        let merged = MergedMetadata(header: metadata, sidecar: nil)
        #expect(merged.title == "IPTC title")
        #expect(merged.embeddedXMPError != nil)
    }

    @Test func privacySummary() throws {
        let summary = PrivacySummary(header: try Self.header("layered.jpg"))
        #expect(summary.locations == ["Exif GPS", "IPTC City"])
        #expect(summary.serialNumbers == ["Exif BodySerialNumber", "Exif LensSerialNumber", "XMP aux:SerialNumber"])
        #expect(summary.ownerNames == ["Exif CameraOwnerName"])
        #expect(PrivacySummary(header: try Self.header("xmp.png")).findings == ["XMP photoshop:City"])
        #expect(PrivacySummary(header: try Self.header("exif-multiline.jpg")).isEmpty)
    }
}
