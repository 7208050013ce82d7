import ImageHeaders

/// One image of the album, as the scanner read it from its header, with what
/// EXIF and `album.json` say about it.
public struct Photo: Sendable, Equatable {
    /// The file's name inside the album folder.
    public var fileName: String
    public var header: ImageHeader
    /// Caption, alt text, date, camera — each optional.
    public var details: PhotoDetails

    public init(fileName: String, header: ImageHeader, details: PhotoDetails = PhotoDetails()) {
        self.fileName = fileName
        self.header = header
        self.details = details
    }

    /// The file name without its extension.
    public var title: String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// Width and height as the photo is shown (EXIF orientation applied).
    public var displayWidth: Int { header.displaySize.width }
    public var displayHeight: Int { header.displaySize.height }
}
