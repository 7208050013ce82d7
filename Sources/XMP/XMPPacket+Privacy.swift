/// Properties that can identify a place, a camera or a person: what a
/// privacy audit lists before a gallery is published.
extension XMPPacket {
    private typealias N = XMPNamespace

    /// Names of location properties present with content: `exif:GPSLatitude`,
    /// `exif:GPSLongitude`, `Iptc4xmpCore:Location`, `photoshop:City`,
    /// `photoshop:State`, `photoshop:Country`, `Iptc4xmpExt:LocationCreated`,
    /// `Iptc4xmpExt:LocationShown`, in that order (prefixes as conventionally written).
    public var locationFields: [String] {
        present([(N.exif, "GPSLatitude", "exif"), (N.exif, "GPSLongitude", "exif"),
                 (N.iptcCore, "Location", "Iptc4xmpCore"), (N.photoshop, "City", "photoshop"),
                 (N.photoshop, "State", "photoshop"), (N.photoshop, "Country", "photoshop"),
                 (N.iptcExt, "LocationCreated", "Iptc4xmpExt"), (N.iptcExt, "LocationShown", "Iptc4xmpExt")])
    }

    /// Whether `exif:GPSLatitude` or `exif:GPSLongitude` is set.
    public var hasGPS: Bool {
        self[N.exif, "GPSLatitude"]?.hasContent == true || self[N.exif, "GPSLongitude"]?.hasContent == true
    }

    /// Serial-number properties present: `aux:SerialNumber`, `aux:LensSerialNumber`,
    /// `exifEX:BodySerialNumber`, `exifEX:LensSerialNumber`.
    public var serialNumberFields: [String] {
        present([(N.aux, "SerialNumber", "aux"), (N.aux, "LensSerialNumber", "aux"),
                 (N.exifEX, "BodySerialNumber", "exifEX"), (N.exifEX, "LensSerialNumber", "exifEX")])
    }

    /// Owner-name properties present: `aux:OwnerName`, `exifEX:CameraOwnerName`.
    public var ownerFields: [String] {
        present([(N.aux, "OwnerName", "aux"), (N.exifEX, "CameraOwnerName", "exifEX")])
    }

    private func present(_ names: [(String, String, String)]) -> [String] {
        names.filter { self[$0.0, $0.1]?.hasContent == true }.map { "\($0.2):\($0.1)" }
    }
}
