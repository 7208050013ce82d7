import ImageHeaders

/// libFuzzer entry for the IPTC-IIM reader: the input as an IIM record, as
/// Photoshop resources and inside a JPEG APP13 (`FuzzCheck.runIPTC`).
/// Built with `Fuzz/run.sh`; a plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.runIPTC(Array(UnsafeBufferPointer(start: data, count: size)))
}
