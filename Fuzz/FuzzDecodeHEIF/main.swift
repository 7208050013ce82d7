import ImageHeaders
import Thumbnails

/// libFuzzer entry for the HEIF/HEIC/AVIF decode path: `ImageDecoder.decode` through
/// the C shim `cth_heif.c` into libheif (libde265, libaom). Inputs that are not recognised as HEIF
/// or AVIF get an `ftyp heic` box prepended, so every run reaches libheif. A 4-megapixel cap keeps
/// each run small; a thrown `ThumbnailError` is a pass, a trap or an ASan report a crash.
/// Built with `--sanitize fuzzer` (see Fuzz/README.md); a plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if ImageFormat.detect(bytes)?.capabilities.decoder != .libheif {
        let fileType: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        bytes = fileType + bytes
    }
    _ = try? ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 4_000_000))
    return 0
}
