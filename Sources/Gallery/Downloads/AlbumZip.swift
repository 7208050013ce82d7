/// What an album's download holds (`--zip`, `album.json` `"zip"`): nothing,
/// its photos' large renditions, or their originals (metadata stripped as
/// `--originals` strips it, unless `--keep-metadata`).
public enum AlbumZip: String, Sendable, Equatable, CaseIterable {
    /// No download (the default; `--no-zip`, `"zip": false`).
    case off
    /// Each photo's widest JPEG rendition.
    case large
    /// Each photo's original file, published as `--originals` would.
    case originals

    /// What a value must be, for messages.
    static let expected = "large, originals or false"

    /// `large`, `originals`, or `false`/`off` for none (the command line's text).
    init?(text: String) {
        switch text {
        case "large": self = .large
        case "originals": self = .originals
        case "false", "off": self = .off
        default: return nil
        }
    }

    /// `"large"`, `"originals"` or `false` (a JSON value: `cascade.json`, `album.json`).
    init?(json value: Any) {
        if let text = value as? String, text != "false", text != "off", let zip = AlbumZip(text: text) {
            self = zip
        } else if JSONValue(value).bool == false {
            self = .off
        } else {
            return nil
        }
    }
}
