/// Reads WebM and Matroska headers: the EBML header's DocType, then the
/// Segment's `Info` (duration, `DateUTC`) and `Tracks` (the first enabled
/// video track's pixel size, crop and display size, its codec, and the first
/// audio codec). Top-level elements are walked by their sizes; clusters (the
/// media) are never read: when `Tracks` comes after them, the `SeekHead`
/// says where it is.
enum MatroskaHeaderParser: HeaderParser {
    static var format: ImageFormat { .mkv }

    static let ebml: UInt32 = 0x1A45_DFA3, docType: UInt32 = 0x4282, segment: UInt32 = 0x1853_8067
    static let seekHead: UInt32 = 0x114D_9B74, seek: UInt32 = 0x4DBB, seekID: UInt32 = 0x53AB, seekPosition: UInt32 = 0x53AC
    static let info: UInt32 = 0x1549_A966, tracks: UInt32 = 0x1654_AE6B, cluster: UInt32 = 0x1F43_B675

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches([0x1A, 0x45, 0xDF, 0xA3], at: 0)
    }

    /// WebM or Matroska by the EBML header's DocType, read as ``read(using:)``
    /// reads it; Matroska when the header cannot be read from `bytes`.
    static func format(leadingBytes bytes: [UInt8]) -> ImageFormat {
        var reader = Reader(source: bytes)
        return (try? head(using: &reader).format) ?? format
    }

    /// The EBML header: the format its DocType names and where the Segment starts.
    private static func head<Source: ByteSource>(
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> (format: ImageFormat, end: Int) {
        let head = try element(at: 0, using: &reader)
        guard let headEnd = head.end, headEnd - head.dataStart <= 4096 else {
            throw HeaderError(offset: 0, reason: .malformed("EBML header"))
        }
        let headBytes = try reader.readAvailable(at: head.dataStart, upTo: headEnd - head.dataStart)
        let fields = try EBMLElement.children(of: headBytes, from: 0, to: headBytes.count, base: head.dataStart, maxCount: 64)
        let kind = fields.first { $0.id == docType }?.text(in: headBytes, base: head.dataStart)
        guard kind == "webm" || kind == "matroska" else {
            throw HeaderError(offset: 0, reason: .unsupported("EBML DocType '\(kind ?? "")'"))
        }
        return (kind == "webm" ? .webm : .mkv, headEnd)
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let (format, headEnd) = try head(using: &reader)
        let body = try element(at: headEnd, using: &reader)
        guard body.id == segment else { throw HeaderError(offset: headEnd, reason: .missing("Matroska Segment")) }

        var movie = MatroskaMovie()
        var positions: [UInt32: Int] = [:]
        var position = body.dataStart
        for _ in 0..<reader.limits.maxSegments {
            if let end = body.end, position >= end { break }
            reader.seek(to: position)
            if try reader.peek(upTo: 2).count < 2 { break }
            let child = try element(at: position, using: &reader)
            switch child.id {
            case info, tracks, seekHead:
                let bytes = try payload(of: child, using: &reader)
                if child.id == seekHead {
                    positions = try seekPositions(bytes, base: child.dataStart, segmentData: body.dataStart, limits: reader.limits)
                } else {
                    try movie.read(child.id == info ? .info : .tracks, bytes, base: child.dataStart, limits: reader.limits)
                }
            case cluster:
                // The media starts: what is still missing is where the SeekHead says.
                for id in [info, tracks] where !movie.has(id == info ? .info : .tracks) {
                    guard let at = positions[id] else { continue }
                    let element = try element(at: at, using: &reader)
                    guard element.id == id else { continue }
                    try movie.read(id == info ? .info : .tracks, try payload(of: element, using: &reader),
                                   base: element.dataStart, limits: reader.limits)
                }
                return try movie.header(format: format, at: body.start)
            default: break
            }
            if movie.has(.info) && movie.has(.tracks) { break }
            guard let end = child.end else { break }
            position = end
        }
        return try movie.header(format: format, at: body.start)
    }

    private static func element<Source: ByteSource>(at position: Int, using reader: inout Reader<Source>) throws(HeaderError) -> EBMLElement {
        reader.seek(to: position)
        let bytes = try reader.peek(upTo: 12)
        return try EBMLElement.parse(bytes, at: 0, base: position)
    }

    private static func payload<Source: ByteSource>(of element: EBMLElement, using reader: inout Reader<Source>) throws(HeaderError) -> [UInt8] {
        guard let end = element.end else { throw HeaderError(offset: element.start, reason: .malformed("Matroska element of unknown size")) }
        guard end - element.dataStart <= reader.limits.maxBufferedBytes else {
            throw HeaderError(offset: element.start, reason: .limitExceeded("a Matroska element of \(reader.limits.maxBufferedBytes) bytes"))
        }
        let bytes = try reader.readAvailable(at: element.dataStart, upTo: end - element.dataStart)
        guard bytes.count == end - element.dataStart else { throw HeaderError(offset: element.start, reason: .truncated("Matroska element")) }
        return bytes
    }

    /// Absolute positions of the top-level elements a SeekHead lists.
    private static func seekPositions(_ bytes: [UInt8], base: Int, segmentData: Int, limits: HeaderLimits) throws(HeaderError) -> [UInt32: Int] {
        var positions: [UInt32: Int] = [:]
        for entry in try EBMLElement.children(of: bytes, from: 0, to: bytes.count, base: base, maxCount: limits.maxSegments)
        where entry.id == seek {
            guard let end = entry.end else { continue }
            let fields = try EBMLElement.children(of: bytes, from: entry.dataStart - base, to: end - base, base: base, maxCount: 8)
            guard let id = fields.first(where: { $0.id == seekID })?.unsigned(in: bytes, base: base),
                  let offset = fields.first(where: { $0.id == seekPosition })?.unsigned(in: bytes, base: base),
                  let relative = Int(exactly: offset), relative <= Int.max - segmentData else { continue }
            positions[UInt32(truncatingIfNeeded: id)] = segmentData + relative
        }
        return positions
    }
}
