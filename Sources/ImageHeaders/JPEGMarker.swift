/// JPEG marker codes (the byte after `0xFF`) and their names for error text.
///
/// The one place that knows which markers stand alone and which carry a length:
/// the header parser and ``JPEGSegments`` both ask it.
public enum JPEGMarker {
    public static let startOfImage: UInt8 = 0xD8
    public static let endOfImage: UInt8 = 0xD9
    public static let startOfScan: UInt8 = 0xDA
    public static let app1: UInt8 = 0xE1
    public static let app2: UInt8 = 0xE2
    /// APP13: Photoshop image resources, among them the IPTC-IIM record.
    public static let app13: UInt8 = 0xED
    /// APP0, where JFIF lives.
    public static let app0: UInt8 = 0xE0
    /// APP14, where Adobe's colour transform flag lives.
    public static let app14: UInt8 = 0xEE
    /// A comment segment.
    public static let comment: UInt8 = 0xFE
    /// Define hierarchical progression: same layout as SOFn, gives the final
    /// image size before the (possibly smaller) frames of a hierarchical JPEG.
    public static let defineHierarchicalProgression: UInt8 = 0xDE

    /// Whether `marker` starts a frame header: SOF0–3, 5–7, 9–11, 13–15 (not
    /// DHT 0xC4, JPG 0xC8, DAC 0xCC, which share the 0xC0 range), or DHP.
    public static func isFrameHeader(_ marker: UInt8) -> Bool {
        switch marker {
        case 0xC0...0xCF:
            return marker != 0xC4 && marker != 0xC8 && marker != 0xCC
        case defineHierarchicalProgression:
            return true
        default:
            return false
        }
    }

    /// Whether `marker` stands alone, without a length: TEM, RST0–7, SOI.
    /// (EOI also stands alone but ends the walk.)
    public static func isStandalone(_ marker: UInt8) -> Bool {
        marker == 0x01 || (0xD0...0xD7).contains(marker) || marker == startOfImage
    }

    /// Whether `marker` is followed by a two-byte big-endian length: every
    /// marker but the standalone ones and EOI.
    public static func hasLength(_ marker: UInt8) -> Bool {
        !isStandalone(marker) && marker != endOfImage
    }

    /// Whether `marker` is an application segment, APP0–APP15.
    public static func isApplication(_ marker: UInt8) -> Bool {
        (0xE0...0xEF).contains(marker)
    }

    /// The marker's name, e.g. `SOF0`, `APP1`, `DQT`, or `marker 0x02` for reserved codes.
    public static func name(_ marker: UInt8) -> String {
        switch marker {
        case 0xC4: return "DHT"
        case 0xC8: return "JPG"
        case 0xCC: return "DAC"
        case 0xC0...0xCF: return "SOF\(marker - 0xC0)"
        case 0xD0...0xD7: return "RST\(marker - 0xD0)"
        case 0xD8: return "SOI"
        case 0xD9: return "EOI"
        case 0xDA: return "SOS"
        case 0xDB: return "DQT"
        case 0xDC: return "DNL"
        case 0xDD: return "DRI"
        case 0xDE: return "DHP"
        case 0xDF: return "EXP"
        case 0xE0...0xEF: return "APP\(marker - 0xE0)"
        case 0xF0...0xFD: return "JPG\(marker - 0xF0)"
        case 0xFE: return "COM"
        case 0x01: return "TEM"
        default:
            let hex = String(marker, radix: 16, uppercase: true)
            return "marker 0x" + (hex.count < 2 ? "0" + hex : hex)
        }
    }
}
