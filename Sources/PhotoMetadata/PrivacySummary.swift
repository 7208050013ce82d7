import ImageHeaders
import XMP

/// What in a photo's metadata can locate it or identify a camera or a
/// person: GPS, serial numbers, owner names, location fields. For an audit
/// before publishing (`cascade audit`), and for warnings during a build.
public struct PrivacySummary: Sendable, Equatable {
    /// Location findings, e.g. `Exif GPS`, `XMP exif:GPSLatitude`, `IPTC City`.
    public var locations: [String]
    /// Serial-number findings, e.g. `Exif BodySerialNumber`, `XMP aux:SerialNumber`.
    public var serialNumbers: [String]
    /// Owner-name findings, e.g. `Exif CameraOwnerName`, `XMP aux:OwnerName`.
    public var ownerNames: [String]

    /// Creates a summary.
    public init(locations: [String] = [], serialNumbers: [String] = [], ownerNames: [String] = []) {
        self.locations = locations
        self.serialNumbers = serialNumbers
        self.ownerNames = ownerNames
    }

    /// Every finding, locations first, then serial numbers, then owners; in a fixed order.
    public var findings: [String] { locations + serialNumbers + ownerNames }

    /// Whether nothing sensitive was found.
    public var isEmpty: Bool { findings.isEmpty }
}
