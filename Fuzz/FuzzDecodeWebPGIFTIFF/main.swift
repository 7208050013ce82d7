import ImageHeaders
import Thumbnails

/// libFuzzer entry for the WebP, GIF and TIFF pixel decoders (libwebp, giflib, libtiff and
/// lcms2 behind `CThumbnails`). The first byte picks the format whose signature is put in
/// front of the rest when it is missing, so every run reaches a decoder; then the image is
/// decoded under a 4-megapixel cap and, when that works, a 32 px rendition is made; a WebP's
/// animation frames are decoded too (``WebPFrames``, the motion clips' source). Any
/// outcome but a decoded image or a typed error (a trap, an ASan report, a timeout) is a crash.
/// Built with `swift build -c release --product fuzz-decode-webp-gif-tiff --sanitize fuzzer
/// -Xswiftc -sanitize=fuzzer,address`; a plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if ImageFormat.detect(bytes)?.isDecodable != true, let selector = bytes.first {
        let signatures: [[UInt8]] = [Array("RIFF\0\0\0\0WEBP".utf8), Array("GIF89a".utf8), [0x49, 0x49, 0x2A, 0x00]]
        bytes = signatures[Int(selector) % signatures.count] + bytes.dropFirst()
    }
    let limits = DecodeLimits(maxPixels: 4_000_000, maxMemoryBytes: 64 * 1_048_576)
    // An animated WebP's frames, as a motion clip reads them (``WebPFrames``): the first 64 at most.
    if ImageFormat.detect(bytes) == .webp {
        var frames = 0
        try? WebPFrames.forEach(in: bytes, limits: limits) { (frame, _) throws(ThumbnailError) in
            precondition(frame.samples.count == frame.width * frame.height * 4)
            frames += 1
            if frames >= 64 { throw .invalidRequest("enough frames") }
        }
    }
    guard let decoded = try? ImageDecoder.decode(bytes, limits: limits) else { return 0 }
    precondition(decoded.pixels.samples.count == decoded.pixels.width * decoded.pixels.height * decoded.pixels.channels)
    _ = try? RenditionMaker(limits: limits).make(RenditionRequest(widths: [32]), from: bytes)
    return 0
}
