import Testing
@testable import ImageHeaders

/// Hand-built JPEG streams: markers, segment walking, frame headers.
@Suite struct JPEGHeaderTests {
    static let frameMarkers: [UInt8] = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]

    @Test(arguments: frameMarkers)
    func everySOFnGivesTheSize(marker: UInt8) throws {
        let jpeg = JPEGBuilder().segment(0xDB, [0] + Array(repeating: 1, count: 64))
            .frame(marker, width: 640, height: 480).scan().bytes
        let header = try ImageHeader.read(from: jpeg)
        #expect(header == ImageHeader(format: .jpeg, storedSize: PixelSize(width: 640, height: 480)))
        #expect(header.orientationSource == .none)
    }

    @Test(arguments: [UInt8(0xC4), 0xC8, 0xCC])
    func dhtJpgAndDacAreNotFrameHeaders(marker: UInt8) {
        // Shaped like a frame header, but these markers never carry the size.
        let jpeg = JPEGBuilder().frame(marker, width: 640, height: 480).scan().bytes
        #expect(throws: HeaderError(offset: 21, reason: .missingFrameHeader(before: "SOS"))) {
            try ImageHeader.read(from: jpeg)
        }
    }

    @Test func firstFrameHeaderWins() throws {
        let jpeg = JPEGBuilder().frame(0xC0, width: 10, height: 20).frame(0xC2, width: 30, height: 40).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).storedSize == PixelSize(width: 10, height: 20))
    }

    @Test func hierarchicalSizeComesFromDHP() throws {
        // DHP gives the final size; the first frame may be a smaller level.
        let jpeg = JPEGBuilder().frame(0xDE, width: 800, height: 600).frame(0xC5, width: 200, height: 150).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).storedSize == PixelSize(width: 800, height: 600))
    }

    @Test func fillBytesStandaloneMarkersAndStrayBytesAreSkipped() throws {
        let jpeg = JPEGBuilder()
            .raw([0xFF, 0xFF, 0xFF])                    // fill before a marker
            .segment(0xE0, Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0])
            .raw([0xFF, 0x01, 0xFF, 0xD0, 0xFF, 0xD7])  // TEM, RST0, RST7
            .raw([0x00, 0x13, 0x37])                    // stray bytes between segments
            .raw([0xFF, 0x00])                          // stuffed zero outside a scan
            .raw([0xFF, 0xFF])
            .frame(0xC1, width: 3, height: 2, components: 1)
            .scan().bytes
        #expect(try ImageHeader.read(from: jpeg).storedSize == PixelSize(width: 3, height: 2))
    }

    @Test(arguments: [0, 1])
    func segmentLengthBelowTwoIsAnError(length: Int) {
        let jpeg = JPEGBuilder().raw([0xFF, 0xE0, 0x00, UInt8(length)]).frame(width: 1, height: 1).bytes
        let expected = HeaderError(offset: 2, reason: .badSegmentLength(marker: "APP0", length: length))
        #expect(throws: expected) { try ImageHeader.read(from: jpeg) }
        #expect(expected.description == "invalid length \(length) of APP0 segment at byte 2")
    }

    @Test func frameHeaderTooShortForDimensions() {
        let jpeg = JPEGBuilder().segment(0xC0, [8, 0, 16, 0]).scan().bytes
        #expect(throws: HeaderError(offset: 2, reason: .badFrameHeader(marker: "SOF0", length: 6))) {
            try ImageHeader.read(from: jpeg)
        }
    }

    @Test func frameLengthMustMatchComponents() {
        let jpeg = JPEGBuilder().segment(0xC0, [8, 0, 16, 0, 16, 3, 1, 0x11, 0]).scan().bytes
        #expect(throws: HeaderError(offset: 2, reason: .badFrameHeader(marker: "SOF0", length: 11))) {
            try ImageHeader.read(from: jpeg)
        }
    }

    @Test(arguments: [(0, 16), (16, 0), (0, 0)])
    func zeroWidthOrHeightIsAnError(width: Int, height: Int) {
        let jpeg = JPEGBuilder().frame(0xC2, width: width, height: height).scan().bytes
        let expected = HeaderError(offset: 2, reason: .zeroDimension("SOF2 segment"))
        #expect(throws: expected) { try ImageHeader.read(from: jpeg) }
        #expect(expected.description == "zero width or height in SOF2 segment at byte 2")
    }

    @Test func truncatedFrameHeaderNamesTheSegment() {
        let full = JPEGBuilder().segment(0xE0, Array(repeating: 0, count: 28)).frame(width: 100, height: 100).bytes
        let jpeg = Array(full.prefix(40))
        let expected = HeaderError(offset: 34, reason: .truncated("SOF0 segment"))
        #expect(throws: expected) { try ImageHeader.read(from: jpeg) }
        #expect(expected.description == "truncated SOF0 segment at byte 34")
    }

    @Test func endOfDataAfterTheFrameHeaderStillGivesTheSize() throws {
        let complete = JPEGBuilder().frame(width: 7, height: 9).segment(0xC4, Array(repeating: 0, count: 40)).bytes
        for cut in [complete.count - 20, complete.count - 41, complete.count - 42] {
            #expect(try ImageHeader.read(from: Array(complete.prefix(cut))).storedSize == PixelSize(width: 7, height: 9))
        }
    }

    @Test(arguments: [(UInt8(0xDA), "SOS"), (0xD9, "EOI")])
    func scanOrEndBeforeAFrameHeaderIsAnError(marker: UInt8, name: String) {
        let jpeg = JPEGBuilder().segment(0xFE, Array("comment".utf8)).raw([0xFF, marker, 0, 2]).bytes
        let expected = HeaderError(offset: 13, reason: .missingFrameHeader(before: name))
        #expect(throws: expected) { try ImageHeader.read(from: jpeg) }
        #expect(expected.description == "no SOF frame header before \(name) at byte 13")
    }

    @Test func walkStopsAtTheFirstScan() throws {
        // A frame header after SOS (inside entropy data) must not be used.
        let jpeg = JPEGBuilder().segment(0xDA, [0]).frame(width: 5, height: 5).bytes
        #expect(throws: HeaderError(offset: 2, reason: .missingFrameHeader(before: "SOS"))) {
            try ImageHeader.read(from: jpeg)
        }
    }

    @Test func onlySOIWithNothingElse() {
        #expect(throws: HeaderError(offset: 2, reason: .missingFrameHeader(before: "end of data"))) {
            try ImageHeader.read(from: [0xFF, 0xD8])
        }
    }

    @Test func tooManyStandaloneMarkersHitTheSegmentLimit() throws {
        var jpeg = JPEGBuilder()
        jpeg = jpeg.raw(Array(repeating: [0xFF, 0xD0], count: 200).flatMap { $0 }).frame(width: 1, height: 1)
        let limits = HeaderLimits(maxSegments: 100)
        #expect(throws: HeaderError(offset: 202, reason: .limitExceeded("100 segments"))) {
            try ImageHeader.read(from: jpeg.bytes, limits: limits)
        }
        #expect(try ImageHeader.read(from: jpeg.bytes).storedSize == PixelSize(width: 1, height: 1))
    }

    @Test func garbageAfterSOIStopsAtTheReadLimit() throws {
        let jpeg = [0xFF, 0xD8] + [UInt8](repeating: 0x00, count: 3 << 20)
        let limits = HeaderLimits(maxBytesRead: 1 << 20)
        let error = try #require(throws: HeaderError.self) { try ImageHeader.read(from: jpeg, limits: limits) }
        #expect(error.reason == .limitExceeded("1048576 bytes read"))
    }

    @Test func largeSegmentsAreSkippedNotRead() throws {
        let source = CountingByteSource(
            JPEGBuilder().segment(0xE2, Array(repeating: 0xAB, count: 60_000))
                .segment(0xED, Array(repeating: 0xCD, count: 60_000))
                .frame(width: 4000, height: 3000).scan().bytes)
        #expect(try ImageHeader.read(from: source).storedSize == PixelSize(width: 4000, height: 3000))
        #expect(source.calls == 3)
        #expect(source.bytesReturned <= 3 * 4096)
    }

    @Test func sourceFailureIsReported() {
        let jpeg = JPEGBuilder().segment(0xE2, Array(repeating: 0, count: 9000)).frame(width: 1, height: 1).bytes
        let source = FailingByteSource(prefix: Array(jpeg.prefix(5000)))
        let expected = HeaderError(offset: 9006, reason: .readFailed("device on fire"))
        #expect(throws: expected) { try ImageHeader.read(from: source) }
        #expect(expected.description == "read failed at byte 9006: device on fire")
    }

    @Test func markerNames() {
        #expect(JPEGMarker.name(0xC0) == "SOF0")
        #expect(JPEGMarker.name(0xCF) == "SOF15")
        #expect(JPEGMarker.name(0xC4) == "DHT")
        #expect(JPEGMarker.name(0xE1) == "APP1")
        #expect(JPEGMarker.name(0xD3) == "RST3")
        #expect(JPEGMarker.name(0x02) == "marker 0x02")
    }
}
