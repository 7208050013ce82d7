import ImageHeaders

/// One image of the album, as the scanner read it from its header.
public struct Photo: Sendable, Equatable {
    /// The file's name inside the album folder.
    public var fileName: String
    public var header: ImageHeader

    public init(fileName: String, header: ImageHeader) {
        self.fileName = fileName
        self.header = header
    }

    /// The file name without its extension: the alt text until captions exist.
    public var title: String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// Width and height as the photo is shown (EXIF orientation applied).
    public var displayWidth: Int { header.displaySize.width }
    public var displayHeight: Int { header.displaySize.height }
}
