import BeneathPath
import CWatermark
import Foundation
import ImageHeaders
import Thumbnails

/// What each album folder's `album.json` (or an album above it) asks to be
/// done to its photos as published: the watermark on its renditions and the
/// copyright credited on its pages and originals. Keyed by the folder's path
/// from the album root (`""` for the root, `a/b` below it), as a photo's
/// ``Photo/folder`` names it, so a photo shown in a keyword album is treated
/// as in its own.
struct AlbumTreatments: Sendable, Equatable {
    var watermarks: [String: Watermark] = [:]
    var copyrights: [String: String] = [:]

    /// The watermark of `photo`'s own album.
    func watermark(of photo: Photo) -> Watermark? { watermarks[photo.folder.joined(separator: "/")] }
    /// The copyright of `photo`'s own album.
    func copyright(of photo: Photo) -> String? { copyrights[photo.folder.joined(separator: "/")] }

    /// Walks `tree` (as read, before any album is carried or moved), each
    /// album inheriting its parent's watermark and copyright unless its
    /// `album.json` sets its own, and sets them on each album; every font is
    /// found and every image read once. An image mark right beside the
    /// `album.json` naming it is taken out of that album's photos (one in a
    /// sub-folder is hidden with `"hidden"`, as any folder is). A font that is not installed or an
    /// image that cannot be read fails the build, naming it.
    static func resolve(_ tree: inout Album, root: AlbumFolder) throws(BuildError) -> AlbumTreatments {
        var treatments = AlbumTreatments()
        var resolved: [WatermarkSpec: Watermark] = [:]
        func visit(_ album: inout Album, watermark inherited: Watermark?, copyright: String?) throws(BuildError) {
            var watermark = inherited
            switch album.config.watermark {
            case .off?: watermark = nil
            case .on(let spec)?:
                // The mark beside album.json is not a photo of the album.
                if case .image(let path, _) = spec.mark, !path.contains("/") {
                    album.files.removeAll { NameKey.of($0) == NameKey.of(path) }
                }
                if let known = resolved[spec] {
                    watermark = known
                } else {
                    let display = root.display((album.path + [AlbumConfig.fileName]).joined(separator: "/"))
                    do throws(WatermarkProblem) {
                        watermark = try Self.watermark(spec, root: root)
                    } catch {
                        throw .albumConfigInvalid(path: display, problem: .watermark(error))
                    }
                    resolved[spec] = watermark
                }
            case nil: break
            }
            let credit = album.config.copyright ?? copyright
            album.watermark = watermark
            album.copyright = credit
            treatments.watermarks[album.folderPath] = watermark
            treatments.copyrights[album.folderPath] = credit
            for index in album.albums.indices {
                try visit(&album.albums[index], watermark: watermark, copyright: credit)
            }
        }
        try visit(&tree, watermark: nil, copyright: nil)
        return treatments
    }

    /// The spec made drawable: its font found or its image decoded, and its digest.
    static func watermark(_ spec: WatermarkSpec, root: AlbumFolder) throws(WatermarkProblem) -> Watermark {
        var digest = ContentHasher()
        digest.combine(field: "cascade-watermark 1")
        digest.combine(field: "position=\(spec.position.rawValue)")
        digest.combine(field: "opacity=\(spec.opacity)")
        digest.combine(field: "minWidth=\(spec.minWidth)")
        digest.combine(field: "size=\(spec.relativeSize)")
        switch spec.mark {
        case .text(let text):
            let file = try fontFile(spec.font)
            let bytes: [UInt8]
            do throws(SystemCallError) {
                bytes = try FileIO.read(file)
            } catch {
                throw .fontUnusable(family: spec.font, file: file, reason: "\(error)")
            }
            // The text is drawn once here, so a font FreeType cannot use fails the build, not every rendition.
            do throws(ThumbnailError) {
                _ = try Watermark.textMask(text, fontFile: file, pixelSize: 32)
            } catch {
                throw .fontUnusable(family: spec.font, file: file, reason: "\(error)")
            }
            digest.combine(field: "text=\(text)")
            digest.combine(field: libraries)
            digest.combine(field: "font=\(ContentHash.of(bytes))")
            return Watermark(spec: spec, fontFile: file, image: nil, treatment: Self.short(digest.finalize()))
        case .image(let path, let folder):
            let display = (folder + [path]).joined(separator: "/")
            let bytes = try imageBytes(path, folder: folder, display: display, root: root)
            let image: PixelBuffer
            do throws(ThumbnailError) {
                image = try rgba(ImageDecoder.decode(bytes).pixels)
            } catch {
                throw .imageNotDecoded(path: root.display(display), reason: "\(error)")
            }
            digest.combine(field: "image=\(ContentHash.of(bytes))")
            return Watermark(spec: spec, fontFile: nil, image: image, treatment: Self.short(digest.finalize()))
        }
    }

