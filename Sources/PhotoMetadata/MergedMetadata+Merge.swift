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
    ///
    /// Each field takes the first candidate with text, offered in the
    /// table's order: no list of candidates is made (a scan of 100,000
    /// photos made ten small arrays for each).
    public init(header: ImageMetadata?, sidecar: XMPPacket?, embedded: XMPPacket?) {
        self.init()
        let xmp: [(Source, XMPPacket)] = sidecar == nil && embedded == nil ? []
            : [(.sidecar, sidecar), (.embeddedXMP, embedded)].compactMap { source, packet in packet.map { (source, $0) } }
        let iptc = header?.iptc

        var pick = FirstText()
        for (source, packet) in xmp { pick.offer(packet.title, source) }
        pick.offer(iptc?.objectName, .iptc)
        pick.offer(header?.xpTitle, .exif)
        for (source, packet) in xmp { pick.offer(packet.headline, source) }
        pick.offer(iptc?.headline, .iptc)
        title = pick.text
        if let source = pick.source { sources[.title] = source }

        pick = FirstText()
        for (source, packet) in xmp { pick.offer(packet.descriptionText, source) }
        pick.offer(iptc?.caption, .iptc)
        pick.offer(header?.imageDescription, .exif)
        pick.offer(header?.xpComment, .exif)
        caption = pick.text
        if let source = pick.source { sources[.caption] = source }

        if let (source, packet) = xmp.first(where: { !$0.1.keywords.isEmpty }) {
            (keywords, sources[.keywords]) = (packet.keywords, source)
        } else if let list = iptc?.keywords, !list.isEmpty {
            (keywords, sources[.keywords]) = (list, .iptc)
        } else if let list = header?.xpKeywords, !list.isEmpty {
            (keywords, sources[.keywords]) = (list, .exif)
        }

        pick = FirstText()
        for (source, packet) in xmp { pick.offer(packet.altText, source) }
        alt = pick.text
        if let source = pick.source { sources[.alt] = source }

        pick = FirstText()
        for (source, packet) in xmp {
            pick.offer(packet.dateTimeOriginal, source)
            pick.offer(packet.dateCreated, source)
            pick.offer(packet.createDate, source)
        }
        pick.offer(header?.dateTimeOriginal, .exif)
        date = pick.text
        if let source = pick.source { sources[.date] = source }

        exposure = Self.exposure(exif: header?.exposure, packets: xmp.map(\.1))
    }

    /// The first text offered that is not empty, and where it came from.
    private struct FirstText {
        var text: String?
        var source: Source?

        mutating func offer(_ candidate: String?, _ from: Source) {
            guard text == nil, let candidate, !candidate.isEmpty else { return }
            (text, source) = (candidate, from)
        }
    }
}
