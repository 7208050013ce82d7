#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ImageMetadata {
    /// The Live Photo content identifier of the iPhone MakerNote at
    /// ``appleMakerNote``, read from `source`, the bytes this metadata was
    /// read from; `nil` when there is no MakerNote, it cannot be read whole,
    /// or it holds no identifier.
    public func appleContentIdentifier(in source: some ByteSource) -> String? {
        guard let range = appleMakerNote,
              let bytes = try? source.bytes(at: range.lowerBound, count: range.count),
              bytes.count == range.count else { return nil }
        return AppleMakerNote.contentIdentifier(in: bytes)
    }

    /// ``appleContentIdentifier(in:)`` read from the file at `path` (a
    /// regular file, the one this metadata was read from).
    public func appleContentIdentifier(fileAt path: String) -> String? {
        guard appleMakerNote != nil else { return nil }
        return try? FileHeaderError.withRegularFile(at: path) { (descriptor, _) throws(HeaderError) in
            appleContentIdentifier(in: FileByteSource(descriptor: descriptor))
        }
    }
}
