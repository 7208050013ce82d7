import Testing
@testable import ImageHeaders

/// Hand-built HEIF/AVIF files: primary item choice, transforms, crops, box edge cases.
@Suite struct HEIFHeaderTests {
    typealias B = BoxBuilder

    /// An AVIF whose primary item 1 (120x80) has `extra` properties after its ispe,
    /// plus a bigger thumbnail item 2 (640x480) that must be ignored.
    static func avif(extra: [[UInt8]] = [], essential: Bool = true) -> [UInt8] {
        let properties = [B.ispe(120, 80), B.ispe(640, 480)] + extra
        let primary = [(1, false)] + extra.indices.map { ($0 + 3, essential) }
        return B.ftyp("avif", ["mif1", "avif"])
            + B.meta(items: [(1, "av01"), (2, "av01")], properties: properties,
                     associations: [(1, primary), (2, [(2, false)])])
            + B.box("mdat", [1, 2, 3, 4])
    }

    @Test func primaryItemNotTheLargest() throws {
        let header = try ImageHeader.read(from: Self.avif())
        #expect(header.format == .avif)
        #expect(header.storedSize == PixelSize(width: 120, height: 80))
        #expect(header.orientationSource == .none)
    }

    /// irot (quarter turns counter-clockwise) then imir (0: top-bottom, 1: left-right)
    /// as libavif maps them to Exif.
    @Test(arguments: [
        (0, nil, 1), (1, nil, 8), (2, nil, 3), (3, nil, 6),
        (0, 0, 4), (0, 1, 2), (1, 0, 5), (1, 1, 7), (2, 0, 2), (2, 1, 4), (3, 0, 7), (3, 1, 5),
    ] as [(UInt8, UInt8?, UInt8)])
    func rotationAndMirror(irot: UInt8, imir: UInt8?, exif: UInt8) throws {
        var extra = [B.box("irot", [irot])]
        if let imir { extra.append(B.box("imir", [imir])) }
        let header = try ImageHeader.read(from: Self.avif(extra: extra))
        #expect(header.orientation.rawValue == exif)
        #expect(header.orientationSource == .heifTransform)
        #expect(header.displaySize == (irot & 1 == 1 ? PixelSize(width: 80, height: 120) : PixelSize(width: 120, height: 80)))
    }

    @Test func cleanApertureThenRotation() throws {
        let header = try ImageHeader.read(from: Self.avif(extra: [B.clap(width: 101, height: 61), B.box("irot", [1])]))
        #expect(header.storedSize == PixelSize(width: 120, height: 80))
        #expect(header.cleanAperture == PixelSize(width: 101, height: 61))
        #expect(header.displaySize == PixelSize(width: 61, height: 101))
    }

    @Test func rotationThenCleanApertureIsInRotatedCoordinates() throws {
        let header = try ImageHeader.read(from: Self.avif(extra: [B.box("irot", [1]), B.clap(width: 61, height: 101)]))
        #expect(header.displaySize == PixelSize(width: 61, height: 101))
        #expect(header.cleanAperture == PixelSize(width: 101, height: 61))
    }

    @Test func nonIntegerCleanApertureRounds() throws {
        let header = try ImageHeader.read(from: Self.avif(extra: [B.clap(width: 201, 2, height: 79, 1)]))
        #expect(header.displaySize == PixelSize(width: 101, height: 79))
    }

    @Test(arguments: [
        B.clap(width: 1, 0, height: 1, 1), B.clap(width: 121, height: 80), B.clap(width: 0, height: 5),
        B.clap(width: 0xFFFF_FFFF, height: 1),
    ])
    func badCleanApertureIsAnError(clap: [UInt8]) {
        #expect(throws: HeaderError.self) { try ImageHeader.read(from: Self.avif(extra: [clap])) }
    }

