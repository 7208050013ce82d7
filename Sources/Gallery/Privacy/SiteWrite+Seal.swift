import Foundation
import ImageHeaders

extension SiteWrite {
    /// A file the seal stage made: a chunk of a password album, written after the pages.
    struct SealedFile {
        var path: String
        var bytes: [UInt8]
    }

    /// The seal stage, once the final pages are rendered and checked in
    /// plaintext and the renditions made: each password album
    /// (``Album/passwordAlbums``) with every page below its folder and every
    /// file those pages show is packed and encrypted (``SealedAlbum``). Its
    /// pages leave `final` (they are never written), its `index.html`
    /// becomes the unlock page (``UnlockPage``, checked here as every page
    /// is), and its renditions leave the site unless a public page shows
    /// them too (the next build makes them again, to seal them again).
    /// Returns the chunks to write; nothing is written here.
    mutating func sealPasswordAlbums(_ final: inout SitePages.Result) throws(BuildError) -> [SealedFile] {
        let albums = tree.passwordAlbums
        guard !albums.isEmpty, let key = run.options.privateKey else { return [] }
        let folders = albums.map { $0.folderPath + "/" }
        func isSealed(_ path: String) -> Bool { folders.contains { path.hasPrefix($0) } }
        func shown(_ model: PageModel) -> [String] {
            model.photos.flatMap { photo -> [String] in
                let clips: [String] = [photo.video?.path, photo.motion?.path, photo.motionWebM?.path].compactMap { $0 }
                return photo.renditions.map(\.path) + clips
            }
        }
        // The AVIF and WebP alternates (`--formats`) are not sealed: the unlock
        // script shows the JPEG or PNG fallback, so they would only add bytes.
        func alternates(_ model: PageModel) -> [String] { model.photos.flatMap { $0.alternates.flatMap { $0.files.map(\.path) } } }
        let publicFiles = Set(final.models.filter { !isSealed($0.outputPath("index.html")) }.flatMap { shown($0) + alternates($0) })
        var sealedFiles: [SealedFile] = []
        var leaving: Set<String> = []
        var unlockPages: [Theme.RenderedFile] = []
        for (album, folder) in zip(albums, folders) {
            try run.options.cancellation.check()
            let display = (album.sourcePath ?? album.path).joined(separator: "/")
            let password = try run.options.albumPasswords.password(for: album, display: display)
            let cipher = AlbumCipher(password: password, salt: key.passwordSalt(for: album.sourcePath ?? album.path))
            var entries: [SealedAlbum.Entry] = []
            for file in final.rendered where file.path.hasPrefix(folder) {
                entries.append(SealedAlbum.Entry(path: file.path, bytes: Array(Theme.text(of: file, in: output).utf8)))
                leaving.insert(file.path)
            }
            let models = final.models.filter { $0.outputPath("index.html").hasPrefix(folder) }
            for path in Set(models.flatMap(alternates)).subtracting(publicFiles) { leaving.insert(path) }
            for path in Set(models.flatMap(shown)).sorted() {
                guard let bytes = output.read(path) else {
                    throw .pageUnreadable(path: output.display(path), reason: SystemCallError(call: "open", code: ENOENT))
                }
                entries.append(SealedAlbum.Entry(path: path, bytes: bytes))
                if !publicFiles.contains(path) { leaving.insert(path) }
            }
            let start = folder + "index.html"
            let sealed = SealedAlbum(start: start, entries: entries, cipher: cipher)
            for (number, chunk) in sealed.chunks.enumerated() {
                sealedFiles.append(SealedFile(path: folder + SealedAlbum.chunkName(number), bytes: chunk))
            }
            let strings = pages.languages[album.language ?? run.options.language ?? Theme.defaultLanguage] ?? .english
            let page = UnlockPage(root: String(repeating: "../", count: album.path.count), strings: strings,
                                  salt: key.passwordSalt(for: album.sourcePath ?? album.path), check: cipher.check,
                                  chunks: sealed.chunks.count)
            unlockPages += try page.render(folder: folder, theme: run.theme)
        }
        // The site without the sealed pages and renditions, with the chunks and unlock pages.
        let kept = final.rendered.indices.filter { !leaving.contains(final.rendered[$0].path) }
        final.rendered = kept.map { final.rendered[$0] } + unlockPages
        final.digests = kept.map { final.digests[$0] } + unlockPages.map(\.body.digest)
        let added = Set(sealedFiles.map(\.path) + unlockPages.map(\.path))
        final.files = final.files.subtracting(leaving).union(added)
        final.ownFiles = final.ownFiles.subtracting(leaving).union(added)
        for path in leaving {
            final.links[path] = nil
            final.modelDigests[path] = nil
        }
        // Nor does the bookkeeping name the sealed photos or their renditions.
        renditionIndex.forget(leaving)
        fingerprints.forget(under: albums.map { ($0.sourcePath ?? $0.path).joined(separator: "/") + "/" })
        // Nor the record kept on its folder (count, dates, cover's name): no rebuild carries it anyway.
        records = records.map { isSealed($0.path + "/") ? ($0.path, nil) : $0 }
        let links = try run.theme.check(unlockPages, siteFiles: final.files, output: output)
        final.links.merge(links) { _, new in new }
        return sealedFiles
    }

    /// Writes the chunks the seal stage made (the manifest already lists them).
    func writeSealed(_ files: [SealedFile]) throws(BuildError) {
        for file in files {
            try run.options.cancellation.check()
            try output.write(file.bytes, to: file.path)
        }
    }
}
