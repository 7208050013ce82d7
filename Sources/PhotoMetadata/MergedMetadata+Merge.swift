import ImageHeaders
import XMP

extension MergedMetadata {
    /// Merges what the header pass found (`header`: Exif, IPTC and the raw
    /// embedded XMP packet, which is parsed here) with an optional parsed
    /// `sidecar`, field by field (see the table on ``MergedMetadata``).
    ///
    /// Pure: no I/O. An unreadable embedded packet is skipped (the reason is
    /// kept in ``embeddedXMPError``), so the lower layers still count.
    public init(header: ImageMetadata?, sidecar: XMPPacket?) {
        var embedded: XMPPacket?
        var error: XMPError?
        if let bytes = header?.xmpPacket {
            do {
                embedded = try XMPPacket.parse(bytes)
            } catch let parseError {
                error = parseError
            }
        }
        self.init(header: header, sidecar: sidecar, embedded: embedded)
        embeddedXMPError = error
    }

    /// Merges already-parsed layers; ``init(header:sidecar:)`` parses the embedded packet first.
    public init(header: ImageMetadata?, sidecar: XMPPacket?, embedded: XMPPacket?) {
        self.init()
        let xmp: [(Source, XMPPacket)] = [(.sidecar, sidecar), (.embeddedXMP, embedded)]
            .compactMap { source, packet in packet.map { (source, $0) } }
        let iptc = header?.iptc

        var titles: [(Source, String?)] = xmp.map { ($0.0, $0.1.title) }
        titles += [(.iptc, iptc?.objectName), (.exif, header?.xpTitle)]
        titles += xmp.map { ($0.0, $0.1.headline) } + [(.iptc, iptc?.headline)]
        (title, sources[.title]) = Self.first(titles)

        var captions: [(Source, String?)] = xmp.map { ($0.0, $0.1.descriptionText) }
        captions += [(.iptc, iptc?.caption), (.exif, header?.imageDescription), (.exif, header?.xpComment)]
        (caption, sources[.caption]) = Self.first(captions)

        var keywordLists: [(Source, [String])] = xmp.map { ($0.0, $0.1.keywords) }
        keywordLists += [(.iptc, iptc?.keywords ?? []), (.exif, header?.xpKeywords ?? [])]
        if let (source, list) = keywordLists.first(where: { !$0.1.isEmpty }) {
            keywords = list
            sources[.keywords] = source
        }

        (alt, sources[.alt]) = Self.first(xmp.map { ($0.0, $0.1.altText) })

        var dates: [(Source, String?)] = xmp.flatMap { source, packet in
            [(source, packet.dateTimeOriginal), (source, packet.dateCreated), (source, packet.createDate)]
        }
        dates.append((.exif, header?.dateTimeOriginal))
        (date, sources[.date]) = Self.first(dates)

        exposure = Self.exposure(exif: header?.exposure, packets: xmp.map(\.1))
    }

    /// The first candidate with text, and its source.
    private static func first(_ candidates: [(Source, String?)]) -> (String?, Source?) {
        for (source, text) in candidates {
            if let text, !text.isEmpty { return (text, source) }
        }
        return (nil, nil)
    }
}
