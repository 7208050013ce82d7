import Foundation
import Mustache

/// The public page of a password album, its `index.html`: the theme's
/// `unlock` template with nothing of the album in it — no title, no count,
/// no name — only a password field, the stylesheet, the interface text of
/// the album's language, and what the browser needs to decrypt: the salt,
/// the iteration count, the check value and the number of chunks.
struct UnlockPage {
    /// The template the theme must have while an album is a password album.
    static let template = "unlock"

    /// From the album's folder to the site's root (`../`, `../../`).
    var root: String
    var strings: LanguageStrings
    var salt: [UInt8]
    /// ``AlbumCipher/check``: a wrong password is told locally, before any request.
    var check: [UInt8]
    var chunks: Int

    var value: Value {
        .object([
            "lang": .string(strings.language),
            "root": .string(root),
            "generator": .string(Site.generator),
            "strings": strings.templateValue(generator: Site.generator),
            "salt": .string(Data(salt).base64EncodedString()),
            "iterations": .int(AlbumCipher.iterations),
            "check": .string(Data(check).base64EncodedString()),
            "chunks": .int(chunks),
            "chunkSize": .int(SealedAlbum.chunkSize),
        ])
    }

    /// The page, `index.html` in the album's `folder` (with its slash),
    /// and its script beside it, rendered from `theme`'s `unlock` and
    /// `unlock/unlock.js` templates; a theme without them fails the build
    /// (it could only publish the album bare). The script is a file of its
    /// own, not inline: the markup check reads pages as XML, where a
    /// script's `<` and `&` could only be written as escapes HTML reads literally.
    func render(folder: String, theme: Theme) throws(BuildError) -> [Theme.RenderedFile] {
        guard theme.library[Self.template] != nil, theme.library[Self.script] != nil else {
            throw .unlockTemplateMissing(folder: theme.displayPath)
        }
        let value = value
        do throws(TemplateError) {
            return [
                Theme.RenderedFile(path: folder + "index.html", text: try theme.library.render(Self.template, value),
                                   template: Self.template, value: { value }),
                Theme.RenderedFile(path: folder + "unlock.js", text: try theme.library.render(Self.script, .object([:])),
                                   template: Self.script, value: { .object([:]) }),
            ]
        } catch {
            throw .template(error)
        }
    }

    /// The script's template, `unlock/unlock.js.mustache`: under a folder, so
    /// not an asset every site would carry.
    static let script = "unlock/unlock.js"
}
