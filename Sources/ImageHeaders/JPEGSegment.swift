/// One marker of a JPEG and the bytes it delimits, as ``JPEGSegments`` finds it.
///
/// Offsets and ranges are positions in the walked bytes, so a caller can copy
/// a segment (`bytes[segment.bytes]`) or read its payload without copying.
public struct JPEGSegment: Sendable, Equatable {
    /// The marker code, the byte after `0xFF` (see ``JPEGMarker``).
    public var marker: UInt8
    /// Offset of the marker's `0xFF` (the last one, after any fill bytes).
    public var offset: Int
    /// The length field's value: the payload plus the field's own two bytes;
    /// 0 for markers without one (SOI, EOI, RSTn, TEM).
    public var length: Int
    /// The bytes after the length field; empty for markers without one.
    public var payload: Range<Int>
    /// For SOS, the entropy-coded data after the segment, up to the next marker
    /// (or the end of the input); empty otherwise.
    public var entropyCodedData: Range<Int>

    /// Creates a segment record.
    public init(marker: UInt8, offset: Int, length: Int, payload: Range<Int>, entropyCodedData: Range<Int>) {
        self.marker = marker
        self.offset = offset
        self.length = length
        self.payload = payload
        self.entropyCodedData = entropyCodedData
    }

    /// Marker, length field and payload: what to copy to keep the segment.
    public var bytes: Range<Int> {
        offset..<payload.upperBound
    }

    /// The marker's name, e.g. `APP1`, `SOF2`.
    public var name: String {
        JPEGMarker.name(marker)
    }
}
