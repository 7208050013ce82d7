import ImageHeaders
import Thumbnails

/// The header of a camera RAW as a build publishes it.
///
/// ImageHeaders sniffs the RAW formats and reads their orientation and metadata from the
/// bytes, but the size a RAW publishes is not in its header in any form a pure parser can
/// trust: the embedded preview's size, or the image LibRaw develops after its per-camera
/// margins, DNG active area and Fujifilm's rotated sensors. So every scan asks LibRaw
/// (``RawLayout``, the same answers the decoder acts on) for the stored size and orientation,
/// and the rendition step never meets a size it did not lay out.
enum CameraRawHeader {
    /// `header` (already read from the file at `path`) with LibRaw's size and orientation when
    /// it is a camera RAW; other headers unchanged. A RAW LibRaw cannot read is a header error.
    static func completing(_ header: ImageHeader, fileAt path: String) throws(FileHeaderError) -> ImageHeader {
        guard header.format.isCameraRaw else { return header }
        let layout: RawLayout
        do {
            layout = try RawLayout.read(fileAt: path, format: header.format)
        } catch {
            var inner = error
            if case .file(_, let cause) = error { inner = cause }
            let detail = if case .unsupported(_, let reason) = inner { reason } else { inner.description }
            throw FileHeaderError(path: path, reason: .header(HeaderError(offset: 0, reason: .unsupported("\(header.format) (\(detail))"))))
        }
        var completed = header
        completed.storedSize = layout.storedSize
        completed.orientation = layout.orientation
        completed.orientationSource = layout.orientation == .up ? .none : .exif
        completed.cleanAperture = nil
        return completed
    }

    /// The header of the file at `path`, completed for a camera RAW.
    static func read(fileAt path: String, detail: HeaderDetail = .full) throws(FileHeaderError) -> ImageHeader {
        try completing(ImageHeader.read(fileAt: path, detail: detail), fileAt: path)
    }
}

extension FileHeaderError {
    /// `body`'s header error as a file error naming `path`.
    static func naming<T>(_ path: String, _ body: () throws(HeaderError) -> T) throws(FileHeaderError) -> T {
        do {
            return try body()
        } catch {
            throw FileHeaderError(path: path, reason: .header(error))
        }
    }
}
