import ImageHeaders
import MarkupCheck
import Mustache

/// Why a build (or `check`, or `init`) failed. Each case carries where and a
/// typed cause; ``description`` is the one place these become text, and only
/// the executable prints it.
public enum BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    case albumNotFound(path: String)
    case albumNotAFolder(path: String)
    case albumUnreadable(path: String, reason: SystemCallError)
    /// `cascade check`: a page of the folder could not be read.
    case pageUnreadable(path: String, reason: SystemCallError)
    /// The album has no files Cascade could use at all.
    case albumEmpty(path: String)
    /// Every candidate was skipped; the warnings say why.
    case noReadableImages(path: String, skipped: Int)
    /// The output folder is inside the album and holds files Cascade did not make.
    case outputInsideAlbum(output: String, album: String)
    /// The output folder is the album folder (by device and inode).
    case outputIsAlbum(output: String, album: String)
    /// The album is inside the output folder.
    case albumInsideOutput(output: String, album: String)
    /// The theme folder does not exist, or has no `page.mustache`.
    case templatesNotFound(path: String)
    /// A template file could not be read.
    case templateFile(TemplateFileError)
    /// A template has a syntax error, or failed to render.
    case template(TemplateError)
    /// A template includes a partial the theme does not have.
    case missingPartial(template: String, location: SourceLocation, partial: String, folder: String)
    /// `album.json` is unreadable or malformed; `location` is where in its
    /// text (the parser's stop, or the key at fault) when known.
    case albumConfigInvalid(path: String, location: SourceLocation? = nil, problem: AlbumConfigProblem)
    /// `cascade.json` is unreadable, malformed or sets a value out of range.
    case settingsInvalid(path: String, location: SourceLocation?, problem: SettingsProblem)
    /// A theme's strings file (`Templates/strings/fr.json`) is unreadable or
    /// malformed, or (under `--strict-templates`) incomplete.
    case stringsInvalid(path: String, location: SourceLocation?, problem: StringsProblem)
    /// The language an album or the settings ask for has no strings in the
    /// theme. `setIn` names the `album.json` that asks (nil: `--language`
    /// or `cascade.json`), `location` the key in it.
    case unknownLanguage(language: String, setIn: String?, location: SourceLocation?, theme: String, available: [String])
    /// `cascade check DIR`: DIR is not an existing folder.
    case outputNotFound(path: String)
    /// `cascade init`: the file or folder it would write exists.
    case initTargetExists(path: String)
    /// `--strict-templates`: variables the templates ask for that the data lacks.
    case missingVariables([MissingVariable])
    /// A page failed the markup or link check. `origin` names the template
    /// and data behind the position when known.
    case markupCheckFailed(page: String, issue: MarkupIssue, more: Int, origin: MarkupOrigin? = nil)
    case wouldOverwrite(path: String)
    /// A link or a mount point inside the output folder, where the build
    /// would write: nothing is written through it.
    case outputEscape(path: String, reason: OutputEscape)
    /// The output folder exists, holds files, and no build made it (no
    /// `.cascade-manifest`): Cascade does not move into a folder of the user's.
    case outputNotCascades(output: String)
    /// A page or asset of the site would have the path of a folder the site also needs.
    case pathClash(path: String)
    /// Another build holds the output folder's lock (`pid` as it recorded it).
    case outputBusy(output: String, pid: Int32?)
    case writeFailed(path: String, reason: SystemCallError)
    /// The site's icon could not be made from the home page's cover (``SiteIcons``).
    case iconNotMade(path: String, reason: String)
    /// `--originals`: an original could not be read, or its metadata not removed.
    case originalNotPublished(path: String, reason: OriginalProblem)
    /// `--zip`: libzip could not make an album's archive (its message).
    case zipNotWritten(path: String, reason: String)
    case strictWarnings(count: Int)
    /// ``BuildCancellation`` was asked to stop the build (`signal` as it said).
    case stopped(signal: Int32)
    /// Albums are unlisted (`"private": "unlisted"`) and no private key is set to name their folders.
    case privateKeyMissing(albums: [String])
    /// A password album's password is in neither its environment variable nor typed at a terminal.
    case albumPasswordMissing(album: String, variable: String)
    /// An album is a password album and the theme has no `unlock` template for its public page.
    case unlockTemplateMissing(folder: String)

    /// Errors the user can fix by changing the command line (exit status 2).
    public var isUsageError: Bool {
        switch self {
        case .albumNotFound, .albumNotAFolder, .outputInsideAlbum, .outputIsAlbum, .albumInsideOutput, .outputNotCascades,
             .templatesNotFound,
             .outputNotFound, .settingsInvalid, .unknownLanguage, .privateKeyMissing,
             .albumPasswordMissing, .unlockTemplateMissing: true
        default: false
        }
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 2: "SIGINT"
        case 15: "SIGTERM"
        case 1: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    public var description: String {
        switch self {
        case .pathClash(let path):
            "the site needs '\(path)' both as a page or asset and as an album's folder; rename that folder in the album"
        case .albumNotFound(let path):
            "album folder '\(path)' does not exist; pass the folder that holds your photos"
        case .albumNotAFolder(let path):
            "'\(path)' is not a folder; pass the folder that holds your photos"
        case .albumUnreadable(let path, let reason):
            "could not read album folder '\(path)': \(reason)"
        case .pageUnreadable(let path, let reason):
            "could not read '\(path)': \(reason)"
        case .albumEmpty(let path):
            "album folder '\(path)' has no images (\(PhotoScan.renderableFormatNames)); nothing was written"
        case .noReadableImages(let path, let skipped):
            "none of the \(skipped) image file\(skipped == 1 ? "" : "s") in '\(path)' could be read; nothing was written"
        case .outputInsideAlbum(let output, let album):
            "output folder '\(output)' is inside the album '\(album)' and holds files Cascade did not make; pass --output DIR outside the album, or an empty folder"
        case .outputIsAlbum(let output, let album):
            "output folder '\(output)' is the album '\(album)'; Cascade never writes over an album, pass --output DIR"
        case .albumInsideOutput(let output, let album):
            "album '\(album)' is inside the output folder '\(output)'; pass --output DIR outside the album"
        case .templatesNotFound(let path):
            "templates folder '\(path)' not found; pass --templates DIR with page.mustache in it"
        case .templateFile(let error):
            error.description
        case .template(let error):
            error.description
        case .missingPartial(let template, let location, let partial, let folder):
            "\(template):\(location): partial \"\(partial)\" not found in '\(folder)'"
        case .privateKeyMissing(let albums):
            "album\(albums.count == 1 ? "" : "s") \(albums.map { "'\($0)'" }.joined(separator: ", ")) "
                + "\(albums.count == 1 ? "is" : "are") \"private\": \"unlisted\", which needs a private key to name "
                + "\(albums.count == 1 ? "its folder" : "their folders"): set CASCADE_PRIVATE_KEY in the environment or "
                + "\"privateKey\" in cascade.json to \(PrivateKey.expected), and keep it: another key gives other URLs"
        case .albumPasswordMissing(let album, let variable):
            "album '\(album)' is \"private\": \"password\" and has no password: set \(variable) in the environment "
                + "(its album.json's \"passwordVariable\" names another variable), or build at a terminal to type it"
        case .unlockTemplateMissing(let folder):
            "a password album needs the theme's unlock page, and '\(folder)' lacks unlock.mustache or unlock/unlock.js.mustache; "
                + "copy it from Cascade's default theme"
        case .initTargetExists(let path):
            "'\(path)' already exists; cascade init never overwrites (move it away or init another folder)"
        case .outputNotFound(let path):
            "'\(path)' is not a folder; pass the folder a build wrote (e.g. _site)"
        case .albumConfigInvalid(let path, let location, let problem):
            location.map { "'\(path)':\($0): \(problem)" } ?? "'\(path)' \(problem)"
        case .settingsInvalid(let path, let location, let problem):
            (location.map { "'\(path)':\($0): \(problem)" } ?? "'\(path)' \(problem)") + "; fix the settings file or remove it"
        case .stringsInvalid(let path, let location, let problem):
            location.map { "'\(path)':\($0): \(problem)" } ?? "'\(path)' \(problem)"
        case .unknownLanguage(let language, let setIn, let location, let theme, let available):
            (setIn.map { file in "'\(file)'" + (location.map { ":\($0)" } ?? "") + ": " } ?? "")
                + "the theme '\(theme)' has no strings for language \"\(language)\" (it has "
                + available.joined(separator: ", ") + "); choose one of those or add '\(theme)/strings/\(language).json'"
        case .missingVariables(let misses):
            "the templates ask for \(misses.count) variable\(misses.count == 1 ? "" : "s") the data does not have (--strict-templates); nothing was written:\n  "
                + misses.map(\.description).joined(separator: "\n  ")
        case .markupCheckFailed(let page, let issue, let more, let origin):
            "\(page):\(issue.line):\(issue.column): \(issue.kind)" + (origin.map { " [\($0)]" } ?? "")
                + (more > 0 ? " (and \(more) more)" : "") + "; the markup check failed, nothing was written"
        case .wouldOverwrite(let path):
            "'\(path)' exists and was not made by Cascade; move it away or choose another --output"
        case .outputEscape(let path, let reason):
            "'\(path)' \(reason) inside the output folder; Cascade writes only into real folders of its own there, "
                + "nothing was written through it: remove it or choose another --output"
        case .outputNotCascades(let output):
            "output folder '\(output)' holds files Cascade did not make (it has no .cascade-manifest); "
                + "pass --output DIR naming a new or empty folder, or one an earlier build wrote"
        case .outputBusy(let output, let pid):
            "'\(output)' is being built by another cascade" + (pid.map { " (pid \($0))" } ?? "")
                + "; wait for it or use another --output"
        case .writeFailed(let path, let reason):
            "could not write '\(path)': \(reason)"
        case .iconNotMade(let path, let reason):
            "could not make the site's icon '\(path)': \(reason)"
        case .zipNotWritten(let path, let reason):
            "could not write the album download '\(path)': \(reason)"
        case .originalNotPublished(let path, let reason):
            "could not publish '\(path)': \(reason)"
        case .strictWarnings(let count):
            "\(count) file\(count == 1 ? " was" : "s were") skipped and --strict is set; nothing was written"
        case .stopped(let signal):
            "stopped by \(Self.signalName(signal)); what was written is whole and the next build carries on"
        }
    }
}
