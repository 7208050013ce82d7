/// The character references a caption written in Markdown or kept by Picasa
/// is likely to hold: numeric ones (`&#44;`, `&#x2014;`) and a few names.
/// Anything else is left as it is written.
enum HTMLEntity {
    /// Named references people type in captions.
    static let names: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "laquo": "«", "raquo": "»", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "deg": "°",
    ]

    /// The character for the reference starting with `&` at `start`, and the index after its `;`.
    static func decode(_ chars: [Character], at start: Int) -> (Character, Int)? {
        guard start < chars.count, chars[start] == "&" else { return nil }
        // The longest reference read is `&#x10FFFF;` or a short name: ten characters are plenty.
        let limit = min(chars.count, start + 12)
        guard let semicolon = chars[(start + 1)..<limit].firstIndex(of: ";") else { return nil }
        let body = String(chars[(start + 1)..<semicolon])
        if let character = character(body) { return (character, semicolon + 1) }
        return nil
    }

    /// `#44` / `#x2C` / `amp` → the character.
    static func character(_ body: String) -> Character? {
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            return scalar(UInt32(body.dropFirst(2), radix: 16))
        }
        if body.hasPrefix("#") {
            return scalar(UInt32(body.dropFirst(), radix: 10))
        }
        return names[body]
    }

    private static func scalar(_ value: UInt32?) -> Character? {
        // NUL and controls would only be removed later; refuse them here.
        guard let value, value >= 0x20, let scalar = Unicode.Scalar(value) else { return nil }
        return Character(scalar)
    }
}
