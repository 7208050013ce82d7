/// Why an image header could not be read, and where.
///
/// The text shown to people is made in one place, ``description``, e.g.
/// `truncated SOF0 segment at byte 1234`. Offsets are 0-based byte positions in
/// the input: the start of the segment or chunk at fault, or the byte being read.
public struct HeaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte position in the input the error refers to.
    public var offset: Int
    /// What went wrong.
    public var reason: Reason

    /// Creates an error at `offset`.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// What went wrong, with enough detail to name the structure at fault.
    public enum Reason: Sendable, Equatable {
        /// The input is empty.
        case empty
        /// The leading bytes match no supported format.
        case unknownFormat
        /// The named structure (e.g. `SOF0 segment`, `IHDR chunk`) runs past the end of the input.
        case truncated(String)
        /// A JPEG segment declares a length below 2 (the length counts its own two bytes).
        case badSegmentLength(marker: String, length: Int)
        /// A JPEG frame header's length disagrees with its component count.
        case badFrameHeader(marker: String, length: Int)
        /// No JPEG frame header (SOFn) came before the named point (`SOS`, `EOI`, `end of data`).
        case missingFrameHeader(before: String)
        /// The named structure declares a width or height of 0.
        case zeroDimension(String)
        /// A declared width or height lies outside 1…2³¹−1.
        case dimensionOutOfRange(width: Int, height: Int)
        /// The first PNG chunk (after an optional `CgBI`) is the named one, not `IHDR`.
        case missingIHDR(found: String)
        /// The PNG `IHDR` chunk is malformed; the text says how (`length 12, expected 13`,
        /// `bit depth 3 with colour type 0`).
        case badIHDR(String)
        /// The named chunk's CRC does not match its contents.
        case badChecksum(String)
        /// The named PNG chunk declares a length above 2³¹−1.
        case badChunkLength(chunk: String, length: Int)
        /// A ``HeaderLimits`` cap was reached; the text names it, e.g. `10000 segments`.
        case limitExceeded(String)
        /// The byte source failed; the text is its error's description.
        case readFailed(String)
        /// The named structure breaks its format's rules; the text says which
        /// and how, e.g. `ipma box (entry count 70000)`.
        case malformed(String)
        /// Something the size depends on is absent, e.g. `ispe property of the primary item`.
        case missing(String)
        /// A well-formed feature this reader does not handle, e.g. `PSD version 3`.
        case unsupported(String)
    }

    /// One line for people, e.g. `truncated SOF0 segment at byte 1234`.
    public var description: String {
        switch reason {
        case .empty:
            return "empty file"
        case .unknownFormat:
            return "not a supported image format (unrecognised signature)"
        case .truncated(let part):
            return "truncated \(part) at byte \(offset)"
        case .badSegmentLength(let marker, let length):
            return "invalid length \(length) of \(marker) segment at byte \(offset)"
        case .badFrameHeader(let marker, let length):
            return "invalid \(marker) frame header (length \(length)) at byte \(offset)"
        case .missingFrameHeader(let point):
            return "no SOF frame header before \(point) at byte \(offset)"
        case .zeroDimension(let part):
            return "zero width or height in \(part) at byte \(offset)"
        case .dimensionOutOfRange(let width, let height):
            return "size \(width)x\(height) out of range 1...2147483647 at byte \(offset)"
        case .missingIHDR(let found):
            return "first PNG chunk is '\(found)', not IHDR, at byte \(offset)"
        case .badIHDR(let problem):
            return "invalid IHDR chunk (\(problem)) at byte \(offset)"
        case .badChecksum(let part):
            return "CRC mismatch in \(part) at byte \(offset)"
        case .badChunkLength(let chunk, let length):
            return "invalid length \(length) of \(chunk) chunk at byte \(offset)"
        case .limitExceeded(let limit):
            return "gave up after \(limit) at byte \(offset)"
        case .readFailed(let message):
            return "read failed at byte \(offset): \(message)"
        case .malformed(let what):
            return "malformed \(what) at byte \(offset)"
        case .missing(let what):
            return "no \(what) (searched to byte \(offset))"
        case .unsupported(let what):
            return "unsupported \(what) at byte \(offset)"
        }
    }
}
