#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks the markers of a JPEG held in memory, one ``JPEGSegment`` per call to
/// ``next()``: the one walker for callers that rewrite or inspect whole files
/// (metadata stripping, orientation). Pure and bounded: every step moves
/// forward and every length is checked, so any input ends in `nil` or a
/// ``JPEGSegmentError``, never a trap.
///
/// ```swift
/// var segments = try JPEGSegments(bytes)
/// while let segment = try segments.next() { print(segment.name, segment.payload) }
/// ```
///
/// Fill bytes (`FF FF …`) before a marker are skipped; standalone markers
/// (TEM, RSTn, SOI) come without a length; after SOS the entropy-coded data is
/// skipped to the next marker (``JPEGSegment/entropyCodedData``); EOI is the last
/// segment, and what follows it is left to the caller (``offset``). Unlike
/// ``ImageHeader/read(from:limits:)``, which streams a few KiB from files and
/// stops at the first SOS, stray bytes between segments are an error here.
public struct JPEGSegments: Sendable {
    /// The bytes being walked.
    public let bytes: [UInt8]
    /// Where the next marker is expected; after EOI, the offset just past it.
    public private(set) var offset: Int
    /// Whether EOI has been returned.
    public private(set) var reachedEOI = false

    /// Starts a walk after the SOI marker, which `bytes` must begin with.
    public init(_ bytes: [UInt8]) throws(JPEGSegmentError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == JPEGMarker.startOfImage else {
            throw JPEGSegmentError(offset: 0, reason: .missingSOI)
        }
        self.bytes = bytes
        self.offset = 2
    }

    /// The next segment, or `nil` after EOI or when the input ends (also in fill bytes).
    public mutating func next() throws(JPEGSegmentError) -> JPEGSegment? {
        guard !reachedEOI, offset < bytes.count else { return nil }
        guard bytes[offset] == 0xFF else {
            throw JPEGSegmentError(offset: offset, reason: .expectedMarker(found: bytes[offset]))
        }
        var markerAt = offset
        while markerAt + 1 < bytes.count && bytes[markerAt + 1] == 0xFF {
            markerAt += 1
        }
        guard markerAt + 1 < bytes.count else {
            offset = bytes.count
            return nil
        }
        let marker = bytes[markerAt + 1]
        let afterMarker = markerAt + 2
        guard JPEGMarker.hasLength(marker) else {
            offset = afterMarker
            reachedEOI = marker == JPEGMarker.endOfImage
            return JPEGSegment(marker: marker, offset: markerAt, length: 0,
                               payload: afterMarker..<afterMarker, entropyCodedData: afterMarker..<afterMarker)
        }
        guard afterMarker + 2 <= bytes.count else {
            throw JPEGSegmentError(offset: markerAt, reason: .truncated(marker: marker, length: nil))
        }
        let length = Int(bytes[afterMarker]) << 8 | Int(bytes[afterMarker + 1])
        guard length >= 2 else {
            throw JPEGSegmentError(offset: markerAt, reason: .badLength(marker: marker, length: length))
        }
        let end = afterMarker + length
        guard end <= bytes.count else {
            throw JPEGSegmentError(offset: markerAt, reason: .truncated(marker: marker, length: length))
        }
        let dataEnd = marker == JPEGMarker.startOfScan ? Self.entropyDataEnd(bytes, from: end) : end
        offset = dataEnd
        return JPEGSegment(marker: marker, offset: markerAt, length: length,
                           payload: (afterMarker + 2)..<end, entropyCodedData: end..<dataEnd)
    }

    /// The index of the first marker after entropy-coded data starting at `start`: an `0xFF`
    /// followed by neither `0x00` stuffing, a restart marker nor another `0xFF`; else the end.
    ///
    /// `memchr` finds the candidates, so the scan over megabytes of image data is fast in
    /// debug builds too.
    static func entropyDataEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return buffer.count }
            var index = start
            while index + 1 < buffer.count {
                // Only an 0xFF with a byte after it can start a marker.
                guard let found = memchr(base + index, 0xFF, buffer.count - 1 - index) else {
                    return buffer.count
                }
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                let next = buffer[at + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) {
                    index = at + 2
                } else if next == 0xFF {
                    index = at + 1
                } else {
                    return at
                }
            }
            return buffer.count
        }
    }
}
