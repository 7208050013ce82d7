/// Why ``JPEGSegments`` could not go on, and where.
///
/// ``offset`` is the byte at fault: the one that should have been `0xFF`, or
/// the marker whose length is wrong. Text is made only in ``description``.
public struct JPEGSegmentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte position in the input the error refers to.
    public var offset: Int
    /// What went wrong.
    public var reason: Reason

    /// Creates an error at `offset`.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The input does not start with SOI (`FF D8`).
        case missingSOI
        /// A byte that should start a marker is not `0xFF`.
        case expectedMarker(found: UInt8)
        /// The marker's length field, or the segment it announces, runs past the
        /// end of the input; `length` is nil when the field itself is cut off.
        case truncated(marker: UInt8, length: Int?)
        /// The length field is below 2 (it counts its own two bytes).
        case badLength(marker: UInt8, length: Int)
    }

    /// One line for people, e.g. `APP1 segment of length 64 runs past the end at byte 2`.
    public var description: String {
        switch reason {
        case .missingSOI:
            return "not a JPEG (no SOI marker) at byte \(offset)"
        case .expectedMarker(let found):
            return "expected a JPEG marker, found 0x\(String(found, radix: 16, uppercase: true)) at byte \(offset)"
        case .truncated(let marker, nil):
            return "truncated length of \(JPEGMarker.name(marker)) segment at byte \(offset)"
        case .truncated(let marker, let length?):
            return "\(JPEGMarker.name(marker)) segment of length \(length) runs past the end at byte \(offset)"
        case .badLength(let marker, let length):
            return "invalid length \(length) of \(JPEGMarker.name(marker)) segment at byte \(offset)"
        }
    }
}
