import ImageHeaders

/// libFuzzer entry for the Ogg video (beginning-of-stream pages, Theora identification header) parser.
/// Inputs that do not start with the Ogg signature get it prepended
/// (`FuzzCheck.signature(forFamily:)`), so every run reaches that parser.
/// Built with `Fuzz/run.sh`; a plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.run(Array(UnsafeBufferPointer(start: data, count: size)), family: "ogg")
}
