import ImageHeaders
import PhotoMetadata
import XMP

extension PhotoDetails {
    /// The details a photo's own metadata gives, weakest source last: XMP
    /// sidecar, embedded XMP, IPTC-IIM, then EXIF (ImageDescription with
    /// camera placeholders dropped, XPTitle, XPComment, DateTimeOriginal
    /// with its offset, make and model; exposure and lens from Exif first,
    /// then XMP for the fields Exif lacks). `album.json` and the peers'
    /// sidecars override these field by field.
    init(header: ImageHeader, sidecar: XMPPacket?) {
        let exif = PhotoDetails(exifOf: header)
        let merged = MergedMetadata(header: header.metadata, sidecar: sidecar)
        func from(_ field: MergedMetadata.Field) -> MergedMetadata.Source? { merged.sources[field] }
        // EXIF's own fields are read here with the rules EXIF needs (placeholders, offsets).
        let caption = from(.caption) == .exif ? exif.caption ?? Self.caption(fromEXIFDescription: merged.caption)
            : Self.cleaned(merged.caption)
        var date = exif.date, dateSource = exif.dateSource
        if let source = from(.date), source != .exif, let parsed = merged.date.flatMap(PhotoDate.init(parsing:)) {
            date = parsed
            dateSource = MetadataSource(source)
        }
        self.init(title: Self.cleaned(merged.title), caption: caption, alt: Self.cleaned(merged.alt),
                  keywords: Self.keywords(merged.keywords), date: date, dateSource: dateSource, camera: exif.camera,
                  exposure: Self.exposure(merged.exposure))
    }
}

extension MetadataSource {
    init(_ source: MergedMetadata.Source) {
        switch source {
        case .sidecar: self = .xmpSidecar
        case .embeddedXMP: self = .xmp
        case .iptc: self = .iptc
        case .exif: self = .exif
        }
    }
}

extension XMPPacket {
    /// Two sidecars of one photo as one: `NAME.EXT.xmp`'s properties win over
    /// `NAME.xmp`'s, property by property.
    func overridden(by stronger: XMPPacket) -> XMPPacket {
        XMPPacket(properties: properties.merging(stronger.properties) { _, strong in strong })
    }
}
