import ImageHeaders
import XMP

extension PrivacySummary {
    /// Collects the findings of the header's metadata (Exif, IPTC and the
    /// embedded XMP packet, parsed here; an unreadable packet adds nothing)
    /// and of a sidecar packet. Pure.
    public init(header: ImageMetadata?, sidecar: XMPPacket? = nil) {
        self.init()
        if let header {
            if header.hasGPS { locations.append("Exif GPS") }
            if let iptc = header.iptc {
                let fields = [("City", iptc.city), ("Sub-location", iptc.subLocation),
                              ("Province-State", iptc.provinceState), ("Country", iptc.country),
                              ("Country-Code", iptc.countryCode)]
                locations += fields.filter { $0.1 != nil }.map { "IPTC \($0.0)" }
            }
            if header.bodySerialNumber != nil { serialNumbers.append("Exif BodySerialNumber") }
            if header.lensSerialNumber != nil { serialNumbers.append("Exif LensSerialNumber") }
            if header.cameraOwnerName != nil { ownerNames.append("Exif CameraOwnerName") }
        }
        let embedded = header?.xmpPacket.flatMap { try? XMPPacket.parse($0) }
        for (label, packet) in [("XMP", embedded), ("sidecar XMP", sidecar)] {
            guard let packet else { continue }
            locations += packet.locationFields.map { "\(label) \($0)" }
            serialNumbers += packet.serialNumberFields.map { "\(label) \($0)" }
            ownerNames += packet.ownerFields.map { "\(label) \($0)" }
        }
    }
}
