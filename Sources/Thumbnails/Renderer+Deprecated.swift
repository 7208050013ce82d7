/// The old name of ``RenditionMaker``, kept only until Gallery and the benchmark use the new
/// one; then delete this file.
@available(*, deprecated, renamed: "RenditionMaker")
public typealias Renderer = RenditionMaker

extension RenditionMaker {
    /// Forwards to ``make(_:from:)``.
    @available(*, deprecated, renamed: "make(_:from:)")
    public func render(_ request: RenditionRequest, source: [UInt8]) throws(ThumbnailError) -> [Rendition] {
        try make(request, from: source)
    }

    /// Forwards to ``make(_:contentsOf:)``.
    @available(*, deprecated, renamed: "make(_:contentsOf:)")
    public func render(_ request: RenditionRequest, contentsOf path: String) throws(ThumbnailError) -> [Rendition] {
        try make(request, contentsOf: path)
    }
}
