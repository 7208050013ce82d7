import Testing
@testable import ImageHeaders

/// AVI and Ogg video headers built by hand: the fields the scanner reads,
/// and every way a broken header must become an error rather than a size.
struct AVIOggHeaderTests {
    // MARK: Builders

    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func be(_ value: UInt64, _ width: Int) -> [UInt8] { (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    static func chunk(_ type: String, _ payload: [UInt8], size: UInt32? = nil) -> [UInt8] {
        Array(type.utf8) + le32(size ?? UInt32(payload.count)) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func list(_ type: String, _ children: [UInt8]) -> [UInt8] { chunk("LIST", Array(type.utf8) + children) }

    /// `avih`: 40 ms per frame, `frames` frames, the rest zero.
    static func avih(frames: UInt32) -> [UInt8] {
        chunk("avih", le32(40_000) + le32(0) + le32(0) + le32(0) + le32(frames) + [UInt8](repeating: 0, count: 36))
    }

    /// A video `strl`: `strh` (handler, scale 1, rate 25, `length` frames) and a BITMAPINFOHEADER.
    static func videoStream(width: Int32, height: Int32, length: UInt32 = 50, compression: String = "XVID",
                            vprp: (UInt16, UInt16)? = nil) -> [UInt8] {
        let strh = Array("vids".utf8) + Array("xvid".utf8) + [UInt8](repeating: 0, count: 12) + le32(1) + le32(25) + le32(0)
            + le32(length) + [UInt8](repeating: 0, count: 20)
        let strf = le32(40) + le32(UInt32(bitPattern: width)) + le32(UInt32(bitPattern: height)) + le16(1) + le16(24)
            + Array(compression.utf8) + [UInt8](repeating: 0, count: 20)
        var children = chunk("strh", strh) + chunk("strf", strf)
        if let (x, y) = vprp {
            children += chunk("vprp", [UInt8](repeating: 0, count: 20) + le32(UInt32(x) << 16 | UInt32(y)) + [UInt8](repeating: 0, count: 44))
        }
        return list("strl", children)
    }

    static func audioStream(tag: UInt16) -> [UInt8] {
        list("strl", chunk("strh", Array("auds".utf8) + [UInt8](repeating: 0, count: 52)) + chunk("strf", le16(tag) + [UInt8](repeating: 0, count: 16)))
    }

    static func avi(_ header: [UInt8]) -> [UInt8] {
        let body = Array("AVI ".utf8) + list("hdrl", header) + list("movi", [0, 0, 0, 0])
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    static func oggPage(_ packet: [UInt8], first: Bool = true, serial: UInt32 = 1) -> [UInt8] {
        var lacing: [UInt8] = Array(repeating: 255, count: packet.count / 255)
        lacing.append(UInt8(packet.count % 255))
        return Array("OggS".utf8) + [0, first ? 0x02 : 0] + [UInt8](repeating: 0, count: 8) + le32(serial) + le32(0) + le32(0)
            + [UInt8(lacing.count)] + lacing + packet
    }

    /// A Theora identification header: frame in 16-px blocks, picture size, pixel aspect ratio.
    static func theora(blocks: (UInt16, UInt16), picture: (UInt64, UInt64), aspect: (UInt64, UInt64) = (1, 1)) -> [UInt8] {
        [0x80] + Array("theora".utf8) + [3, 2, 1] + be(UInt64(blocks.0), 2) + be(UInt64(blocks.1), 2)
            + be(picture.0, 3) + be(picture.1, 3) + [0, 0] + be(25, 4) + be(1, 4) + be(aspect.0, 3) + be(aspect.1, 3)
            + [0] + be(0, 3) + [0, 0]
    }

    // MARK: AVI

    @Test func aviSizeDurationAndCodecs() throws {
        let bytes = Self.avi(Self.avih(frames: 75) + Self.videoStream(width: 640, height: 480) + Self.audioStream(tag: 0x55))
        let header = try ImageHeader.read(from: bytes)
        #expect(header.format == .avi)
        #expect(header.format.isVideo)
        #expect(header.displaySize == PixelSize(width: 640, height: 480))
        // The stream's own length (50 frames at 25/s) wins over avih's 75 × 40 ms.
        #expect(header.video?.durationSeconds == 2)
        #expect(header.video?.videoCodec == "XVID")
        #expect(header.video?.audioCodec == "mp3")
    }

    @Test func aviTopDownBitmapsAndAspectRatios() throws {
        let topDown = try ImageHeader.read(from: Self.avi(Self.avih(frames: 1) + Self.videoStream(width: 320, height: -240)))
        #expect(topDown.displaySize == PixelSize(width: 320, height: 240))
        // A DV clip: 720x576 stored, 16:9 in its vprp chunk.
        let wide = try ImageHeader.read(from: Self.avi(Self.avih(frames: 1) + Self.videoStream(width: 720, height: 576, vprp: (16, 9))))
        #expect(wide.displaySize == PixelSize(width: 1024, height: 576))
        // No stream length: the main header's frame time × frames.
        let old = try ImageHeader.read(from: Self.avi(Self.avih(frames: 75) + Self.videoStream(width: 32, height: 32, length: 0)))
        #expect(old.video?.durationSeconds == 3)
    }

    static func brokenAVIs() -> [(String, [UInt8])] {
        let video: [UInt8] = videoStream(width: 64, height: 48)
        let whole: [UInt8] = avi(avih(frames: 1) + video)
        var hugeList: [UInt8] = Array("RIFF".utf8) + le32(0xFFFF) + Array("AVI ".utf8)
        hugeList += Array("LIST".utf8) + le32(0x7FFF_FFFF) + Array("hdrl".utf8)
        var noHeaderList: [UInt8] = Array("RIFF".utf8) + le32(16) + Array("AVI ".utf8)
        noHeaderList += list("movi", [0, 0, 0, 0])
        return [
            ("no video stream", avi(avih(frames: 1) + audioStream(tag: 1))),
            ("zero width", avi(avih(frames: 1) + videoStream(width: 0, height: 240))),
            ("chunk past its list", avi(avih(frames: 1) + chunk("strl", [1, 2, 3, 4], size: 9999))),
            ("no hdrl", noHeaderList),
            ("truncated hdrl", Array(whole.prefix(80))),
            ("huge hdrl", hugeList),
            ("short avih", avi(chunk("avih", [1, 2, 3]) + video)),
        ]
    }

    @Test(arguments: brokenAVIs())
    func brokenAVIsAreErrors(_ name: String, bytes: [UInt8]) {
        #expect(throws: HeaderError.self, "\(name)") { try ImageHeader.read(from: bytes) }
    }

    // MARK: Ogg

    @Test func oggTheoraPictureAndSound() throws {
        let vorbis: [UInt8] = [0x01] + Array("vorbis".utf8) + [UInt8](repeating: 0, count: 23)
        let bytes = Self.oggPage(Self.theora(blocks: (40, 30), picture: (636, 476)))
            + Self.oggPage(vorbis, serial: 2) + Self.oggPage([1, 2, 3], first: false)
        let header = try ImageHeader.read(from: bytes)
        #expect(header.format == .ogv)
        #expect(header.format.isVideo)
        #expect(header.displaySize == PixelSize(width: 636, height: 476))
        #expect(header.video?.videoCodec == "theora")
        #expect(header.video?.audioCodec == "vorbis")
        #expect(header.video?.durationSeconds == nil)
    }

    @Test func oggSoundFirstAndWidePixels() throws {
        let opus = Self.oggPage(Array("OpusHead".utf8) + [1, 2, 0, 0, 0x80, 0xBB, 0, 0, 0, 0, 0], serial: 7)
        let wide = try ImageHeader.read(from: opus + Self.oggPage(Self.theora(blocks: (45, 36), picture: (720, 576), aspect: (64, 45))))
        #expect(wide.displaySize == PixelSize(width: 1024, height: 576))
        #expect(wide.video?.audioCodec == "opus")
    }

    static func brokenOggs() -> [(String, [UInt8])] {
        let vorbis: [UInt8] = [0x01] + Array("vorbis".utf8) + [UInt8](repeating: 0, count: 23)
        let small: [UInt8] = theora(blocks: (4, 3), picture: (64, 48))
        var version1: [UInt8] = Array("OggS".utf8) + [1, 2]
        version1 += [UInt8](repeating: 0, count: 40)
        return [
            ("sound only", oggPage(vorbis)),
            ("picture larger than the frame", oggPage(theora(blocks: (4, 3), picture: (65, 48)))),
            ("zero height", oggPage(theora(blocks: (4, 3), picture: (64, 0)))),
            ("truncated Theora header", oggPage(Array(small.prefix(20)))),
            ("truncated page", Array(oggPage(small).prefix(40))),
            ("version 1", version1),
        ]
    }

    @Test(arguments: brokenOggs())
    func brokenOggsAreErrors(_ name: String, bytes: [UInt8]) {
        #expect(throws: HeaderError.self, "\(name)") { try ImageHeader.read(from: bytes) }
    }
}
