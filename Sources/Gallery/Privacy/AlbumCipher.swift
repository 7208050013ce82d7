import CLibCrypto

/// The encryption of one password album: AES-256-GCM under a key derived
/// from the password with PBKDF2-HMAC-SHA256, as WebCrypto can redo it in
/// the visitor's browser (`deriveBits`, `sign`, `decrypt`).
///
/// - **Key.** PBKDF2-HMAC-SHA256(password, salt, ``iterations``) gives 32
///   bytes, the *master*; the AES key is HMAC-SHA256(master, "cascade
///   aes-256-gcm key") and the nonce key HMAC-SHA256(master, "cascade nonce
///   key"). Only 32 bytes are asked of PBKDF2: a longer output costs the
///   visitor a second run of every iteration while a guesser checks the
///   first block alone.
/// - **Salt.** ``PrivateKey/passwordSalt(for:)``: one per album, from the
///   private key and the album's source path, so the same on every build.
///   A random salt would change every encrypted byte on every build and
///   break Cascade's rule that the same input gives byte-identical output.
/// - **Nonce.** The first 96 bits of HMAC-SHA256(nonce key, role, 0,
///   SHA-256(plaintext)), stored before the ciphertext. GCM's one hard rule
///   is never to encrypt two different plaintexts under one key with one
///   nonce: here two plaintexts share a nonce only if their SHA-256 hashes
///   collide (for the same role) or the 96-bit MAC prefixes do, which is as
///   unlikely as a random nonce colliding; equal plaintexts in the same
///   role give the same nonce and the same ciphertext, which tells nothing
///   but that they are equal — exactly what a rebuild must do. The nonce
///   depends on the secret key, so it says nothing of the plaintext.
/// - **Associated data.** The role (`check`, `chunk 3`): a chunk moved to
///   another place, or the check value offered as a chunk, fails to decrypt.
struct AlbumCipher: Sendable {
    /// OWASP's 2023 figure for PBKDF2-HMAC-SHA256. A visitor's browser runs
    /// it once per unlock (see the report for the time it takes).
    static let iterations = 600_000
    static let nonceLength = 12
    static let tagLength = 16
    /// Bytes an encrypted file holds beyond its plaintext: nonce and tag.
    static let overhead = nonceLength + tagLength
    /// What the check value holds: decrypting it tells a right password
    /// from a wrong one without fetching anything.
    static let checkText = "cascade password check"

    private let aesKey: [UInt8]
    private let nonceKey: [UInt8]

    /// Derives the keys (``iterations`` rounds: a fraction of a second).
    init(password: String, salt: [UInt8], iterations: Int = Self.iterations) {
        var master = [UInt8](repeating: 0, count: 32)
        let text = Array(password.utf8)
        let done = text.withUnsafeBufferPointer { password in
            password.withMemoryRebound(to: CChar.self) { password in
                cascade_pbkdf2_sha256(password.baseAddress, Int32(password.count), salt, Int32(salt.count),
                                      Int32(iterations), &master, Int32(master.count))
            }
        }
        guard done == 1 else { fatalError("OpenSSL could not run PBKDF2-HMAC-SHA256") }
        aesKey = Self.mac(key: master, Array("cascade aes-256-gcm key".utf8))
        nonceKey = Self.mac(key: master, Array("cascade nonce key".utf8))
    }

    /// The nonce for `plaintext` in `role` (see the type's notes).
    func nonce(role: String, plaintext: [UInt8]) -> [UInt8] {
        Array(Self.mac(key: nonceKey, Array(role.utf8) + [0] + Self.sha256(plaintext)).prefix(Self.nonceLength))
    }

    /// `plaintext` encrypted in `role`: nonce, ciphertext, tag.
    func seal(_ plaintext: [UInt8], role: String) -> [UInt8] {
        let nonce = nonce(role: role, plaintext: plaintext)
        let aad = Array(role.utf8)
        var cipher = [UInt8](repeating: 0, count: plaintext.count)
        var tag = [UInt8](repeating: 0, count: Self.tagLength)
        let done = cascade_aes256gcm_seal(aesKey, nonce, aad, Int32(aad.count), plaintext, Int32(plaintext.count),
                                          &cipher, &tag)
        guard done == 1 else { fatalError("OpenSSL could not encrypt with AES-256-GCM") }
        return nonce + cipher + tag
    }

    /// What ``seal(_:role:)`` made, decrypted; nil when the key (the
    /// password) is wrong, the role another or a byte was changed.
    func open(_ sealed: [UInt8], role: String) -> [UInt8]? {
        guard sealed.count >= Self.overhead else { return nil }
        let nonce = Array(sealed.prefix(Self.nonceLength))
        let cipher = Array(sealed.dropFirst(Self.nonceLength).dropLast(Self.tagLength))
        let tag = Array(sealed.suffix(Self.tagLength))
        let aad = Array(role.utf8)
        var plain = [UInt8](repeating: 0, count: cipher.count)
        let done = cascade_aes256gcm_open(aesKey, nonce, aad, Int32(aad.count), cipher, Int32(cipher.count), tag, &plain)
        return done == 1 ? plain : nil
    }

    /// The check value the unlock page carries.
    var check: [UInt8] { seal(Array(Self.checkText.utf8), role: "check") }

    static func mac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &out, &length)
        guard done != nil, length == 32 else { fatalError("OpenSSL could not compute an HMAC-SHA256") }
        return Array(out.prefix(32))
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_Digest(bytes, bytes.count, &out, &length, EVP_sha256(), nil) == 1, length == 32 else {
            fatalError("OpenSSL could not compute a SHA-256")
        }
        return Array(out.prefix(32))
    }
}