    @Test func nonEssentialTransformIsAnError() {
        #expect(throws: HeaderError.self) {
            try ImageHeader.read(from: Self.avif(extra: [B.box("irot", [1])], essential: false))
        }
    }

    @Test func metaAfterLargeMediaDataCostsOneMoreRead() throws {
        let meta = B.meta(items: [(1, "hvc1")], properties: [B.ispe(4032, 3024)], associations: [(1, [(1, true)])])
        let bytes = B.ftyp("heic") + B.box("mdat", [UInt8](repeating: 7, count: 200_000)) + meta
        let source = CountingByteSource(bytes)
        let header = try ImageHeader.read(from: source)
        #expect(header.format == .heic)
        #expect(header.storedSize == PixelSize(width: 4032, height: 3024))
        #expect(source.calls == 2)
        #expect(source.bytesReturned < 10_000)
    }

    @Test func sizeZeroMetaRunsToTheEnd() throws {
        var meta = B.meta(items: [(1, "av01")], properties: [B.ispe(33, 11)], associations: [(1, [(1, true)])])
        meta.replaceSubrange(0..<4, with: [0, 0, 0, 0])
        let header = try ImageHeader.read(from: B.ftyp("avif") + meta)
        #expect(header.storedSize == PixelSize(width: 33, height: 11))
    }

    @Test func sizeZeroMediaDataEndsTheWalk() {
        let bytes = B.ftyp("avif") + B.box("mdat", [1, 2, 3], size: 0)
        #expect(throws: HeaderError.self) { try ImageHeader.read(from: bytes) }
    }

    @Test func wideIndicesReachPropertiesPast127() throws {
        let filler = (0..<200).map { _ in B.box("free", []) }
        let properties = filler + [B.ispe(77, 66)]
        let bytes = B.ftyp("heic") + B.meta(items: [(1, "hvc1")], properties: properties,
                                            associations: [(1, [(201, true)])], wide: true)
        #expect(try ImageHeader.read(from: bytes).storedSize == PixelSize(width: 77, height: 66))
    }

    @Test(arguments: [
        // A child box whose size is below its header.
        B.ftyp("avif") + B.box("meta", [0, 0, 0, 0] + B.box("pitm", [], size: 4)),
        // A child running past its container.
        B.ftyp("avif") + B.box("meta", [0, 0, 0, 0] + B.box("pitm", [0, 0, 0, 0, 0, 1], size: 400)),
        // No pitm.
        B.ftyp("avif") + B.fullBox("meta", []),
        // Primary item without ispe.
        B.ftyp("avif") + B.meta(items: [(1, "av01")], properties: [B.box("irot", [1])], associations: [(1, [(1, true)])]),
        // 64-bit size smaller than its header.
        B.ftyp("avif") + B.box("mdat", B.be32(0) + B.be32(8), size: 1),
        // An ipma entry count far beyond the box.
        B.ftyp("avif") + B.fullBox("meta", B.box("iprp", B.fullBox("ipma", B.be32(0xFFFF_FFFF)))),
    ])
    func malformedBoxesAreErrors(bytes: [UInt8]) {
        #expect(throws: HeaderError.self) { try ImageHeader.read(from: bytes) }
    }

    @Test func oversizedMetaHitsTheBufferLimit() {
        let meta = B.meta(items: [(1, "av01")], properties: [B.ispe(1, 1)], associations: [(1, [(1, true)])])
        let bytes = B.ftyp("avif") + meta
        let limits = HeaderLimits(maxBufferedBytes: 16)
        #expect(throws: HeaderError.self) { try ImageHeader.read(from: bytes, limits: limits) }
    }

    @Test func miniBox() throws {
        // version 0, no flags, chroma 1, orientation_minus1 5 (-> 6), small sides 32x16.
        var bits: [Bool] = [false, false] + [Bool](repeating: false, count: 9) + [false, true] + [true, false, true] + [false]
        for value in [31, 15] { bits += (0..<7).map { value >> (6 - $0) & 1 == 1 } }
        var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8 + 4)
        for (index, bit) in bits.enumerated() where bit { bytes[index / 8] |= 0x80 >> UInt8(index % 8) }
        let file = B.box("ftyp", Array("mif3avif".utf8)) + B.box("mini", bytes)
        let header = try ImageHeader.read(from: file)
        #expect(header.format == .heif)
        #expect(header.storedSize == PixelSize(width: 32, height: 16))
        #expect(header.orientation == .right)
        #expect(header.displaySize == PixelSize(width: 16, height: 32))
    }

    @Test(arguments: [
        ("heic", ["mif1"], ImageFormat.heic), ("mif1", ["mif1", "heic"], .heic), ("mif1", ["miaf", "avif"], .avif),
        ("msf1", ["msf1", "hevc"], .heic), ("mif1", ["mif1", "miaf"], .heif), ("avis", ["avif"], .avif),
    ])
    func brandsDecideTheFormat(major: String, compatible: [String], format: ImageFormat) throws {
        let bytes = B.ftyp(major, compatible)
            + B.meta(items: [(1, "hvc1")], properties: [B.ispe(2, 3)], associations: [(1, [(1, true)])])
        #expect(try ImageHeader.read(from: bytes).format == format)
    }
}
