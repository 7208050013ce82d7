import ImageHeaders
import Thumbnails

/// libFuzzer entry for the JPEG XL decode path: `ImageDecoder.decode` through the C
/// shim `cth_jxl.c` into libjxl. Inputs that are not recognised as JPEG XL get the codestream
/// signature `FF 0A` prepended, so every run reaches libjxl. A 4-megapixel cap keeps each run
/// small; a thrown `ThumbnailError` is a pass, a trap or an ASan report a crash.
/// Built with `--sanitize fuzzer` (see Fuzz/README.md); a plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if ImageFormat.detect(bytes) != .jxl {
        bytes = [0xFF, 0x0A] + bytes
    }
    _ = try? ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 4_000_000))
    return 0
}
