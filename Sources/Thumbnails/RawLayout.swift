import CThumbnails
import ImageHeaders

/// What a camera RAW is published as, read through LibRaw without decoding its sensor data:
/// the embedded JPEG preview when it is at least ``minimumPreviewSide`` on its long side (the
/// large rendition's box), else the image LibRaw develops. The header scan and the decoder both
/// decide through ``choose(_:)`` on the same LibRaw answers, so the size the scan lays out is
/// the size the decode produces.
public struct RawLayout: Sendable, Equatable {
    /// Where the published pixels come from.
    public enum Source: String, Sendable, Equatable {
        /// The camera's own full-size JPEG inside the RAW.
        case preview
        /// The sensor data, developed by LibRaw.
        case developed
    }

    public var source: Source
    /// The size of the preview or of the developed image, before orientation.
    public var storedSize: PixelSize
    /// The RAW's own orientation (LibRaw's flip), applied to either source.
    public var orientation: Orientation

    /// The long side a preview needs to be published instead of developing the RAW: the large
    /// rendition's box (Gallery's `WidthLadder.standard.large`), so no published size is
    /// upscaled from a preview while the sensor holds more.
    public static let minimumPreviewSide = 2048

    /// The size as displayed: the stored size with width and height exchanged for orientations 5–8.
    public var displaySize: PixelSize { orientation.swapsDimensions ? storedSize.transposed : storedSize }

    /// Reads the RAW at `path` (LibRaw opens it and reads its metadata and preview only).
    public static func read(fileAt path: String, format: ImageFormat) throws(ThumbnailError) -> RawLayout {
        var info = cth_raw_info()
        var error = cth_error()
        let code = cth_raw_inspect_file(path, &info, &error)
        defer { cth_raw_info_release(&info) }
        do {
            return try choose(code: code, info: info, error: &error, format: format).layout
        } catch {
            throw .file(path: path, error)
        }
    }

    /// Reads the RAW in `bytes`; also returns the preview's bytes when the layout uses them.
    static func read(_ bytes: [UInt8], format: ImageFormat) throws(ThumbnailError) -> (layout: RawLayout, preview: [UInt8]?) {
        var info = cth_raw_info()
        var error = cth_error()
        let code = bytes.withUnsafeBufferPointer { cth_raw_inspect($0.baseAddress, $0.count, &info, &error) }
        defer { cth_raw_info_release(&info) }
        return try choose(code: code, info: info, error: &error, format: format)
    }

    private static func choose(code: Int32, info: cth_raw_info, error: inout cth_error,
                               format: ImageFormat) throws(ThumbnailError) -> (layout: RawLayout, preview: [UInt8]?) {
        guard code == Int32(CTH_OK) else {
            throw ImageDecoder.mapError(code: code, message: ImageDecoder.message(of: &error), format: format,
                                        image: cth_image(), limits: .default)
        }
        let orientation = Orientation(rawValue: UInt8(clamping: info.orientation)) ?? .up
        if let pointer = info.preview, info.preview_length > 0 {
            let preview = [UInt8](UnsafeBufferPointer(start: pointer, count: info.preview_length))
            if let header = try? ImageHeader.read(from: preview), header.format == .jpeg,
               max(header.storedSize.width, header.storedSize.height) >= minimumPreviewSide {
                return (RawLayout(source: .preview, storedSize: header.storedSize, orientation: orientation), preview)
            }
        }
        guard info.width > 0, info.height > 0 else { throw .corrupt(format: format, reason: "LibRaw gave no image size") }
        let size = PixelSize(width: Int(info.width), height: Int(info.height))
        return (RawLayout(source: .developed, storedSize: size, orientation: orientation), nil)
    }
}
