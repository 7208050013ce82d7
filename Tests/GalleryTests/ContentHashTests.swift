import Foundation
import Testing
@testable import Gallery

/// Issue 28: content hashes are SHA-256 (OpenSSL's), the whole digest is the
/// key, and bookkeeping an older build wrote with the old 128-bit hash is
/// discarded, never misread.
@Suite struct ContentHashTests {
    /// FIPS 180-2's examples (`sha256sum` prints the same).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownAnswers(_ text: String, _ digest: String) {
        #expect(ContentHash.of(Array(text.utf8)).description == digest)
        var hasher = ContentHasher()
        hasher.combine(Array(text.utf8))
        #expect(hasher.finalize().description == digest)
    }

    /// A million `a`s fed in odd chunks, around the hasher's gathering buffer's size and across it.
    @Test(arguments: [1, 7, 511, 512, 513, 1023, 1025, 4099, 65_537])
    func aMillionAsStreamedInChunks(_ chunk: Int) {
        let block = [UInt8](repeating: UInt8(ascii: "a"), count: chunk)
        var hasher = ContentHasher()
        var left = 1_000_000
        while left > 0 {
            let count = min(chunk, left)
            block.withUnsafeBytes { hasher.combine(raw: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            left -= count
        }
        #expect(hasher.finalize().description == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// One hasher gives digest after digest, each of what came since the last.
    @Test func finishStartsAfresh() {
        var hasher = ContentHasher()
        hasher.combine(Array("abc".utf8))
        #expect(hasher.finish() == ContentHash.of(Array("abc".utf8)))
        #expect(hasher.finish() == ContentHash.of([]))
        hasher.combine(field: "x")
        #expect(hasher.finalize() == ContentHash.of([1, 0, 0, 0, 0, 0, 0, 0, UInt8(ascii: "x")]))
    }

    /// The text form is the 64 digits; the old 32-digit form, or anything
    /// else, is no hash.
    @Test func textIsSixtyFourHexDigits() throws {
        let hash = ContentHash.of(Array("cascade".utf8))
        #expect(hash.description.count == 64)
        #expect(ContentHash(hash.description) == hash)
        #expect(ContentHash(hexBytes: ArraySlice(hash.description.utf8)) == hash)
        #expect(ContentHash(hash.description.uppercased()) == hash)
        #expect(ContentHash(hash.description.prefix(32)) == nil)
        #expect(ContentHash(hash.description + "0") == nil)
        #expect(ContentHash(String(hash.description.dropLast()) + "g") == nil)
        let first = try #require(UInt64(hash.description.prefix(16), radix: 16))
        #expect(hash.words[0] == first)
    }

    /// Every byte that is not a hex digit, put at each of the 64 places, makes
    /// the text no hash (the table-driven parse must miss none of them); a
    /// digit of either case at that place parses to its value.
    @Test func everyNonDigitAtEveryPlaceIsNoHash() throws {
        let text = Array(ContentHash.of(Array("places".utf8)).description.utf8)
        let digits = Set("0123456789abcdefABCDEF".utf8)
        for place in [0, 1, 15, 16, 31, 32, 47, 48, 62, 63] {
            for byte in UInt8.min...UInt8.max {
                var changed = text
                changed[place] = byte
                let parsed = ContentHash(hexBytes: ArraySlice(changed))
                if digits.contains(byte) {
                    let expected = try #require(ContentHash(String(decoding: changed, as: UTF8.self).lowercased()))
                    #expect(parsed == expected, "byte \(byte) at \(place)")
                } else {
                    #expect(parsed == nil, "byte \(byte) at \(place)")
                }
            }
        }
    }

    /// The key is the whole digest: two photos that differ only in their last
    /// byte (past the JPEG's end, so their pixels are the same) each get
    /// renditions of their own, named by their own full SHA-256.
    @Test func photosDifferingInTheLastByteGetTheirOwnRenditions() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        let coffee = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        try album.write("a.jpg", coffee + [0])
        try album.write("b.jpg", coffee + [1])
        let report = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates))
        let a = ContentHash.of(coffee + [0]).description, b = ContentHash.of(coffee + [1]).description
        let names = try FileManager.default.contentsOfDirectory(atPath: output.file(RenditionIndex.folder).path)
        let ofA = names.filter { $0.hasPrefix(a + "-") }, ofB = names.filter { $0.hasPrefix(b + "-") }
        #expect(!ofA.isEmpty)
        #expect(ofA.count == ofB.count)
        #expect(ofA.count + ofB.count == names.count)
        #expect(report.renditionsMade == names.count)
        let indexText = String(decoding: try Data(contentsOf: output.file(RenditionIndex.fileName)), as: UTF8.self)
        #expect(indexText.contains(a + "\t") && indexText.contains(b + "\t"))
    }

    /// Bookkeeping of the older format, with the old hash's 32 digits, reads
    /// as none: whatever its size and time say, the file is hashed again.
    @Test func olderSourceFingerprintsAreNotTrusted() throws {
        let folder = TemporaryFolder()
        try folder.write("a.jpg", Data("photo".utf8))
        let path = folder.file("a.jpg").path
        var info = stat()
        #expect(stat(path, &info) == 0)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let wrong = ContentHash.of(Array("another photo".utf8)).description
        let stored = folder.file(SourceFingerprints.fileName)
        for (header, hash) in [(SourceFingerprints.header, wrong), ("cascade-sources 2", wrong),
                               ("cascade-sources 2", String(wrong.prefix(32))), (SourceFingerprints.header, String(wrong.prefix(32)))] {
            try Data("\(header)\n\(hash)\t5\t\(modified)\ta.jpg\n".utf8).write(to: stored)
            let loaded = SourceFingerprints(loadingFrom: stored)
            let found = try loaded.fingerprint(ofFileAt: path, name: "a.jpg").hash
            // Only the current format is trusted (so the wrong hash shows it was read).
            let trusted = header == SourceFingerprints.header && hash.count == 64
            #expect(found == (trusted ? ContentHash(wrong) : ContentHash.of(Array("photo".utf8))), "\(header) \(hash.count)")
        }
    }

    /// A rendition index without the current header (an older one's, or
    /// none) is none; the current one is read.
    @Test func olderRenditionIndexesAreNone() throws {
        let folder = TemporaryFolder()
        let hash = ContentHash.of(Array("photo".utf8))
        let stored = folder.file(RenditionIndex.fileName)
        let line = "\(hash)\tsrgb\t80\t320\t200\t\(RenditionIndex.namePrefix(hash))320q80.jpg\n"
        let oldLine = "\(hash.description.prefix(32))\tsrgb\t80\t320\t200\trenditions/\(hash.description.prefix(20))-320q80.jpg\n"
        for (text, read) in [(RenditionIndex.header + "\n" + line, true), ("cascade-renditions 2\n" + line, false),
                             (line, false), ("cascade-renditions 2\n" + oldLine, false), (oldLine, false)] {
            try Data(text.utf8).write(to: stored)
            let found = RenditionIndex(loadingFrom: stored).existing(hash: hash, space: .gammaEncoded, width: 320, quality: 80)
            #expect((found != nil) == read, "\(text.debugDescription)")
        }
    }

    /// An output folder an older build left (32-digit hashes in its
    /// bookkeeping, renditions named by 20 of them) is rebuilt in full and
    /// comes out as a cold build's, with none of the old files left.
    @Test func anOlderBuildsOutputIsRebuiltAsACold() throws {
        let album = TemporaryFolder(), output = TemporaryFolder(), cold = TemporaryFolder()
        for name in ["coffee.jpg", "chelsea.png"] {
            try album.write(name, try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent(name)))
        }
        let options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates)
        let first = try Site.build(options)
        try OlderOutput.rewrite(output.url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.file(RenditionIndex.folder).path)
            .allSatisfy { $0.split(separator: "-").first?.count == 20 })
        let second = try Site.build(options)
        #expect(second.renditionsMade == first.renditionsMade)
        _ = try Site.build(BuildOptions(album: album.url, output: cold.url, templates: Repo.templates))
        let rebuilt = try snapshot(output.url), expected = try snapshot(cold.url)
        #expect(rebuilt.keys.sorted() == expected.keys.sorted())
        #expect(rebuilt == expected)
    }
}

