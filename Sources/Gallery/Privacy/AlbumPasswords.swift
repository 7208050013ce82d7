import Foundation
import Synchronization

/// Where password albums' passwords come from (``AlbumPrivacy/password``):
/// the environment variable the album's `"passwordVariable"` names
/// (``defaultVariable`` when it names none), else, when standard input is a
/// terminal, a prompt that does not echo. Never the command line, never a
/// file: a password on the command line is visible to every user of the
/// machine (`ps`) and kept in shell histories.
///
/// Never printed: ``description`` is a placeholder, and no message, report
/// or bookkeeping file quotes a password or any plain hash of one.
public struct AlbumPasswords: Sendable, CustomStringConvertible {
    /// The variable read when an album's `album.json` names none.
    public static let defaultVariable = "CASCADE_ALBUM_PASSWORD"

    /// The value of an environment variable, or nil.
    let lookup: @Sendable (String) -> String?
    /// Asks the person at the terminal for the password of the album named
    /// by the text (nil when no terminal or nothing was typed).
    let prompt: @Sendable (String) -> String?

    /// `lookup` reads the variables; `prompt` asks (none: a missing password is an error).
    public init(lookup: @escaping @Sendable (String) -> String?,
                prompt: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.lookup = lookup
        self.prompt = prompt
    }

    /// The process's environment, and a prompt on the terminal when standard
    /// input is one. A typed password is kept for the process's life, so
    /// `cascade serve` asks once, not on every rebuild.
    public static let process = AlbumPasswords(
        lookup: { ProcessInfo.processInfo.environment[$0] },
        prompt: { album in
            guard isatty(STDIN_FILENO) == 1 else { return nil }
            return typed.withLock { typed -> String? in
                if let known = typed[album] { return known }
                guard let text = getpass("Password for album '\(album)': ") else { return nil }
                let password = String(cString: text)
                guard !password.isEmpty else { return nil }
                typed[album] = password
                return password
            }
        })

    private static let typed = Mutex<[String: String]>([:])

    public var description: String { "<album passwords>" }

    /// Whether `name` can name an environment variable (`[A-Za-z_][A-Za-z0-9_]*`).
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.isASCIILetter else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCIILetter || $0.isASCIIDigit }
    }

    /// The password of `album` (its source folder `display`): from its
    /// variable, else the prompt; a missing or empty one is an error naming
    /// the album and the variable.
    func password(for album: Album, display: String) throws(BuildError) -> String {
        let variable = album.config.passwordVariable ?? Self.defaultVariable
        if let value = lookup(variable), !value.isEmpty { return value }
        if let typed = prompt(display), !typed.isEmpty { return typed }
        throw .albumPasswordMissing(album: display, variable: variable)
    }

    /// Checks, before any image work, that every password album of `tree`
    /// (after ``UnlistedAlbums/place(_:key:)``) has its password and that
    /// `theme` can make its unlock page.
    func check(_ tree: Album, theme: Theme) throws(BuildError) {
        let albums = tree.passwordAlbums
        if !albums.isEmpty, theme.library[UnlockPage.template] == nil || theme.library[UnlockPage.script] == nil {
            throw .unlockTemplateMissing(folder: theme.displayPath)
        }
        for album in albums {
            _ = try password(for: album, display: (album.sourcePath ?? album.path).joined(separator: "/"))
        }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
