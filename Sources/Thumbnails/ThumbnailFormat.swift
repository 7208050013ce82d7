import ImageHeaders

/// The encoded formats Thumbnails reads and writes.
public enum ThumbnailFormat: String, Sendable, Equatable, CustomStringConvertible {
    case jpeg = "JPEG"
    case png = "PNG"
    // Decoded (ImageDecoder+HEIF/+JXL/+WebP/+GIF/+TIFF.swift); WebP and AVIF are also encoded (ImageEncoder+Modern.swift).
    /// HEIF/HEIC (libheif).
    case heif = "HEIF"
    /// AVIF, HEIF with AV1 images (libheif).
    case avif = "AVIF"
    /// JPEG XL, codestream or container (libjxl).
    case jxl = "JPEG XL"
    case webp = "WebP"
    case gif = "GIF"
    case tiff = "TIFF"

    public var description: String { rawValue }

    /// The file name extension renditions in this format get (JPEG or PNG, and WebP or AVIF alternates).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue.lowercased() }

    /// Detects the format from the first bytes (never the file name): SOI and the `0xFF` of the
    /// next marker (stricter than the header scan, which libjpeg's leniency lets take any third
    /// byte), the PNG signature, an ISO BMFF `ftyp` box with a HEIF or AVIF brand, or a JPEG XL
    /// codestream (`FF 0A`) or container signature box.
    public static func detect(_ bytes: [UInt8]) -> ThumbnailFormat? {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == JPEGMarker.startOfImage, bytes[2] == 0xFF { return .jpeg }
        if bytes.starts(with: PNGChunks.signature) { return .png }
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: jxlContainerSignature) { return .jxl }
        if let format = detectWebPGIFTIFF(bytes) { return format }
        return isoBrandFormat(bytes)
    }

    /// The JPEG XL container's first box: size 12, type `JXL `, then `0D 0A 87 0A`.
    static let jxlContainerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// Brands that mean AVIF (AV1 images or sequences), checked first.
    static let avifBrands: Set<String> = ["avif", "avis"]
    /// Brands that mean HEIF with HEVC images, which libheif decodes.
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc"]
    /// Structural HEIF brands, which say nothing of the codec: HEIF unless an AVIF brand is there too.
    static let structuralBrands: Set<String> = ["mif1", "msf1", lowOverheadBrand]
    /// The low-overhead HEIF brand (`mini` box instead of `meta`), which libheif 1.15 cannot read.
    static let lowOverheadBrand = "mif3"

    /// HEIF or AVIF from the `ftyp` box: a codec major brand decides (as the header scan does),
    /// else the compatible brands, AVIF before HEIF; structural brands alone mean HEIF.
    static func isoBrandFormat(_ bytes: [UInt8]) -> ThumbnailFormat? {
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard size >= 16 else { return nil }
        let end = min(size, bytes.count, 4096)
        func brand(at offset: Int) -> String { String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) }
        let major = brand(at: 8)
        let compatible = stride(from: 16, through: end - 4, by: 4).map(brand(at:))
        if avifBrands.contains(major) { return .avif }
        if heicBrands.contains(major) { return .heif }
        let all = [major] + compatible
        if all.contains(where: avifBrands.contains) { return .avif }
        if all.contains(where: { heicBrands.contains($0) || structuralBrands.contains($0) }) { return .heif }
        return nil
    }
}
