/// Tells the camera RAWs that use TIFF's classic header (magic 42) from a plain TIFF, by IFD0.
///
/// The rules, strongest first, so a DNG converted from a Nikon file is a DNG:
/// - **DNG**: IFD0 holds `DNGVersion` (0xC612), which the DNG specification requires there.
/// - **CR2**: `CR` and major version 2 at byte 8 (Canon writes it into the header's padding).
/// - **NEF**: IFD0's `Make` starts with `NIKON` and IFD0 holds `SubIFDs` (330), where Nikon keeps
///   the sensor data; a Nikon camera's own TIFF output has no SubIFDs.
/// - **ARW**: `Make` starts with `SONY` and IFD0 holds `SubIFDs` or Sony's `SR2Private` (0xC634).
///
/// Names never decide: a NEF renamed `.tif` is still a NEF, and a scanner's TIFF named `.nef` is a TIFF.
enum TIFFCameraRaw {
    static let dngVersion: UInt16 = 0xC612
    static let subIFDs: UInt16 = 330
    static let sonySR2Private: UInt16 = 0xC634

    /// The RAW format of a TIFF with this signature (its first bytes), IFD0 and `Make`, or `.tiff`.
    static func format(signature: [UInt8], ifd0: [TIFFStructure.Entry], make: String?) -> ImageFormat {
        let tags = Set(ifd0.map(\.tag))
        if tags.contains(dngVersion) { return .dng }
        if signature.matches(Array("CR".utf8), at: 8), signature.count > 10, signature[10] == 2 { return .cr2 }
        let maker = make?.uppercased() ?? ""
        if maker.hasPrefix("NIKON"), tags.contains(subIFDs) { return .nef }
        if maker.hasPrefix("SONY"), tags.contains(subIFDs) || tags.contains(sonySR2Private) { return .arw }
        return .tiff
    }
}