/// Turns a built output folder into what an older build would have left:
/// every content hash cut to 32 digits in the bookkeeping, renditions
/// renamed to 20-digit names (in the files that name them too), and the
/// bookkeeping files' older headers.
private enum OlderOutput {
    static func rewrite(_ site: URL) throws {
        let sources = String(decoding: try Data(contentsOf: site.appendingPathComponent(SourceFingerprints.fileName)), as: UTF8.self)
        let hashes = sources.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) }
        #expect(!hashes.isEmpty)
        let headers = [(SourceFingerprints.header, "cascade-sources 2"), (RenditionIndex.header, "cascade-renditions 2"),
                       (MarkupVerdicts.header, "cascade-checked 4")]
        for (relative, data) in try snapshot(site) {
            let url = site.appendingPathComponent(relative)
            var text = String(decoding: data, as: UTF8.self)
            if relative.hasSuffix(".html") || relative.hasPrefix(".cascade-") {
                for hash in hashes {
                    text = text.replacingOccurrences(of: hash + "\t", with: hash.prefix(32) + "\t")
                        .replacingOccurrences(of: hash + "-", with: hash.prefix(20) + "-")
                }
                for (new, old) in headers where text.hasPrefix(new + "\n") { text = old + text.dropFirst(new.count) }
                try Data(text.utf8).write(to: url)
            }
            if let hash = hashes.first(where: { hash in ContentHash(hash).map { relative.hasPrefix(RenditionIndex.namePrefix($0)) } ?? false }) {
                let renamed = site.appendingPathComponent(relative.replacingOccurrences(of: hash + "-", with: hash.prefix(20) + "-"))
                try FileManager.default.moveItem(at: url, to: renamed)
            }
        }
        // No stamp: the older build's snapshot and album records are of another version.
        BuildSnapshot.remove(from: site)
    }
}
