/// The body of the libFuzzer targets in `Fuzz/` and of the regression test
/// that replays `Fuzz/regressions/*`: parse an input and trap if a result
/// breaks an invariant, so the fuzzer reports it as a crash.
///
/// Public only so the fuzz executables (which hold nothing but their
/// `@_cdecl` entry point) can call it; not meant for other callers.
public enum FuzzCheck {
    /// The signature each fuzz target puts before inputs that lack it, so every
    /// run reaches that family's parser; `other` (and unknown names) go through
    /// the sniffer unchanged.
    public static func signature(forFamily family: String) -> [UInt8] {
        switch family {
        case "jpeg": [0xFF, 0xD8]
        case "png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case "heif": [0, 0, 0, 0x10] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        case "tiff": [0x49, 0x49, 0x2A, 0x00]
        case "webp": Array("RIFF".utf8) + [0xFF, 0xFF, 0xFF, 0x7F] + Array("WEBP".utf8)
        case "jxl": [0xFF, 0x0A]
        case "mp4": [0, 0, 0, 0x14] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8)
        case "matroska": [0x1A, 0x45, 0xDF, 0xA3]
        case "avi": Array("RIFF".utf8) + [0xFF, 0xFF, 0xFF, 0x7F] + Array("AVI ".utf8)
        case "ogg": Array("OggS".utf8) + [0, 0x02]
        default: []
        }
    }

    /// Parses `bytes` of a family (see ``signature(forFamily:)``) twice and
    /// checks the results (a video's also for being cut short), then walks it with the segment and chunk walkers
    /// (``checkWalkers(_:)``). Returns 0, as libFuzzer expects.
    @discardableResult
    public static func run(_ bytes: [UInt8], family: String) -> Int32 {
        let signature = signature(forFamily: family)
        let input = bytes.starts(with: signature) ? bytes : signature + bytes
        let first = Result { () throws(HeaderError) in try ImageHeader.read(from: input) }
        let second = Result { () throws(HeaderError) in try ImageHeader.read(from: input) }
        precondition(first == second, "same input, different result")
        // A read for the layout alone (`cascade scan`'s) finds what the full read does, but the metadata.
        let layout = Result { () throws(HeaderError) in try ImageHeader.read(from: input, detail: .layout) }
        precondition(layout.map(withoutMetadata) == first.map(withoutMetadata), "layout read differs from the full read")
        if case .success(let header) = first {
            check(header)
            if header.format.isVideo { checkCutShort(input, format: header.format) }
            if let identifier = header.metadata?.appleContentIdentifier(in: input) {
                checkText([identifier])
            }
        }
        checkWalkers(input)
        return 0
    }

    private static func withoutMetadata(_ header: ImageHeader) -> ImageHeader {
        var header = header
        header.metadata = nil
        return header
    }

    /// Traps unless `header` is something a parser may return.
    public static func check(_ header: ImageHeader) {
        let range = 1...Int(PixelSize.maxSide)
        precondition(range.contains(header.storedSize.width) && range.contains(header.storedSize.height), "stored size out of range")
        if header.format == .jpeg {
            precondition(header.storedSize.width <= 0xFFFF && header.storedSize.height <= 0xFFFF, "JPEG side over 65535")
        }
        if let aperture = header.cleanAperture {
            precondition(range.contains(aperture.width) && range.contains(aperture.height), "clean aperture out of range")
        }
        let base = header.cleanAperture ?? header.storedSize
        precondition(header.displaySize == (header.orientation.swapsDimensions ? base.transposed : base), "display size")
        precondition(header.orientationSource != .none || header.orientation == .up, "orientation without a source")
        if let metadata = header.metadata {
            precondition(!metadata.isEmpty, "empty metadata not folded to nil")
            for text in metadata.allText {
                precondition(!text.isEmpty && text.unicodeScalars.count <= ImageMetadata.maxStringLength, "string length")
                precondition(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "control character")
            }
            precondition((metadata.xmpPacket?.count ?? 0) <= ImageMetadata.maxXMPPacketLength, "XMP packet over the cap")
        }
        if let video = header.video {
            precondition(header.format.isVideo, "video details on an image")
            if let seconds = video.durationSeconds { precondition(seconds.isFinite && seconds > 0, "duration") }
            for text in [video.creationDate, video.videoCodec, video.audioCodec].compactMap({ $0 }) {
                precondition(!text.isEmpty && text.unicodeScalars.count <= ImageMetadata.maxStringLength, "video text length")
                precondition(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "control character")
            }
        }
    }
}