    /// The FreeType and HarfBuzz versions: a new rasteriser may draw other pixels, which then get other names.
    static let libraries: String = {
        var text = [CChar](repeating: 0, count: 128)
        cwm_versions(&text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// 32 hex digits: 128 bits, far beyond any site's number of watermarks;
    /// only the site's own `album.json` chooses what is hashed.
    private static func short(_ hash: ContentHash) -> String { String(hash.description.prefix(32)) }

    /// The file of the font fontconfig gives for `family`.
    static func fontFile(_ family: String) throws(WatermarkProblem) -> String {
        var path = [CChar](repeating: 0, count: 4096)
        var matched = [CChar](repeating: 0, count: 256)
        let code = cwm_font_find(family, &path, path.count, &matched, matched.count)
        guard code == Int32(CWM_OK) else {
            let other = String(decoding: matched.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .fontNotFound(family: family, matched: other.isEmpty ? nil : other)
        }
        return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The image's bytes, opened beneath its album's folder: no link is
    /// followed and no `..` leaves it.
    static func imageBytes(_ path: String, folder: [String], display: String,
                           root: AlbumFolder) throws(WatermarkProblem) -> [UInt8] {
        let folderPath = root.path(of: folder.joined(separator: "/"))
        let base = open(folder.isEmpty ? root.path : folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard base >= 0 else { throw .imageUnreadable(path: root.display(display), reason: String(cString: strerror(errno))) }
        defer { close(base) }
        let descriptor: Int32
        switch BeneathPath.open(path, in: base, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK) {
        case .success(let opened): descriptor = opened
        case .failure(.link), .failure(.mountPoint): throw .imageOutsideAlbum(path: root.display(display))
        case .failure(.system(_, let code)):
            throw .imageUnreadable(path: root.display(display), reason: code == ELOOP ? "it is a link" : String(cString: strerror(code)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .imageUnreadable(path: root.display(display), reason: "not a regular file")
        }
        guard info.st_size <= 32 << 20 else { throw .imageUnreadable(path: root.display(display), reason: "over 32 MiB") }
        guard let data = try? handle.readToEnd() else {
            throw .imageUnreadable(path: root.display(display), reason: "read failed")
        }
        return [UInt8](data)
    }

    /// The pixels as RGBA (grey and RGB made opaque RGBA), as the blend takes them.
    static func rgba(_ pixels: PixelBuffer) throws(ThumbnailError) -> PixelBuffer {
        guard pixels.channels != 4 else { return pixels }
        var samples: [UInt8] = []
        samples.reserveCapacity(pixels.width * pixels.height * 4)
        for index in 0..<(pixels.width * pixels.height) {
            if pixels.channels == 1 {
                let grey = pixels.samples[index]
                samples += [grey, grey, grey, 255]
            } else {
                samples += [pixels.samples[3 * index], pixels.samples[3 * index + 1], pixels.samples[3 * index + 2], 255]
            }
        }
        return try PixelBuffer(width: pixels.width, height: pixels.height, channels: 4, samples: samples)
    }
}
