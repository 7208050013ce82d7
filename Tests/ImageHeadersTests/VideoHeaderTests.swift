import Testing
@testable import ImageHeaders

/// Hand-built MP4/QuickTime and Matroska/WebM headers: the display size, the
/// display matrix, duration, dates, codecs and the location flag.
@Suite struct VideoHeaderTests {
    typealias M = MovieBuilder

    static func phoneClip(matrix: (Int32, Int32, Int32, Int32), version: UInt8 = 0, mdatFirst: Bool = false,
                          brand: String? = "qt  ", extra: [UInt8] = []) -> [UInt8] {
        M.movie(brand: brand, tracks: [M.track("soun", codec: "mp4a", header: M.tkhd(width: 0, height: 0)),
                                       M.track("vide", codec: "hvc1", header: M.tkhd(width: 1920, height: 1080, matrix: matrix, version: version))],
                extra: extra, mdatFirst: mdatFirst)
    }

    /// Matrix (a, b, c, d) → Exif orientation: an iPhone held upright records (0, 1, −1, 0).
    @Test(arguments: [
        ((0x10000, 0, 0, 0x10000), 1), ((-0x10000, 0, 0, 0x10000), 2), ((-0x10000, 0, 0, -0x10000), 3),
        ((0x10000, 0, 0, -0x10000), 4), ((0, 0x10000, 0x10000, 0), 5), ((0, 0x10000, -0x10000, 0), 6),
        ((0, -0x10000, -0x10000, 0), 7), ((0, -0x10000, 0x10000, 0), 8),
    ] as [((Int32, Int32, Int32, Int32), UInt8)])
    func displayMatrixIsAnOrientation(matrix: (Int32, Int32, Int32, Int32), exif: UInt8) throws {
        let header = try ImageHeader.read(from: Self.phoneClip(matrix: matrix))
        #expect(header.format == .mov)
        #expect(header.storedSize == PixelSize(width: 1920, height: 1080))
        #expect(header.orientation.rawValue == exif)
        #expect(header.orientationSource == (exif == 1 ? .none : .trackMatrix))
        #expect(header.displaySize == (exif >= 5 ? PixelSize(width: 1080, height: 1920) : PixelSize(width: 1920, height: 1080)))
    }

    @Test func aMatrixThatIsNoRightAngleIsShownAsStored() throws {
        // 45°: cos = sin = 0.7071 in 16.16.
        let header = try ImageHeader.read(from: Self.phoneClip(matrix: (46341, 46341, -46341, 46341)))
        #expect(header.orientation == .up)
        #expect(header.orientationSource == .none)
    }

    @Test func durationCodecsAndTrackChoice() throws {
        let header = try ImageHeader.read(from: Self.phoneClip(matrix: (0, 0x10000, -0x10000, 0), version: 1))
        #expect(header.video?.durationSeconds == 12.48)
        #expect(header.video?.videoCodec == "hvc1")
        #expect(header.video?.audioCodec == "mp4a")
        #expect(header.video?.hasLocation == false)
        #expect(header.description == "mov 1920x1080 orientation 6 (trackMatrix) 12.48s hvc1 -> 1080x1920")
    }

    @Test func moovAfterTheMediaIsFoundWithoutReadingIt() throws {
        let bytes = Self.phoneClip(matrix: (0x10000, 0, 0, 0x10000), mdatFirst: true)
        let header = try ImageHeader.read(from: bytes)
        #expect(header.storedSize == PixelSize(width: 1920, height: 1080))
    }

    @Test(arguments: [("isom", ImageFormat.mp4), ("mp42", .mp4), ("3gp4", .mp4), ("M4V ", .mp4), ("qt  ", .mov)])
    func brandsNameTheFormat(brand: String, format: ImageFormat) throws {
        #expect(try ImageHeader.read(from: Self.phoneClip(matrix: (0x10000, 0, 0, 0x10000), brand: brand)).format == format)
    }

    @Test func aQuickTimeFileWithoutFileTypeBox() throws {
        let header = try ImageHeader.read(from: Self.phoneClip(matrix: (0x10000, 0, 0, 0x10000), brand: nil))
        #expect(header.format == .mov)
    }

    @Test func heifImagesAndOtherISOFilesAreNotVideos() throws {
        #expect(try ImageHeader.read(from: HEIFHeaderTests.avif()).format == .avif)
        // Canon CR3 raw files are ISO BMFF with brand `crx `: not a video.
        let raw = BoxBuilder.ftyp("crx ", ["crx ", "isom"].dropLast()) + BoxBuilder.box("moov", [])
        #expect(throws: HeaderError.self) { try ImageHeader.read(from: raw) }
    }

    @Test func recordingDateAndLocation() throws {
        let quickTime = M.udta(day: "2024-05-12T14:03:07+0200", location: true)
        let header = try ImageHeader.read(from: Self.phoneClip(matrix: (0x10000, 0, 0, 0x10000), extra: quickTime))
        #expect(header.video?.creationDate == "2024-05-12T14:03:07+0200")
        #expect(header.video?.hasLocation == true)

        // Apple's keys win over ©day; their location is private too.
        let apple = M.appleMeta([("com.apple.quicktime.location.ISO6709", "+48.8577+002.2950+035.000/"),
                                 ("com.apple.quicktime.creationdate", "2024-05-12T14:03:07+0200")])
        let iphone = try ImageHeader.read(from: Self.phoneClip(matrix: (0x10000, 0, 0, 0x10000),
                                                               extra: apple + M.udta(day: "2020-01-01", location: false)))
        #expect(iphone.video?.creationDate == "2024-05-12T14:03:07+0200")
        #expect(iphone.video?.hasLocation == true)
    }

