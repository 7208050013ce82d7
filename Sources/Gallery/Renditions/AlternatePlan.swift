/// One alternate format's part of a ``RenditionPlan``: which of its
/// renditions an earlier build left (same content, settings and quality)
/// and which widths must be encoded.
struct AlternatePlan: Sendable, Equatable {
    var format: RenditionFormat
    /// The encoder's quality (``RenditionFormat/alternateQuality``), part of the file name.
    var quality: Int
    var kept: [RenditionFile] = []
    var missing: [Int] = []
}
