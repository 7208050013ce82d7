import Foundation

/// File names as sidecars spell them, compared as Unicode text: a file saved
/// as NFD on macOS (`Cafe\u{301}.jpg`) and named in NFC inside a sidecar
/// (`Café.jpg`) are the same photo.
enum SidecarName {
    /// The key photos are looked up by: the name in NFC.
    static func key(_ name: some StringProtocol) -> String {
        name.nfc
    }

    /// `IMG_1.jpg` → `IMG_1`: the name without its last extension. A name
    /// that is all extension (`.jpg`) or has none is kept whole.
    static func stem(_ name: String) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return Substring(name) }
        return name[..<dot]
    }
}
