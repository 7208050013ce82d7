/// The exposure fields of the Exif schemas, as written (`1/250`, `28/10`,
/// `200`): the camera-details fallback when the file's Exif lacks them.
/// Serial numbers and GPS fields are deliberately not offered here.
extension XMPPacket {
    private typealias N = XMPNamespace

    /// `exif:ExposureTime`, a rational such as `1/250`.
    public var exposureTimeText: String? { self[N.exif, "ExposureTime"]?.text }
    /// `exif:FNumber`, a rational such as `28/10`.
    public var fNumberText: String? { self[N.exif, "FNumber"]?.text }
    /// `exif:FocalLength`, a rational such as `500/10`.
    public var focalLengthText: String? { self[N.exif, "FocalLength"]?.text }
    /// `exif:FocalLengthIn35mmFilm`.
    public var focalLength35mmText: String? { self[N.exif, "FocalLengthIn35mmFilm"]?.text }
    /// `exif:ISOSpeedRatings` (an `rdf:Seq`; its first item), else `exifEX:PhotographicSensitivity`.
    public var isoText: String? {
        self[N.exif, "ISOSpeedRatings"]?.text ?? self[N.exifEX, "PhotographicSensitivity"]?.text
    }
    /// `exifEX:LensModel`, else `aux:Lens`.
    public var lensModelText: String? { self[N.exifEX, "LensModel"]?.text ?? self[N.aux, "Lens"]?.text }
    /// `exifEX:LensMake`.
    public var lensMakeText: String? { self[N.exifEX, "LensMake"]?.text }
}
