import ImageHeaders

/// The first pass over the album's files: each header read (a few KiB, never
/// the pixels), and the details EXIF and `album.json` give each photo.
enum PhotoScan {
    /// The formats the rendition step can decode; other images are named in a
    /// warning and skipped rather than published without a rendition.
    static let renderableFormats: Set<ImageFormat> = [.jpeg, .png]

    /// Reads each file's header; unreadable or unrenderable files become warnings.
    static func photos(_ files: [String], in album: AlbumFolder, log: inout WarningLog) -> [Photo] {
        var photos: [Photo] = []
        for name in files {
            do throws(FileHeaderError) {
                let header = try ImageHeader.read(fileAt: album.path(of: name))
                guard renderableFormats.contains(header.format) else {
                    log.add(album.display(name), .unsupportedFormat(header.format))
                    continue
                }
                photos.append(Photo(fileName: name, header: header))
            } catch {
                log.add(album.display(name), .unreadableHeader(error.reason))
            }
        }
        return photos
    }

    /// Gives each photo its details: EXIF first, then `album.json` field by
    /// field. Warns about each `album.json` entry naming no photo.
    static func applyDetails(_ config: AlbumConfig, to photos: inout [Photo], album: AlbumFolder,
                             log: inout WarningLog) {
        var unused = Set(config.photos.keys)
        for index in photos.indices {
            var details = PhotoDetails(exifOf: photos[index].header)
            if let own = config.photos[photos[index].fileName] {
                details = details.overridden(by: own)
                unused.remove(photos[index].fileName)
            }
            photos[index].details = details
        }
        for name in unused.sorted() {
            log.add(album.display(AlbumConfig.fileName), .unknownPhoto(name: name))
        }
    }
}
