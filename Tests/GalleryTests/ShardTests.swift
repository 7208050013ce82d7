import Foundation
import Testing
import Thumbnails
@testable import Gallery

/// The sample records' hash: 64 hex digits, its first 16 a known word.
private let hex = "123456789abcdef0" + String(repeating: "0", count: 46) + "2a"

/// The pure parts of `--shard`: which shard a hash falls in, the record's
/// text, and the lock shards share.
@Suite struct ShardTests {
    @Test(arguments: [("1/1", 1, 1), ("3/4", 3, 4), ("4/4", 4, 4), ("1024/1024", 1024, 1024), ("07/8", 7, 8)])
    func parsesIndexOfCount(_ text: String, _ index: Int, _ count: Int) {
        #expect(Shard(parsing: text) == Shard(index: index, count: count))
        #expect(Shard(parsing: text)?.index == index)
    }

    @Test(arguments: ["0/4", "5/4", "1/0", "0/0", "a/b", "1/1025", "-1/4", "+1/4", "1/+4", " 1/4", "1/4 ", "1/4/2",
                      "1", "/4", "1/", "", "１/4", "99999999999999999999/1"])
    func rejects(_ text: String) {
        #expect(Shard(parsing: text) == nil)
    }

    /// The documented function: the first 8 bytes of the hash, big-endian, mod N.
    @Test func aHashFallsInTheShardOfItsFirstEightBytesModN() throws {
        let five = try #require(ContentHash("0000000000000005" + String(repeating: "f", count: 48)))
        #expect(Shard(index: 2, count: 4)!.contains(five))
        #expect(!Shard(index: 1, count: 4)!.contains(five))
        #expect(Shard(index: 1, count: 5)!.contains(five))
        let top = try #require(ContentHash("ffffffffffffffff" + String(repeating: "0", count: 48)))
        #expect(Shard(index: 1, count: 3)!.contains(top))  // 2^64 - 1 is divisible by 3
        #expect(Shard(index: 16, count: 1024)!.contains(try #require(ContentHash("000000000000040f" + String(repeating: "0", count: 48)))))
    }

