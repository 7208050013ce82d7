#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension VideoCutShort {
    /// Whether the video at `path` (of `format`, as its header was read) is
    /// cut short: nil when it is whole, or when its container does not say
    /// how long it is (a live recording's Matroska segment of unknown size,
    /// an MP4 `mdat` that runs "to the end of the file").
    ///
    /// Reads a few box or element headers, or for Ogg the last 128 KiB; never
    /// the media. Throws only when the file cannot be opened or read; a
    /// structure that does not parse is left for ffmpeg to judge.
    public static func find(fileAt path: String, format: ImageFormat,
                            limits: HeaderLimits = .default) throws(FileHeaderError) -> VideoCutShort? {
        try FileHeaderError.withRegularFile(at: path) { (descriptor, length) throws(HeaderError) in
            try find(in: FileByteSource(descriptor: descriptor), length: length, format: format, limits: limits)
        }
    }

    /// ``find(fileAt:format:limits:)`` on any byte source `length` bytes long.
    public static func find<Source: ByteSource>(in source: Source, length: Int, format: ImageFormat,
                                                limits: HeaderLimits = .default) throws(HeaderError) -> VideoCutShort? {
        var reader = Reader(source: source, limits: limits)
        do {
            let reason: Reason? = switch format {
            case .mp4, .mov: try firstPastEnd(of: .isoBoxes, length: length, using: &reader)
            case .avi: try firstPastEnd(of: .riffChunks, length: length, using: &reader)
            case .webm, .mkv: try matroskaSegment(length: length, using: &reader)
            case .ogv: try OggEnd.check(length: length, using: &reader)
            default: nil
            }
            return reason.map { VideoCutShort(fileLength: length, reason: $0) }
        } catch {
            if case .readFailed = error.reason { throw error }
            return nil
        }
    }

    /// The units a container is made of at its top level.
    enum Units {
        /// ISO BMFF boxes (`ftyp`, `moov`, `mdat`, …): MP4, QuickTime.
        case isoBoxes
        /// RIFF chunks, size little-endian and padded to an even length: an
        /// AVI's `RIFF` `AVI `, then OpenDML's `RIFF` `AVIX` parts.
        case riffChunks
    }

    /// Walks the top-level `units` from byte 0 by their declared sizes; the
    /// first that runs past `length` is the cut. Fewer bytes left than a
    /// unit's header are taken as padding, as the header parsers take them;
    /// a unit that runs to the end of the file (MP4 size 0) says nothing.
    static func firstPastEnd<Source: ByteSource>(of units: Units, length: Int,
                                                 using reader: inout Reader<Source>) throws(HeaderError) -> Reason? {
        var position = 0
        for _ in 0..<reader.limits.maxSegments {
            guard position < length, let (name, end) = try unit(units, at: position, using: &reader), let end else { return nil }
            if end > length { return .runsPastEnd(part: name, start: position, declaredEnd: end) }
            position = end
        }
        return nil
    }

    /// The unit at `position`: its name in a message and where it ends (nil:
    /// at the end of the file); nil when too few bytes are left for a header.
    static func unit<Source: ByteSource>(_ units: Units, at position: Int,
                                         using reader: inout Reader<Source>) throws(HeaderError) -> (String, Int?)? {
        switch units {
        case .isoBoxes:
            guard let box = try ISOBox.read(at: position, using: &reader) else { return nil }
            return ("'\(FourCC.name(box.type))' box", box.end)
        case .riffChunks:
            let head = try reader.readAvailable(at: position, upTo: 8)
            guard head.count == 8, let type = head.fourCC(at: 0), let size = head.uint32(at: 4, .littleEndian) else { return nil }
            return ("'\(FourCC.name(type))' chunk", position + 8 + Int(size) + Int(size & 1))
        }
    }

    /// The Matroska `Segment` after the EBML header: every byte of the file
    /// but those two headers lies inside it, so its declared size is the
    /// file's. A segment of unknown size (a live recording) says nothing.
    static func matroskaSegment<Source: ByteSource>(length: Int, using reader: inout Reader<Source>) throws(HeaderError) -> Reason? {
        func element(at position: Int) throws(HeaderError) -> EBMLElement {
            try EBMLElement.parse(try reader.readAvailable(at: position, upTo: 12), at: 0, base: position)
        }
        guard let headEnd = try element(at: 0).end else { return nil }
        let segment = try element(at: headEnd)
        guard segment.id == MatroskaHeaderParser.segment, let end = segment.end, end > length else { return nil }
        return .runsPastEnd(part: "Matroska Segment", start: segment.start, declaredEnd: end)
    }
}
