/// The container format of an image, recognised from its leading bytes, never
/// from its file name.
///
/// Raw values are lower-case identifiers that are stable enough to appear in
/// generated output (`cascade scan`), caches and tests. What Cascade can do
/// with each format past its header is in the registry,
/// ``capabilities`` (ImageFormat+Capabilities.swift); ``detect(_:)`` is the
/// one sniffer, shared by the header scan and the pixel decoders.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// JPEG (JFIF, Exif or bare), any SOFn coding process.
    case jpeg
    /// PNG, including Apple's `CgBI` variant and animated PNG (APNG).
    case png
    /// GIF87a / GIF89a; the size is the logical screen.
    case gif
    /// WebP: lossy `VP8`, lossless `VP8L` or extended `VP8X`.
    case webp
    /// Windows/OS2 bitmap, any DIB header.
    case bmp
    /// TIFF or BigTIFF; the size is IFD0's.
    case tiff
    /// HEIF with HEVC-coded images (brands `heic`, `heix`, …).
    case heic
    /// HEIF with other codecs or only structural brands (`mif1`, `mif3`, …).
    case heif
    /// AVIF: HEIF with AV1-coded images.
    case avif
    /// JPEG XL, naked codestream or ISO BMFF container.
    case jxl
    /// SVG; the size comes from `width`/`height`, else the `viewBox`.
    case svg
    /// Windows icon: the largest image in the directory.
    case ico
    /// Windows cursor: the largest image in the directory.
    case cur
    /// Photoshop document (PSD) or large document (PSB).
    case psd
    /// Netpbm: PBM, PGM, PPM (plain and raw), PAM and PFM.
    case pnm
    /// Truevision TGA (recognised by a strict header check; it has no signature).
    case tga
    /// Quite OK Image format.
    case qoi
    /// JPEG 2000: the JP2 file format or a bare J2K codestream.
    case jp2
    /// DirectDraw Surface texture.
    case dds
    /// MPEG-4 video (ISO BMFF with an `isom`, `mp41`, `mp42`, `avc1`, `M4V `, 3GPP … brand).
    case mp4
    /// QuickTime movie (`qt  ` brand, or the older files with no `ftyp`), as iPhones record.
    case mov
    /// WebM video (Matroska with DocType `webm`).
    case webm
    /// Matroska video (`.mkv`).
    case mkv
    /// AVI video (RIFF `AVI `), as older cameras record.
    case avi
    /// Ogg video (`.ogv`) with a Theora stream.
    case ogv
    /// Adobe Digital Negative: a TIFF whose IFD0 holds `DNGVersion` (tag 0xC612).
    case dng
    /// Canon RAW 2: a TIFF with `CR` and version 2 at byte 8.
    case cr2
    /// Canon RAW 3: ISO BMFF with the `crx ` major brand.
    case cr3
    /// Nikon Electronic Format: a TIFF whose IFD0 `Make` starts with `NIKON` and that holds `SubIFDs`.
    case nef
    /// Sony Alpha RAW: a TIFF whose IFD0 `Make` starts with `SONY` and that holds `SubIFDs` or `SR2Private`.
    case arw
    /// Fujifilm RAW: the `FUJIFILMCCD-RAW ` header.
    case raf
    /// Olympus RAW: a TIFF with the magic `RO` (`IIRO`, `MMOR`) or `RS` (`IIRS`) instead of 42.
    case orf
    /// Panasonic RAW: a TIFF with the magic 0x55 (`IIU\0`).
    case rw2

    /// The name people use for the format, e.g. `JPEG`.
    public var description: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .heic: "HEIC"
        case .heif: "HEIF"
        case .avif: "AVIF"
        case .jxl: "JPEG XL"
        case .svg: "SVG"
        case .ico: "ICO"
        case .cur: "CUR"
        case .psd: "PSD"
        case .pnm: "PNM"
        case .tga: "TGA"
        case .qoi: "QOI"
        case .jp2: "JPEG 2000"
        case .dds: "DDS"
        case .mp4: "MP4 video"
        case .mov: "QuickTime video"
        case .webm: "WebM video"
        case .mkv: "Matroska video"
        case .avi: "AVI video"
        case .ogv: "Ogg video"
        case .dng: "DNG"
        case .cr2: "Canon CR2"
        case .cr3: "Canon CR3"
        case .nef: "Nikon NEF"
        case .arw: "Sony ARW"
        case .raf: "Fujifilm RAF"
        case .orf: "Olympus ORF"
        case .rw2: "Panasonic RW2"
        }
    }
}
