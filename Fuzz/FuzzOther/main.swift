import ImageHeaders

/// libFuzzer entry for everything the sniffer picks without a forced family:
/// GIF, BMP, ICO/CUR, TGA, PSD, QOI, DDS, JPEG 2000, PNM and SVG (and the
/// sniffer itself). Built with `Fuzz/run.sh`; a plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.run(Array(UnsafeBufferPointer(start: data, count: size)), family: "other")
}
