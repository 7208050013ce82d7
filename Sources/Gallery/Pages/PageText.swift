import CZlib

/// A rendered page's text, held deflated from the moment it is rendered
/// until it is written. A build keeps every page it rendered until the
/// renditions are made and nothing can fail any more; as plain strings the
/// pages of 100,000 photos were about a third of such a build's memory,
/// deflated (zlib level 1, about a fifth of the size) they are a small share.
struct PageText: Sendable {
    private let deflated: [UInt8]
    /// The text's length in UTF-8 bytes.
    let count: Int
    /// The digest of the text's UTF-8 bytes (what `.cascade-checked` records),
    /// taken while the text is at hand rather than by inflating it again.
    /// SHA-256 like a photo's: the text holds other people's captions, and an
    /// equal digest means the page on disk is kept unchecked, so a chosen
    /// collision would keep a stale page. It costs a fraction of deflating
    /// the same bytes.
    let digest: ContentHash

    static let empty = PageText()

    private init() {
        deflated = []
        count = 0
        digest = ContentHasher().finalize()
    }

    init(_ text: String) {
        var text = text
        count = text.utf8.count
        var hasher = ContentHasher()
        text.withUTF8 { hasher.combine(raw: UnsafeRawBufferPointer($0)) }
        digest = hasher.finalize()
        guard count > 0 else {
            deflated = []
            return
        }
        deflated = text.withUTF8 { source in
            var length = compressBound(uLong(source.count))
            var buffer = [UInt8](repeating: 0, count: Int(length))
            let status = compress2(&buffer, &length, source.baseAddress, uLong(source.count), 1)
            // zlib fails only for want of memory, when deflating a bound-sized buffer.
            precondition(status == Z_OK, "zlib compress2 failed (\(status))")
            return Array(buffer[..<Int(length)])
        }
    }

    /// Bytes held for the text.
    var storedBytes: Int { deflated.count }

    /// The text, inflated again.
    var text: String {
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { target in
            var length = uLong(count)
            let status = deflated.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
            precondition(status == Z_OK && Int(length) == count, "zlib uncompress failed (\(status))")
            return count
        }
    }
}
