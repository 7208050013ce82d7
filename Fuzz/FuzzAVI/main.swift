import ImageHeaders

/// libFuzzer entry for the AVI (RIFF hdrl, strl, strh, strf, vprp) parser.
/// Inputs that do not start with the AVI signature get it prepended
/// (`FuzzCheck.signature(forFamily:)`), so every run reaches that parser.
/// Built with `Fuzz/run.sh`; a plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.run(Array(UnsafeBufferPointer(start: data, count: size)), family: "avi")
}