    /// Every hash is in exactly one shard, whatever N.
    @Test(arguments: [1, 2, 3, 4, 7, 64, 1024])
    func shardsPartitionTheHashes(_ count: Int) {
        var sizes = [Int](repeating: 0, count: count)
        for seed in 0..<2000 {
            let hash = ContentHash.of(Array("photo \(seed)".utf8))
            let holders = (1...count).filter { Shard(index: $0, count: count)!.contains(hash) }
            #expect(holders.count == 1)
            if let holder = holders.first { sizes[holder - 1] += 1 }
        }
        // Well mixed: no shard of a few gets much more than its share.
        if count <= 7 { #expect(sizes.allSatisfy { abs($0 - 2000 / count) < 2000 / count / 4 }, "\(sizes)") }
    }

    @Test func recordNamesRoundTripAndNothingElseIsOne() {
        let shard = Shard(index: 3, count: 4)!
        #expect(shard.recordName == ".cascade-shard-3-of-4")
        #expect(Shard(recordName: ".cascade-shard-3-of-4") == shard)
        for name in [".cascade-shard-0-of-4", ".cascade-shard-03-of-4", ".cascade-shard-3-of-4x", ".cascade-shard-5-of-4",
                     ".cascade-shard-3-4", "cascade-shard-3-of-4", ".cascade-shard--3-of-4", ".cascade-manifest"] {
            #expect(Shard(recordName: name) == nil, "\(name)")
        }
    }

    private static let hash = ContentHash(words: [0x1234_5678_9abc_def0, 0, 0, 42])

    private static let sample = ShardRecord(
        shard: Shard(index: 2, count: 3)!, settings: ShardRecord.settingsText(RenditionSettings()),
        entries: [ShardRecord.Entry(made: true, hash: hash, space: .gammaEncoded, quality: 80, width: 320, height: 213, size: 9000),
                  ShardRecord.Entry(made: true, hash: hash, space: .linearLight, quality: nil, width: 640, height: 426, size: 90000),
                  ShardRecord.Entry(made: false, hash: hash, space: .gammaEncoded, quality: 80, width: 960)])

    @Test func aRecordReadsBackAsWritten() throws {
        let text = Self.sample.serialized
        #expect(text.hasPrefix("cascade-shard 2\nshard\t2/3\nsettings\tquality=80 space=srgb widths=320,480,640,960,1280,1920,2560 large=2048\n"))
        #expect(text.contains("made\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-320q80.jpg\n"))
        let read = try #require(ShardRecord(parsing: Array(text.utf8), expected: Self.sample.shard))
        #expect(read.settings == Self.sample.settings)
        #expect(read.entries.sorted { $0.path < $1.path } == Self.sample.entries.sorted { $0.path < $1.path })
    }

    /// A record is only one whose first lines say so, for the shard its name names.
    @Test func aFileThatIsNotTheNamedShardsRecordIsNone() {
        let text = Self.sample.serialized
        #expect(ShardRecord(parsing: Array(text.utf8), expected: Shard(index: 1, count: 3)!) == nil)
        #expect(ShardRecord(parsing: Array(text.dropFirst().utf8), expected: Self.sample.shard) == nil)
        #expect(ShardRecord(parsing: Array("my notes\n".utf8), expected: Self.sample.shard) == nil)
        #expect(ShardRecord(parsing: [], expected: Self.sample.shard) == nil)
    }

    /// Lines whose path is not the one their own fields give, or that do not
    /// decode, are dropped; the rest of the record stands.
    @Test(arguments: [
        "made\t\(hex)\tsrgb\t80\t320\t213\t9000\t../x",
        "made\t\(hex)\tsrgb\t80\t320\t213\t9000\tindex.html",
        "made\t\(hex)\tsrgb\t80\t320\t213\t9000\t/etc/passwd",
        "made\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\("ffff" + hex.dropFirst(4))-320q80.jpg",
        "made\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-480q80.jpg",
        "made\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-320q80.png",
        "made\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-320q80.jpg\textra",
        "made\t\(hex)\tsrgb\t80\t320\t-\t-\trenditions/\(hex)-320q80.jpg",
        "made\t\(hex)\tsrgb\t80\t0320\t213\t9000\trenditions/\(hex)-320q80.jpg",
        "made\t\(hex)\tsrgb\t101\t320\t213\t9000\trenditions/\(hex)-320q101.jpg",
        "made\t\(hex)\tsrgb\t80\t-320\t213\t9000\trenditions/\(hex)--320q80.jpg",
        "intent\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-320q80.jpg",
        "kept\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-320q80.jpg",
        "made\t\(hex.dropFirst())\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-320q80.jpg",
        // An older record's line: a 32-digit hash of the old function, its 20-digit file name.
        "made\t123456789abcdef0000000000000002a\tsrgb\t80\t320\t213\t9000\trenditions/123456789abcdef00000-320q80.jpg",
        "made\t\(hex)\tlab\t80\t320\t213\t9000\trenditions/\(hex)-320q80.jpg",
    ])
    func aForgedLineIsDropped(_ line: String) throws {
        let good = "made\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-320q80.jpg"
        let head = "cascade-shard 2\nshard\t1/1\nsettings\tx\n"
        let control = try #require(ShardRecord(parsing: Array((head + good + "\n").utf8), expected: Shard(index: 1, count: 1)!))
        #expect(control.entries.count == 1)
        let read = try #require(ShardRecord(parsing: Array((head + line + "\n").utf8), expected: Shard(index: 1, count: 1)!))
        #expect(read.entries.isEmpty, "\(read.entries)")
    }

    /// A record of the older format (32-digit hashes of the old function) is
    /// none, even where its lines would decode.
    @Test func anOlderRecordIsNone() {
        let old = "cascade-shard 1\nshard\t1/1\nsettings\tx\n"
            + "made\t\(hex)\tsrgb\t80\t320\t213\t9000\trenditions/\(hex)-320q80.jpg\n"
        #expect(ShardRecord(parsing: Array(old.utf8), expected: Shard(index: 1, count: 1)!) == nil)
    }

    /// Shards hold the lock together; a full build holds it alone.
    @Test func shardsShareTheLockAndAFullBuildExcludesThem() throws {
        let output = TemporaryFolder()
        do {
            let first = try OutputLock(root: output.url, displayName: "out", shared: true)
            let second = try OutputLock(root: output.url, displayName: "out", shared: true)
            #expect {
                try OutputLock(root: output.url, displayName: "out")
            } throws: { error in
                guard case .outputBusy(_, let pid)? = error as? BuildError else { return false }
                return pid == getpid()
            }
            withExtendedLifetime((first, second)) {}
        }
        // The last shard to let go leaves the file empty, as a full build does.
        #expect(try Data(contentsOf: output.file(OutputLock.fileName)).isEmpty)
        do {
            let full = try OutputLock(root: output.url, displayName: "out")
            #expect(throws: BuildError.self) { try OutputLock(root: output.url, displayName: "out", shared: true) }
            withExtendedLifetime(full) {}
        }
        _ = try OutputLock(root: output.url, displayName: "out", shared: true)
    }

    /// A shard writes renditions and its record, no page and no manifest
    /// entry; the build after it takes them and leaves no record behind.
    @Test func aShardWritesNoPagesAndTheNextBuildConsumesItsRecord() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try album.write("coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        var options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates)
        options.shard = Shard(index: 1, count: 1)
        let shard = try Site.build(options)
        #expect(shard.renditionsMade > 0)
        #expect(shard.pages == 0)
        #expect(!FileManager.default.fileExists(atPath: output.file("index.html").path))
        #expect(try Data(contentsOf: output.file(OutputFolder.manifestName)) == Data("cascade-manifest 2\n".utf8))
        #expect(FileManager.default.fileExists(atPath: output.file(".cascade-shard-1-of-1").path))
        options.shard = nil
        let final = try Site.build(options)
        #expect(final.renditionsMade == 0)
        #expect(final.renditionsKept == shard.renditionsMade)
        #expect(!FileManager.default.fileExists(atPath: output.file(".cascade-shard-1-of-1").path))
    }
}
