import CLibCrypto

/// Streaming SHA-256 for ``ContentHash``: feed chunks of any size, in order,
/// then ``finalize()`` once.
///
/// It owns an OpenSSL digest context, so it cannot be copied (a copy would
/// share the context) and frees the context when it goes, not whenever the
/// last reference to a class would. Small chunks are gathered before they
/// reach OpenSSL: a page model's digest is fed thousands of 8-byte numbers,
/// and each `EVP_DigestUpdate` call costs about what hashing a block does.
struct ContentHasher: ~Copyable {
    private let context: OpaquePointer
    private let staging: UnsafeMutableRawBufferPointer
    private var staged = 0

    /// Bytes gathered before they are handed on; a chunk of half this or
    /// more goes straight through.
    private static let stagingSize = 1024

    /// SHA-256 fetched from OpenSSL's provider once: `EVP_sha256()` would
    /// look it up again on every digest, which dominates hashing a short
    /// text. A fetched digest is immutable, safe to share between threads,
    /// and kept for the life of the process.
    nonisolated(unsafe) private static let sha256: OpaquePointer = {
        guard let digest = EVP_MD_fetch(nil, "SHA256", nil) else {
            fatalError("OpenSSL's libcrypto offers no SHA-256 (EVP_MD_fetch failed)")
        }
        return digest
    }()

    init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, Self.sha256, nil) == 1 else {
            fatalError("OpenSSL could not start a SHA-256 digest (out of memory?)")
        }
        self.context = context
        staging = .allocate(byteCount: Self.stagingSize, alignment: 16)
    }

    deinit {
        EVP_MD_CTX_free(context)
        staging.deallocate()
    }

    /// Adds `text` length-first, so no two lists of fields hash the same
    /// bytes (`"ab", "c"` and `"a", "bc"` differ).
    mutating func combine(field text: String) {
        var text = text
        withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { combine(raw: $0) }
        text.withUTF8 { combine(raw: UnsafeRawBufferPointer($0)) }
    }

    mutating func combine(_ chunk: [UInt8]) {
        chunk.withUnsafeBytes { combine(raw: $0) }
    }

    mutating func combine(raw chunk: UnsafeRawBufferPointer) {
        guard !chunk.isEmpty else { return }
        if chunk.count >= Self.stagingSize / 2 {
            flush()
            update(chunk)
            return
        }
        if staged + chunk.count > Self.stagingSize { flush() }
        UnsafeMutableRawBufferPointer(rebasing: staging[staged..<(staged + chunk.count)]).copyMemory(from: chunk)
        staged += chunk.count
    }

    /// The digest of everything combined.
    consuming func finalize() -> ContentHash {
        finish()
    }

    /// The digest of everything combined since the last one, starting
    /// afresh: one context for many short digests (a tree stamp takes one
    /// per folder entry, and a new context costs more than hashing one).
    mutating func finish() -> ContentHash {
        flush()
        let hash = withUnsafeTemporaryAllocation(byteCount: 32, alignment: 8) { digest in
            var length: UInt32 = 0
            guard EVP_DigestFinal_ex(context, digest.baseAddress?.assumingMemoryBound(to: UInt8.self), &length) == 1,
                  length == 32, EVP_DigestInit_ex(context, Self.sha256, nil) == 1 else {
                fatalError("OpenSSL could not finish a SHA-256 digest")
            }
            return ContentHash(digest: UnsafeRawBufferPointer(digest))
        }
        return hash
    }

    private mutating func flush() {
        guard staged > 0 else { return }
        update(UnsafeRawBufferPointer(rebasing: staging[..<staged]))
        staged = 0
    }

    private func update(_ bytes: UnsafeRawBufferPointer) {
        guard EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else {
            fatalError("OpenSSL could not hash \(bytes.count) bytes")
        }
    }
}
