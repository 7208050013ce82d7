import XMP

/// libFuzzer entry for the XMP parser (libxml2 through CXMP, then RDF):
/// `XMPFuzzCheck.run`. Built with `Fuzz/run.sh`; a plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    XMPFuzzCheck.run(Array(UnsafeBufferPointer(start: data, count: size)))
}
