import Foundation
import Testing

/// `SOURCE_DATE_EPOCH` (reproducible-builds.org): Cascade writes no time into
/// any file, and with it every file's modification time is that instant too,
/// so two machines build the same folder, times included.
struct SourceDateEpochTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-sde-\(UUID().uuidString)")
    var album: URL { root.appendingPathComponent("album") }
    var site: URL { root.appendingPathComponent("site") }

    init() throws {
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for name in ["dogs.jpg", "coffee.jpg"] {
            let copy = album.appendingPathComponent(name)
            try FileManager.default.copyItem(at: samplePhoto(name), to: copy)
            // An original older than the epoch keeps its own time.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
                                                  ofItemAtPath: copy.path)
        }
    }

    /// Modification times of every regular file under `folder`, by relative path.
    func times(_ folder: URL) throws -> [String: Int] {
        var result: [String: Int] = [:]
        let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            result[String(url.path.dropFirst(folder.path.count + 1))] = info.st_mtim.tv_sec
        }
        return result
    }

    @Test func everyFileWrittenGetsTheEpochAndOriginalsKeepEarlierTimes() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // A first build without it: the times are now.
        let plain = try Binary.run(["build", album.path, "-o", site.path, "--originals", "--keep-metadata"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let epoch = 1_700_000_000
        for round in 1...2 {
            // Over that folder (unchanged files are re-stamped), then again (nothing to do).
            let run = try Binary.run(["build", album.path, "-o", site.path, "--originals", "--keep-metadata"],
                                     environment: ["SOURCE_DATE_EPOCH": String(epoch)])
            #expect(run.status == 0, "\(run.stderr)")
            let found = try times(site)
            #expect(found.count > 10, "\(found.keys.sorted())")
            for (path, time) in found.sorted(by: { $0.key < $1.key }) {
                let isOriginal = path.hasPrefix("photos/")
                #expect(time == (isOriginal ? 1_600_000_000 : epoch), "round \(round): \(path) at \(time)")
            }
        }
    }

    @Test func anOriginalNewerThanTheEpochIsClampedToIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_000)],
                                              ofItemAtPath: album.appendingPathComponent("dogs.jpg").path)
        let run = try Binary.run(["build", album.path, "-o", site.path, "--originals", "--keep-metadata"],
                                 environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(run.status == 0, "\(run.stderr)")
        let found = try times(site)
        #expect(found["photos/dogs.jpg"] == 1_700_000_000)
        #expect(found["photos/coffee.jpg"] == 1_600_000_000)
    }

    @Test(arguments: ["yesterday", "-5", "1.5", " 17", "99999999999999999999"])
    func aMalformedEpochIsAUsageError(_ value: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["build", album.path, "-o", site.path], environment: ["SOURCE_DATE_EPOCH": value])
        #expect(run.status == 2)
        #expect(run.stderr.contains("SOURCE_DATE_EPOCH must be a whole number of seconds"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }
}
