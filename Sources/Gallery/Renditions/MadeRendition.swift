/// One rendition file a build just wrote: where, in which format, at which
/// quality (nil for a lossless PNG fallback) — what the index and a shard's
/// record keep of it.
struct MadeRendition: Sendable, Equatable {
    var file: RenditionFile
    var format: RenditionFormat
    var quality: Int?
}