    @Test func theMovieHeaderGivesTheDateWhenNothingElseDoes() throws {
        // 2024-05-12T12:03:07Z is 3,798,360,187 s after 1904-01-01.
        let bytes = M.movie(tracks: [M.track("vide", codec: "avc1", header: M.tkhd(width: 640, height: 480))],
                            mvhd: M.mvhd(timescale: 1000, duration: 2000, created: 3_798_360_187))
        let header = try ImageHeader.read(from: bytes)
        #expect(header.format == .mp4)
        #expect(header.video?.creationDate == "2024-05-12T12:03:07Z")
        #expect(header.video?.durationSeconds == 2)
        #expect(header.video?.audioCodec == nil)
    }

    @Test func civilTimeMatchesKnownDates() {
        #expect(CivilTime.iso8601(unixSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(CivilTime.iso8601(unixSeconds: 951_782_400) == "2000-02-29T00:00:00Z")
        #expect(CivilTime.iso8601(unixSeconds: -1) == "1969-12-31T23:59:59Z")
        #expect(CivilTime.iso8601(unixSeconds: Int64.max) == nil)
    }

    @Test(arguments: [
        ("no video track", M.movie(tracks: [M.track("soun", codec: "mp4a", header: M.tkhd(width: 0, height: 0))])),
        ("zero-sized video", M.movie(tracks: [M.track("vide", codec: "avc1", header: M.tkhd(width: 0, height: 0))])),
        ("no moov", BoxBuilder.ftyp("isom", ["isom"]) + BoxBuilder.box("mdat", [1, 2, 3])),
        ("truncated tkhd", M.movie(tracks: [BoxBuilder.box("trak", BoxBuilder.fullBox("tkhd", [0, 0, 0]))])),
        ("child past its parent", BoxBuilder.ftyp("isom", ["isom"]) + BoxBuilder.box("moov", BoxBuilder.box("trak", [], size: 4000))),
    ])
    func brokenMoviesAreErrors(_ name: String, bytes: [UInt8]) {
        #expect(throws: HeaderError.self, "\(name)") { try ImageHeader.read(from: bytes) }
    }

    // MARK: Matroska and WebM

    @Test func webmPixelSizeDurationAndCodecs() throws {
        let bytes = M.matroska(video: [M.uint(0xB0, 1280), M.uint(0xBA, 720)], date: 737_208_187_000_000_000)
        let header = try ImageHeader.read(from: bytes)
        #expect(header.format == .webm)
        #expect(header.storedSize == PixelSize(width: 1280, height: 720))
        #expect(header.video?.durationSeconds == 2.5)
        #expect(header.video?.videoCodec == "V_VP9")
        #expect(header.video?.audioCodec == "A_OPUS")
        // 737,208,187 s after 2001-01-01 is 2024-05-12T12:03:07Z.
        #expect(header.video?.creationDate == "2024-05-12T12:03:07Z")
    }

    @Test func matroskaCropAndDisplaySize() throws {
        let cropped = try ImageHeader.read(from: M.matroska(docType: "matroska", video: [
            M.uint(0xB0, 1920), M.uint(0xBA, 1088), M.uint(0x54AA, 8)]))
        #expect(cropped.format == .mkv)
        #expect(cropped.displaySize == PixelSize(width: 1920, height: 1080))
        // Anamorphic: 720x576 shown at 1024x576.
        let wide = try ImageHeader.read(from: M.matroska(video: [
            M.uint(0xB0, 720), M.uint(0xBA, 576), M.uint(0x54B0, 1024), M.uint(0x54BA, 576)]))
        #expect(wide.displaySize == PixelSize(width: 1024, height: 576))
        // DisplayUnit 3: the display size is only an aspect ratio (16:9).
        let aspect = try ImageHeader.read(from: M.matroska(video: [
            M.uint(0xB0, 720), M.uint(0xBA, 576), M.uint(0x54B0, 16), M.uint(0x54BA, 9), M.uint(0x54B2, 3)]))
        #expect(aspect.displaySize == PixelSize(width: 1024, height: 576))
    }

    @Test func tracksAfterTheClustersAreFoundThroughTheSeekHead() throws {
        let header = try ImageHeader.read(from: M.matroska(video: [M.uint(0xB0, 640), M.uint(0xBA, 360)], tracksAfterCluster: true))
        #expect(header.storedSize == PixelSize(width: 640, height: 360))
    }

    @Test(arguments: [
        ("other DocType", M.matroska(docType: "ebmlfoo", video: [M.uint(0xB0, 1), M.uint(0xBA, 1)])),
        ("no pixel size", M.matroska(video: [M.uint(0xB0, 640)])),
        ("zero width", M.matroska(video: [M.uint(0xB0, 0), M.uint(0xBA, 360)])),
        ("huge height", M.matroska(video: [M.uint(0xB0, 10), M.uint(0xBA, UInt64.max)])),
        ("truncated", Array(M.matroska(video: [M.uint(0xB0, 640), M.uint(0xBA, 360)]).prefix(60))),
    ])
    func brokenMatroskaIsAnError(_ name: String, bytes: [UInt8]) {
        #expect(throws: HeaderError.self, "\(name)") { try ImageHeader.read(from: bytes) }
    }

    @Test func hugeCropAndDisplayValuesNeverTrap() {
        let bytes = M.matroska(video: [M.uint(0xB0, UInt64.max), M.uint(0xBA, UInt64.max), M.uint(0x54AA, UInt64.max),
                                       M.uint(0x54BB, UInt64.max), M.uint(0x54B0, UInt64.max), M.uint(0x54BA, 3), M.uint(0x54B2, 3)])
        _ = try? ImageHeader.read(from: bytes)
    }
}
