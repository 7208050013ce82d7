import ImageHeaders
import Thumbnails

/// libFuzzer entry for the JPEG rendition path: a 4:2:0 JPEG's Y′CbCr planes (`cth_jpeg_planes.c`,
/// the plane resampler, `cth_jpeg_encode_planes`), every other JPEG through RGB. SOI is put in
/// front when missing; the last byte picks the EXIF orientation (1–8) and whether a second, odd
/// width is asked for, so flips along odd sides are reached. Under a 4-megapixel cap, renditions
/// are made and each must be a JPEG of the size asked. Any outcome but renditions or a typed
/// error (a trap, an ASan report, a timeout) is a crash. Built with `swift build -c release
/// --product fuzz-decode-jpeg --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address`; a plain
/// `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.last else { return 0 }
    if !bytes.starts(with: [0xFF, 0xD8]) { bytes = [0xFF, 0xD8] + bytes }
    let limits = DecodeLimits(maxPixels: 4_000_000, maxMemoryBytes: 64 * 1_048_576)
    let request = RenditionRequest(widths: selector & 8 == 0 ? [32] : [33, 7], orientation: 1 + Int(selector % 8))
    guard let renditions = try? RenditionMaker(limits: limits).make(request, from: bytes) else { return 0 }
    for rendition in renditions {
        precondition(rendition.width >= 1 && rendition.height >= 1 && rendition.data.starts(with: [0xFF, 0xD8]))
    }
    return 0
}
