/// What a `moov` box says: the movie header, each track, and the user data.
struct MP4Movie {
    var timescale: UInt32 = 0
    var duration: UInt64 = 0
    /// Seconds since 1904-01-01 UTC; 0 when not set.
    var creationTime: UInt64 = 0
    var tracks: [MP4Track] = []
    var userData = MP4UserData()

    static func read<Source: ByteSource>(_ range: Range<Int>, using reader: inout Reader<Source>) throws(HeaderError) -> MP4Movie {
        var movie = MP4Movie()
        for box in try ISOBox.children(in: range, using: &reader) {
            switch box.type {
            case FourCC.code("mvhd"): try movie.readMovieHeader(box, using: &reader)
            case FourCC.code("trak"):
                guard movie.tracks.count < 64 else { continue }
                movie.tracks.append(try MP4Track.read(box, using: &reader))
            case FourCC.code("udta"): try movie.userData.readUserData(box, using: &reader)
            case FourCC.code("meta"): try movie.userData.readMetadata(box, using: &reader)
            default: break
            }
        }
        return movie
    }

    private mutating func readMovieHeader<Source: ByteSource>(_ box: ISOBox, using reader: inout Reader<Source>) throws(HeaderError) {
        let bytes = try box.payload(upTo: 32, using: &reader)
        let part = "'mvhd' box"
        guard let version = bytes.first else { throw HeaderError(offset: box.start, reason: .truncated(part)) }
        if version == 1 {
            guard let created = bytes.uint64(at: 4, .bigEndian), let scale = bytes.uint32(at: 20, .bigEndian),
                  let length = bytes.uint64(at: 24, .bigEndian) else {
                throw HeaderError(offset: box.start, reason: .truncated(part))
            }
            (creationTime, timescale, duration) = (created, scale, length)
        } else {
            guard let created = bytes.uint32(at: 4, .bigEndian), let scale = bytes.uint32(at: 12, .bigEndian),
                  let length = bytes.uint32(at: 16, .bigEndian) else {
                throw HeaderError(offset: box.start, reason: .truncated(part))
            }
            // All ones: the duration is not known.
            (creationTime, timescale, duration) = (UInt64(created), scale, length == .max ? 0 : UInt64(length))
        }
    }

    /// The header of the movie's first enabled video track with a size.
    func header(format: ImageFormat, at offset: Int) throws(HeaderError) -> ImageHeader {
        let videos = tracks.filter { $0.handler == FourCC.code("vide") }
        guard let track = videos.first(where: { $0.isEnabled && $0.size != nil }) ?? videos.first(where: { $0.size != nil }) else {
            throw HeaderError(offset: offset, reason: videos.isEmpty ? .missing("video track") : .zeroDimension("'tkhd' box"))
        }
        var info = VideoInfo()
        if timescale > 0, duration > 0, duration != .max {
            info.durationSeconds = Double(duration) / Double(timescale)
        }
        info.creationDate = userData.creationDate
            ?? (creationTime > 0 ? CivilTime.iso8601(unixSeconds: Int64(clamping: creationTime) - CivilTime.secondsFrom1904To1970) : nil)
        info.videoCodec = track.codec
        info.videoProfile = track.profile
        info.audioCodec = tracks.first { $0.handler == FourCC.code("soun") }?.codec
        info.hasLocation = userData.hasLocation
        info.contentIdentifier = userData.contentIdentifier
        let orientation = track.orientation
        var header = ImageHeader(format: format, storedSize: track.size!, orientation: orientation ?? .up,
                                 orientationSource: orientation.map { $0 == .up ? OrientationSource.none : .trackMatrix } ?? OrientationSource.none)
        header.video = info
        return header
    }
}
