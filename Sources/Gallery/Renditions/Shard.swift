/// One part of a build split across processes or machines, `index` of
/// `count` (1-based, as `cascade build --shard 3/4` says it).
///
/// A rendition is a pure function of its source's content hash and the
/// settings, so the work splits by hash alone: shard `I` of `N` makes the
/// renditions of every photo whose hash's first 8 bytes (the first 16 hex
/// digits of its 64-digit form), read as a big-endian `UInt64`, leave
/// remainder `I - 1` when divided by `N`. Every photo falls in exactly one
/// shard, on any machine, whatever the album order or the file names.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// The most shards one build may be split into.
    public static let maxCount = 1024

    /// Which shard, 1…``count``.
    public let index: Int
    /// How many shards, 1…``maxCount``.
    public let count: Int

    /// `nil` unless 1 ≤ `index` ≤ `count` ≤ ``maxCount``.
    public init?(index: Int, count: Int) {
        guard (1...Self.maxCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`: two decimal numbers (ASCII digits only, no sign or space).
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ part in
            !part.isEmpty && part.utf8.count <= 5 && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }), let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the photo with content hash `hash` is this shard's.
    func contains(_ hash: ContentHash) -> Bool {
        hash.words[0] % UInt64(count) == UInt64(index - 1)
    }

    /// The name of this shard's record in the output folder,
    /// `.cascade-shard-I-of-N`: distinct for every shard, so folders that
    /// shards wrote on different machines can be copied together.
    var recordName: String { ShardRecord.prefix + "\(index)-of-\(count)" }

    /// The shard a record's file name names, if it is one.
    init?(recordName name: String) {
        guard name.hasPrefix(ShardRecord.prefix) else { return nil }
        let parts = name.dropFirst(ShardRecord.prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == "of", let shard = Shard(parsing: parts[0] + "/" + parts[2]),
              shard.recordName == name else { return nil }
        self = shard
    }
}
