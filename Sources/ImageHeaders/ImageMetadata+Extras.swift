extension ImageMetadata {
    /// The rarely present fields (Windows `XP*`, serials, owner, exposure, IPTC, XMP, Apple MakerNote).
    struct Extras: Sendable, Hashable {
        var xpTitle: String?
        var xpComment: String?
        var xpKeywords: [String] = []
        var xpSubject: String?
        var bodySerialNumber: String?
        var lensSerialNumber: String?
        var cameraOwnerName: String?
        var exposure: CameraExposure?
        var iptc: IPTCRecord?
        var xmpPacket: [UInt8]?
        var appleMakerNote: Range<Int>?
    }

    /// An immutable box around ``Extras``: one pointer in the header; a
    /// change makes a new box, so value semantics hold.
    final class ExtrasBox: Sendable, Hashable {
        let value: Extras

        init(_ value: Extras) {
            self.value = value
        }

        static func == (lhs: ExtrasBox, rhs: ExtrasBox) -> Bool {
            lhs === rhs || lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
        }
    }

    /// The boxed fields; setting them to all-absent drops the box, so
    /// metadata without them compares equal to ``init()``'s.
    var extras: Extras {
        get { box?.value ?? Extras() }
        set { box = newValue == Extras() ? nil : ExtrasBox(newValue) }
    }
}
