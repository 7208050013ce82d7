/// Reads AVI (RIFF `AVI `) headers: the `hdrl` list's main header (`avih`)
/// and its stream lists (`strl`): the first video stream's `strh` (codec,
/// rate and length, hence the duration) and `strf` (a BITMAPINFOHEADER: the
/// picture size), an OpenDML `vprp` frame aspect ratio when one widens the
/// picture, and the first audio stream's format tag.
///
/// Only `hdrl` is read: it comes first in every AVI, before the `movi` list
/// (the media), which is never touched.
enum AVIHeaderParser: HeaderParser {
    static var format: ImageFormat { .avi }

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches(Array("RIFF".utf8), at: 0) && signature.matches(Array("AVI ".utf8), at: 8)
    }

    /// The `hdrl` list is a few kilobytes; anything far larger is not a header.
    static let maxHeaderListBytes = 1 << 20

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let head = try reader.readAvailable(at: 12, upTo: 12)
        guard head.count == 12 else { throw InputPart("AVI 'hdrl' list", at: 12).truncated }
        guard head.fourCC(at: 0) == FourCC.code("LIST"), head.fourCC(at: 8) == FourCC.code("hdrl"),
              let declared = head.uint32(at: 4, .littleEndian) else {
            throw HeaderError(offset: 12, reason: .missing("AVI 'hdrl' list"))
        }
        let length = Int(declared) - 4
        guard length >= 0, length <= maxHeaderListBytes, length <= reader.limits.maxBufferedBytes else {
            throw HeaderError(offset: 12, reason: .limitExceeded("an AVI 'hdrl' list of \(min(maxHeaderListBytes, reader.limits.maxBufferedBytes)) bytes"))
        }
        let bytes = try reader.readAvailable(at: 24, upTo: length)
        guard bytes.count == length else { throw InputPart("AVI 'hdrl' list", at: 12).truncated }
        var movie = AVIMovie()
        try movie.readHeaderList(bytes, base: 24, limits: reader.limits)
        return try movie.header(at: 12)
    }
}
