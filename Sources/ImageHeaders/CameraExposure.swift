/// How a photo was taken, as the camera recorded it in the Exif IFD:
/// exposure time, aperture, sensitivity, focal length and lens. Values are
/// kept as numbers; the gallery formats them per language.
///
/// Every number is checked when read: a zero denominator, a negative value
/// or one over ``maximumValue`` reads as absent, since a page should show
/// nothing rather than `f/inf`. No serial number lives here (those are
/// ``ImageMetadata/bodySerialNumber`` and ``ImageMetadata/lensSerialNumber``,
/// read only for the privacy audit).
public struct CameraExposure: Sendable, Hashable {
    /// Largest value kept for any number; anything above is a broken field.
    public static let maximumValue = 1e6

    /// `ExposureTime` (0x829A), in seconds.
    public var exposureTime: Double?
    /// `FNumber` (0x829D), the f-number (2.8 for f/2.8).
    public var fNumber: Double?
    /// `PhotographicSensitivity` (0x8827, formerly ISOSpeedRatings), else
    /// `ISOSpeed` (0x8833) or `RecommendedExposureIndex` (0xA432).
    public var iso: Int?
    /// `FocalLength` (0x920A), in millimetres.
    public var focalLength: Double?
    /// `FocalLengthIn35mmFilm` (0xA405), in millimetres.
    public var focalLength35mm: Int?
    /// `LensMake` (0xA433).
    public var lensMake: String?
    /// `LensModel` (0xA434).
    public var lensModel: String?

    /// Creates exposure data; every field defaults to absent.
    public init(exposureTime: Double? = nil, fNumber: Double? = nil, iso: Int? = nil, focalLength: Double? = nil,
                focalLength35mm: Int? = nil, lensMake: String? = nil, lensModel: String? = nil) {
        self.exposureTime = Self.checked(exposureTime)
        self.fNumber = Self.checked(fNumber)
        self.iso = iso.flatMap { Self.checked(Double($0)) }.map(Int.init)
        self.focalLength = Self.checked(focalLength)
        self.focalLength35mm = focalLength35mm.flatMap { Self.checked(Double($0)) }.map(Int.init)
        self.lensMake = lensMake
        self.lensModel = lensModel
    }

    /// Whether no field is known.
    public var isEmpty: Bool {
        exposureTime == nil && fNumber == nil && iso == nil && focalLength == nil && focalLength35mm == nil
            && lensMake == nil && lensModel == nil
    }

    /// `value` when it is a finite positive number no larger than ``maximumValue``.
    public static func checked(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value > 0, value <= maximumValue else { return nil }
        return value
    }

    /// `numerator / denominator`, checked; nil for a zero denominator.
    static func rational(_ numerator: Double, _ denominator: Double) -> Double? {
        guard denominator != 0 else { return nil }
        return checked(numerator / denominator)
    }
}

extension ExifReader {
    enum ExposureTag {
        static let exposureTime: UInt16 = 0x829A
        static let fNumber: UInt16 = 0x829D
        static let photographicSensitivity: UInt16 = 0x8827
        static let isoSpeed: UInt16 = 0x8833
        static let recommendedExposureIndex: UInt16 = 0xA432
        static let focalLength: UInt16 = 0x920A
        static let focalLength35mm: UInt16 = 0xA405
        static let lensMake: UInt16 = 0xA433
        static let lensModel: UInt16 = 0xA434
    }

    /// Whether `tag` is one ``exposure(from:in:using:)`` reads.
    static func isExposureTag(_ tag: UInt16) -> Bool {
        switch tag {
        case ExposureTag.exposureTime, ExposureTag.fNumber, ExposureTag.photographicSensitivity, ExposureTag.isoSpeed,
             ExposureTag.recommendedExposureIndex, ExposureTag.focalLength, ExposureTag.focalLength35mm,
             ExposureTag.lensMake, ExposureTag.lensModel:
            return true
        default:
            return false
        }
    }

    /// The exposure fields among the Exif IFD's `entries`; nil when none is usable.
    static func exposure<Source: ByteSource>(
        from entries: [TIFFStructure.Entry], in tiff: TIFFStructure, using reader: inout Reader<Source>
    ) throws(HeaderError) -> CameraExposure? {
        var exposure = CameraExposure()
        var fallbackISO: Int?
        for entry in entries where isExposureTag(entry.tag) {
            switch entry.tag {
            case ExposureTag.exposureTime:
                exposure.exposureTime = try rational(entry, in: tiff, using: &reader)
            case ExposureTag.fNumber:
                exposure.fNumber = try rational(entry, in: tiff, using: &reader)
            case ExposureTag.focalLength:
                exposure.focalLength = try rational(entry, in: tiff, using: &reader)
            case ExposureTag.photographicSensitivity:
                exposure.iso = integer(entry, in: tiff)
            case ExposureTag.isoSpeed, ExposureTag.recommendedExposureIndex:
                fallbackISO = fallbackISO ?? integer(entry, in: tiff)
            case ExposureTag.focalLength35mm:
                exposure.focalLength35mm = integer(entry, in: tiff)
            case ExposureTag.lensMake:
                exposure.lensMake = try text(entry, in: tiff, using: &reader)
            case ExposureTag.lensModel:
                exposure.lensModel = try text(entry, in: tiff, using: &reader)
            default:
                break
            }
        }
        if exposure.iso == nil { exposure.iso = fallbackISO }
        return exposure.isEmpty ? nil : exposure
    }

    /// The first value of a SHORT or LONG entry, checked; nil for zero.
    private static func integer(_ entry: TIFFStructure.Entry, in tiff: TIFFStructure) -> Int? {
        guard entry.type == 3 || entry.type == 4, let value = tiff.unsignedValue(entry),
              let checked = CameraExposure.checked(Double(value)) else { return nil }
        return Int(checked)
    }

    /// The first value of a RATIONAL (or SRATIONAL) entry, checked.
    private static func rational<Source: ByteSource>(
        _ entry: TIFFStructure.Entry, in tiff: TIFFStructure, using reader: inout Reader<Source>
    ) throws(HeaderError) -> Double? {
        guard entry.type == 5 || entry.type == 10, entry.count >= 1 else { return nil }
        let bytes: ArraySlice<UInt8>?
        do {
            bytes = try tiff.valueSlice(entry, cap: 8, using: &reader)
        } catch {
            if case .truncated = error.reason { return nil }
            throw error
        }
        guard let bytes, bytes.count == 8 else { return nil }
        let numerator = UInt32(truncatingIfNeeded: TIFFField(bytes, at: bytes.startIndex, width: 4).unsigned(at: 0, width: 4, tiff.order) ?? 0)
        let denominator = UInt32(truncatingIfNeeded: TIFFField(bytes, at: bytes.startIndex + 4, width: 4).unsigned(at: 0, width: 4, tiff.order) ?? 0)
        if entry.type == 10 {
            return CameraExposure.rational(Double(Int32(bitPattern: numerator)), Double(Int32(bitPattern: denominator)))
        }
        return CameraExposure.rational(Double(numerator), Double(denominator))
    }
}
