import Testing
@testable import ImageHeaders

/// ``JPEGSegments`` over hand-built streams: what each marker delimits, and
/// hostile or truncated input ending in a typed error at the right byte.
@Suite struct JPEGSegmentsTests {
    /// A walk written down: one line per segment, then the error, if any.
    static func walk(_ bytes: [UInt8]) -> (segments: [String], error: JPEGSegmentError?, end: Int?) {
        var lines: [String] = []
        do {
            var segments = try JPEGSegments(bytes)
            while let segment = try segments.next() {
                var line = "\(segment.name)@\(segment.offset)"
                if segment.length > 0 { line += " len \(segment.length) payload \(segment.payload)" }
                if !segment.entropyCodedData.isEmpty { line += " data \(segment.entropyCodedData)" }
                lines.append(line)
            }
            return (lines, nil, segments.offset)
        } catch {
            return (lines, error, nil)
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let bytes: [UInt8]
        let segments: [String]
        let error: JPEGSegmentError?
    }

    static let soi: [UInt8] = [0xFF, 0xD8]

    static let cases: [Case] = [
        Case(description: "SOI EOI", bytes: soi + [0xFF, 0xD9], segments: ["EOI@2"], error: nil),
        Case(description: "segments, stuffed entropy data, EOI and trailing bytes",
             bytes: soi + [0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
                 + [0xFF, 0xDA, 0x00, 0x03, 0x01] + [0x11, 0xFF, 0x00, 0x22, 0xFF, 0xD3, 0x33, 0xFF, 0xFF, 0xD9] + [0x77],
             segments: ["APP0@2 len 4 payload 6..<8", "SOS@8 len 3 payload 12..<13 data 13..<21", "EOI@21"], error: nil),
        Case(description: "fill bytes before a marker", bytes: soi + [0xFF, 0xFF, 0xFF, 0xE0, 0x00, 0x02, 0xFF, 0xD9],
             segments: ["APP0@4 len 2 payload 8..<8", "EOI@8"], error: nil),
        Case(description: "standalone markers", bytes: soi + [0xFF, 0x01, 0xFF, 0xD0, 0xFF, 0xD8, 0xFF, 0xD9],
             segments: ["TEM@2", "RST0@4", "SOI@6", "EOI@8"], error: nil),
        Case(description: "input ending in fill bytes", bytes: soi + [0xFF, 0xFF], segments: [], error: nil),
        Case(description: "entropy data to the end", bytes: soi + [0xFF, 0xDA, 0x00, 0x02, 0x11, 0x22, 0xFF],
             segments: ["SOS@2 len 2 payload 6..<6 data 6..<9"], error: nil),
        Case(description: "no SOI", bytes: [0xFF, 0xD9], segments: [],
             error: JPEGSegmentError(offset: 0, reason: .missingSOI)),
        Case(description: "empty", bytes: [], segments: [], error: JPEGSegmentError(offset: 0, reason: .missingSOI)),
        Case(description: "stray byte where a marker belongs", bytes: soi + [0x00, 0xFF, 0xD9], segments: [],
             error: JPEGSegmentError(offset: 2, reason: .expectedMarker(found: 0x00))),
        Case(description: "stray byte after a segment", bytes: soi + [0xFF, 0xFE, 0x00, 0x03, 0x41, 0x42],
             segments: ["COM@2 len 3 payload 6..<7"], error: JPEGSegmentError(offset: 7, reason: .expectedMarker(found: 0x42))),
        Case(description: "length field cut off", bytes: soi + [0xFF, 0xE1, 0x00], segments: [],
             error: JPEGSegmentError(offset: 2, reason: .truncated(marker: 0xE1, length: nil))),
        Case(description: "length past the end", bytes: soi + [0xFF, 0xE1, 0x00, 0x40, 0x00], segments: [],
             error: JPEGSegmentError(offset: 2, reason: .truncated(marker: 0xE1, length: 64))),
        Case(description: "length below 2", bytes: soi + [0xFF, 0xDB, 0x00, 0x01, 0xFF, 0xD9], segments: [],
             error: JPEGSegmentError(offset: 2, reason: .badLength(marker: 0xDB, length: 1))),
        Case(description: "hostile length after fill bytes", bytes: soi + [0xFF, 0xFF, 0xC0, 0xFF, 0xFF], segments: [],
             error: JPEGSegmentError(offset: 3, reason: .truncated(marker: 0xC0, length: 0xFFFF))),
    ]

    @Test(arguments: cases)
    func walks(_ example: Case) {
        let result = Self.walk(example.bytes)
        #expect(result.segments == example.segments)
        #expect(result.error == example.error)
    }

    @Test func offsetAfterEOIShowsTrailingData() throws {
        var segments = try JPEGSegments(Self.soi + [0xFF, 0xD9, 1, 2, 3])
        #expect(try segments.next()?.marker == JPEGMarker.endOfImage)
        #expect(segments.reachedEOI && segments.offset == 4)
        #expect(try segments.next() == nil)
    }

    @Test func everyPrefixEndsInNilOrAnErrorInsideIt() {
        let bytes = Self.cases[1].bytes
        for cut in 0...bytes.count {
            let prefix = Array(bytes.prefix(cut))
            if let error = Self.walk(prefix).error {
                #expect(error.offset < max(1, cut), "cut \(cut): \(error)")
            }
        }
    }

    @Test func errorsSayWhereAndWhat() {
        #expect(JPEGSegmentError(offset: 2, reason: .truncated(marker: 0xE1, length: 64)).description
                == "APP1 segment of length 64 runs past the end at byte 2")
        #expect(JPEGSegmentError(offset: 7, reason: .expectedMarker(found: 0x42)).description
                == "expected a JPEG marker, found 0x42 at byte 7")
    }
}
