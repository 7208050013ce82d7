import Foundation
import CLibCrypto

/// The secret the user keeps for unlisted albums (`"private": "unlisted"`):
/// `CASCADE_PRIVATE_KEY` in the environment, else `"privateKey"` in
/// `cascade.json`. Each unlisted album's output folder is named by an HMAC of
/// its path under this key, so the name is the same on every build and
/// cannot be guessed without the key; another key gives other names.
///
/// Never printed, written or stored: ``description`` is a placeholder, and
/// the no-change-rebuild key takes ``fingerprint``, a one-way function of it.
public struct PrivateKey: Sendable, Equatable, CustomStringConvertible {
    /// The key's bytes (the hex digits decoded).
    private let bytes: [UInt8]

    /// Fewest hex digits accepted: 128 bits, as many as a folder name holds.
    static let minimumDigits = 32
    /// How to make a good one, for messages.
    public static let howToMake = "make one with 'openssl rand -hex 32'"
    /// What a valid key is, for messages (which never quote the key itself).
    public static let expected = "at least \(minimumDigits) hexadecimal digits (128 bits); \(howToMake)"

    /// Nil unless `text` (surrounding spaces ignored) is an even number, at
    /// least ``minimumDigits``, of hexadecimal digits.
    public init?(_ text: String) {
        let digits = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard digits.count >= Self.minimumDigits, digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.bytes = bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Never the key: anything that prints an options value prints this.
    public var description: String { "<private key>" }

    /// The output folder name of the unlisted album whose source folder is
    /// `path` (names from the album root): HMAC-SHA256 of the path under the
    /// key, cut to 128 bits, as 32 lowercase hex digits.
    func folderName(for path: [String]) -> String {
        Self.hex(mac("cascade unlisted album\u{0}" + path.joined(separator: "/")).prefix(16))
    }

    /// What the no-change-rebuild key holds in place of the key: a MAC of a
    /// fixed text, from which the key cannot be recovered.
    var fingerprint: String { Self.hex(mac("cascade rebuild key")) }

    /// The PBKDF2 salt of the password album whose source folder is `path`
    /// (``AlbumCipher``): HMAC-SHA256 of `password-salt` and the path under
    /// the key. One per album, the same on every build (output stays
    /// byte-identical), and not computable without the key, so no table of
    /// guesses can be made ahead for an album before its site is seen.
    func passwordSalt(for path: [String]) -> [UInt8] {
        mac("password-salt" + path.joined(separator: "/"))
    }

    private func mac(_ message: String) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let text = Array(message.utf8)
        let done = bytes.withUnsafeBufferPointer { key in
            text.withUnsafeBufferPointer { data in
                HMAC(EVP_sha256(), key.baseAddress, Int32(key.count), data.baseAddress, data.count, &out, &length)
            }
        }
        guard done != nil, length == 32 else { fatalError("OpenSSL could not compute an HMAC-SHA256") }
        return Array(out.prefix(Int(length)))
    }

    private static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }
}
