import Foundation
import Synchronization
import Testing

/// `cascade build --shard I/N`, run as the real binary: shards at once into
/// one folder, or each into its own folder merged by copying, then one build
/// without `--shard` — byte for byte the site one build writes, with nothing
/// left to encode and nothing shard-specific left over.
@Suite struct ShardCommandTests {
    /// Four shard processes at the same time into one folder, then the final build.
    @Test func fourConcurrentShardsAndAFinalBuildWriteWhatOneBuildWrites() throws {
        let scratch = try Scratch()
        let one = try scratch.buildOnce()
        let site = scratch.folder("site")
        let runs = Mutex<[Int: Run]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { position in
            let run = (try? Binary.run(["build", scratch.album.path, "-o", site.path, "--shard", "\(position + 1)/4",
                                        "--json", "--jobs", "1"]))
                ?? Run(status: -1, stdout: "", stderr: "did not run")
            runs.withLock { $0[position + 1] = run }
        }
        let shards = runs.withLock { $0 }
        for index in 1...4 { #expect(shards[index]?.status == 0, "shard \(index): \(shards[index]?.stderr ?? "")") }
        try expectShardsSplitTheWork(site, count: 4, everything: renditions(in: one))

        let final = try Binary.run(["build", scratch.album.path, "-o", site.path, "--json"])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(final.stdout.contains("\"renditions\":{\"made\":0,"), "\(final.stdout)")
        #expect(try Tree(site) == Tree(one))
    }

    /// As a CI matrix runs it: each shard into a folder of its own (its own
    /// machine), the folders copied together, then the final build.
    @Test func shardsInSeparateFoldersMergedByCopyingWriteWhatOneBuildWrites() throws {
        let scratch = try Scratch()
        let one = try scratch.buildOnce()
        let merged = scratch.folder("merged")
        for index in 1...4 {
            let own = scratch.folder("shard-\(index)")
            let run = try Binary.run(["build", scratch.album.path, "-o", own.path, "--shard", "\(index)/4"])
            #expect(run.status == 0, "\(run.stderr)")
            try copyTogether(own, into: merged)
        }
        try expectShardsSplitTheWork(merged, count: 4, everything: renditions(in: one))
        let final = try Binary.run(["build", scratch.album.path, "-o", merged.path, "--json"])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(final.stdout.contains("\"renditions\":{\"made\":0,"), "\(final.stdout)")
        #expect(try Tree(merged) == Tree(one))
    }

    /// Shards over a folder an earlier build wrote (a CI cache): they make
    /// only a new photo's renditions, the final build removes a deleted
    /// photo's, and the site is what one build of the album as it is now writes.
    @Test func shardsOverAnEarlierBuildMakeOnlyWhatChanged() throws {
        let scratch = try Scratch()
        let site = scratch.folder("site")
        #expect(try Binary.run(["build", scratch.album.path, "-o", site.path]).status == 0)
        let before = try renditions(in: site)
        try FileManager.default.removeItem(at: scratch.album.appendingPathComponent("bridge.jpg"))
        try FileManager.default.copyItem(at: samplePhoto("dogs.jpg"), to: scratch.album.appendingPathComponent("dogs.jpg"))
        var made = 0
        for index in 1...2 {
            let run = try Binary.run(["build", scratch.album.path, "-o", site.path, "--shard", "\(index)/2", "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            made += Int(run.stdout.split(separator: "\"made\":").last?.prefix { $0.isNumber } ?? "") ?? -100
        }
        let one = try scratch.buildOnce()
        let dogs = try renditions(in: one).subtracting(before)
        #expect(made == dogs.count && made > 0)
        let final = try Binary.run(["build", scratch.album.path, "-o", site.path, "--json"])
        #expect(final.stdout.contains("\"renditions\":{\"made\":0,"), "\(final.stdout)")
        #expect(try Tree(site) == Tree(one))
    }

    /// Forged lines in a shard's record: a path out of the folder, a path that
    /// is no rendition (the user's file), another photo's rendition claimed
    /// under this one's hash. None is trusted, nothing is deleted, and the
    /// final build makes what those lines claimed again.
    @Test func forgedRecordLinesAreNotTrusted() throws {
        let scratch = try Scratch()
        let one = try scratch.buildOnce()
        let site = scratch.folder("site")
        try scratch.shard(1, of: 1, into: site)
        let record = site.appendingPathComponent(".cascade-shard-1-of-1")
        var lines = try String(decoding: Data(contentsOf: record), as: UTF8.self).split(separator: "\n").map(String.init)
        let made = lines.filter { $0.hasPrefix("made\t") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(made.count > 2)
        let outside = scratch.root.appendingPathComponent("x")
        try Data("mine".utf8).write(to: outside)
        try Data("my notes".utf8).write(to: site.appendingPathComponent("notes.txt"))
        func forged(_ fields: [String], path: String) -> String { (fields.dropLast() + [path]).joined(separator: "\t") }
        // Two renditions the shard did not make after all, claimed by forged lines.
        let other = try #require(made.first { $0[1] != made[0][1] && $0[1] != made[1][1] })
        for fields in made.prefix(2) {
            lines.removeAll { $0 == fields.joined(separator: "\t") }
            try FileManager.default.removeItem(at: site.appendingPathComponent(fields[7]))
        }
        lines += [forged(made[0], path: "../x"), forged(made[1], path: "notes.txt"),
                  forged(made[0], path: other[7])]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: record)

        let final = try Binary.run(["build", scratch.album.path, "-o", site.path, "--json"])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(final.stdout.contains("\"renditions\":{\"made\":2,"), "\(final.stdout)")
        #expect(try Data(contentsOf: outside) == Data("mine".utf8))
        #expect(try Data(contentsOf: site.appendingPathComponent("notes.txt")) == Data("my notes".utf8))
        try FileManager.default.removeItem(at: site.appendingPathComponent("notes.txt"))
        #expect(try Tree(site) == Tree(one))
    }

    /// A rendition a record lists replaced by a symbolic link (to a true copy,
    /// so size and header would pass through it): not trusted, not touched —
    /// the final build stops as for any file Cascade did not make.
    @Test func aSymbolicLinkWhereARecordSaysARenditionIsNeverTrustedOrReplaced() throws {
        let scratch = try Scratch()
        let site = scratch.folder("site")
        try scratch.shard(1, of: 1, into: site)
        let rendition = try #require(renditions(in: site).sorted().first)
        let target = scratch.root.appendingPathComponent("copy.jpg")
        try FileManager.default.moveItem(at: site.appendingPathComponent(rendition), to: target)
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent(rendition), withDestinationURL: target)
        let before = try Data(contentsOf: target)

        let final = try Binary.run(["build", scratch.album.path, "-o", site.path])
        #expect(final.status == 1)
        #expect(final.stderr.contains("\(rendition)' exists and was not made by Cascade"), "\(final.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent(rendition).path) == target.path)
        #expect(try Data(contentsOf: target) == before)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
    }

    /// What else a record must agree with: the file's size, the settings,
    /// and `made` (a shard killed after its intent leaves only `intent`
    /// lines). Each is made again, over files the record claims as Cascade's,
    /// and the site is still exactly one build's.
    @Test(arguments: ["size", "settings", "killed"])
    func aRenditionTheRecordCannotVouchForIsMadeAgain(_ damage: String) throws {
        let scratch = try Scratch()
        let one = try scratch.buildOnce()
        let site = scratch.folder("site")
        try scratch.shard(1, of: 1, into: site, extra: damage == "settings" ? ["--quality", "70"] : [])
        let record = site.appendingPathComponent(".cascade-shard-1-of-1")
        let all = try renditions(in: site)
        switch damage {
        case "size":
            let handle = try FileHandle(forWritingTo: site.appendingPathComponent(all.sorted()[0]))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([0]))
            try handle.close()
        case "killed":
            let text = String(decoding: try Data(contentsOf: record), as: UTF8.self).split(separator: "\n").map { line in
                guard line.hasPrefix("made\t") else { return String(line) }
                var fields = line.split(separator: "\t").map(String.init)
                fields[0] = "intent"; fields[5] = "-"; fields[6] = "-"
                return fields.joined(separator: "\t")
            }
            try Data((text.joined(separator: "\n") + "\n").utf8).write(to: record)
        default: break
        }
        let final = try Binary.run(["build", scratch.album.path, "-o", site.path, "--json"])
        #expect(final.status == 0, "\(final.stderr)")
        let expected = damage == "size" ? 1 : try renditions(in: one).count
        #expect(final.stdout.contains("\"renditions\":{\"made\":\(expected),"), "\(final.stdout)")
        #expect(try Tree(site) == Tree(one))
    }

    /// A shard killed (SIGKILL) at some moment of its work: the final build
    /// takes what it wrote as Cascade's, makes the rest, removes its
    /// temporary files, and the site is exactly one build's.
    @Test(arguments: [0.15, 0.45, 0.75])
    func aShardKilledMidWayLeavesNothingTheFinalBuildTakesForTheUsers(_ fraction: Double) throws {
        let scratch = try Scratch()
        let one = try scratch.buildOnce()
        // The kill lands at a fraction of how long a whole shard takes here,
        // so it falls inside the work on a fast machine and a slow one alike.
        let started = Date()
        let whole = try Binary.run(["build", scratch.album.path, "-o", scratch.folder("timed").path, "--shard", "1/1", "--jobs", "2"])
        #expect(whole.status == 0, "\(whole.stderr)")
        var seconds = Date().timeIntervalSince(started) * fraction
        let site = scratch.folder("site")
        // A shard that finished before its kill (the machine got faster
        // between the runs) is run again into an empty folder and killed
        // sooner: at most four tries.
        var killed = false
        for _ in 0..<4 where !killed {
            let process = Process()
            process.executableURL = try Binary.url()
            process.arguments = ["build", scratch.album.path, "-o", site.path, "--shard", "1/1", "--jobs", "2"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(seconds * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            killed = process.terminationReason == .uncaughtSignal
            if !killed {
                try? FileManager.default.removeItem(at: site)
                seconds /= 2
            }
        }
        #expect(killed, "the shard finished before every kill")

        let final = try Binary.run(["build", scratch.album.path, "-o", site.path])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(try Tree(site) == Tree(one))
    }

    /// A full build never overlaps a shard (the lock held shared), nor a
    /// shard a full build; shards overlap each other.
    @Test func aFullBuildWhileAShardHoldsTheFolderIsRefusedNamingIt() throws {
        let scratch = try Scratch()
        let site = scratch.folder("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        // This test process plays a running shard: the lock shared, its pid in the file.
        let descriptor = open(site.appendingPathComponent(".cascade-lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_SH | LOCK_NB) == 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }

        let full = try Binary.run(["build", scratch.album.path, "-o", site.path])
        #expect(full.status == 1)
        #expect(full.stderr.contains("is being built by another cascade (pid \(getpid()))"), "\(full.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
        let shard = try Binary.run(["build", scratch.album.path, "-o", site.path, "--shard", "1/2"])
        #expect(shard.status == 0, "\(shard.stderr)")

        // Now as a full build holding it: a shard is refused too.
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let refused = try Binary.run(["build", scratch.album.path, "-o", site.path, "--shard", "2/2"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is being built by another cascade"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent(".cascade-shard-2-of-2").path))
    }

    /// The CI examples run the command this suite tests, with each runner's own index and total.
    @Test(arguments: [("github-actions-shards.yml", "--shard \"${{ matrix.shard }}/${{ strategy.job-total }}\""),
                      ("gitlab-ci-shards.yml", "--shard \"$CI_NODE_INDEX/$CI_NODE_TOTAL\""),
                      ("kubernetes-indexed-job.yaml", "--shard \"$((JOB_COMPLETION_INDEX + 1))/$SHARDS\"")])
    func theCIExamplesRunEveryShardThenTheFinalBuild(_ file: String, _ shardOption: String) throws {
        let text = String(decoding: try Data(contentsOf: repo("docs/ci/" + file)), as: UTF8.self)
        #expect(text.contains(shardOption))
        #expect(text.contains("build \"$ALBUM\" --output site --json") || text.contains("build /album --output /site --json\n"))
        if file.hasPrefix("github") { #expect(text.components(separatedBy: "include-hidden-files: true").count == 3) }
    }

    @Test(arguments: ["0/4", "5/4", "a/b", "1/0", "1/1025", "-1/4", "+1/4", "1/4/2", "1", " 1/4", "1/", ""])
    func aBadShardIsAUsageError(_ value: String) throws {
        let run = try Binary.run(["build", "--shard", value])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--shard needs"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}

/// Checks the records the shards left: each lists only renditions of its
/// own hashes, no two list the same file, and together they list every
/// rendition one build makes.
private func expectShardsSplitTheWork(_ site: URL, count: Int, everything: Set<String>) throws {
    var union = Set<String>()
    var total = 0
    for index in 1...count {
        let text = String(decoding: try Data(contentsOf: site.appendingPathComponent(".cascade-shard-\(index)-of-\(count)")),
                          as: UTF8.self)
        #expect(text.hasPrefix("cascade-shard 2\nshard\t\(index)/\(count)\n"))
        let made = text.split(separator: "\n").filter { $0.hasPrefix("made\t") }.map { $0.split(separator: "\t") }
        #expect(text.split(separator: "\n").count == made.count + 3, "only made lines once a shard is done")
        for fields in made {
            let first = try #require(UInt64(fields[1].prefix(16), radix: 16))
            #expect(Int(first % UInt64(count)) == index - 1, "\(fields[7]) in shard \(index)")
        }
        union.formUnion(made.map { String($0[7]) })
        total += made.count
    }
    #expect(total == union.count, "no rendition made by two shards")
    #expect(union == everything)
}

/// The rendition files of a site.
private func renditions(in site: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("renditions").path)
        .filter { !$0.hasPrefix(".") }.map { "renditions/" + $0 })
}

/// Copies every file of `from` into `into`, as downloading every job's artifact into one folder does.
private func copyTogether(_ from: URL, into: URL) throws {
    let files = FileManager.default
    guard let walker = files.enumerator(atPath: from.path) else { return }
    for case let relative as String in walker {
        let source = from.appendingPathComponent(relative), target = into.appendingPathComponent(relative)
        var isFolder: ObjCBool = false
        guard files.fileExists(atPath: source.path, isDirectory: &isFolder) else { continue }
        if isFolder.boolValue {
            try files.createDirectory(at: target, withIntermediateDirectories: true)
        } else {
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if files.fileExists(atPath: target.path) { try files.removeItem(at: target) }
            try files.copyItem(at: source, to: target)
        }
    }
}

/// Everything in a folder: each file's bytes, each link's target, each folder, by relative path.
private struct Tree: Equatable, CustomStringConvertible {
    var entries: [String: Data] = [:]

    init(_ folder: URL) throws {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return }
        for case let relative as String in walker {
            let path = folder.appendingPathComponent(relative).path
            let type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?: entries[relative] = Data("folder".utf8)
            case .typeSymbolicLink?: entries[relative] = Data(("link " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))).utf8)
            default: entries[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
    }

    var description: String { entries.keys.sorted().map { "\($0) \(entries[$0]!.count)" }.joined(separator: "\n") }
}

/// A small album of two folders (a PNG, and one photo twice) in a fresh folder.
private final class Scratch: Sendable {
    let root: URL
    let album: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-shard-\(UUID().uuidString)")
        album = root.appendingPathComponent("album")
        let sub = album.appendingPathComponent("Small things")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        for name in ["rocket.jpg", "bridge-cables.jpg", "bridge.jpg", "chelsea.png"] {
            try FileManager.default.copyItem(at: samplePhoto(name), to: album.appendingPathComponent(name))
        }
        for name in ["dandelion-strip.jpg", "coffee.jpg", "lamp-bird-tall.jpg", "lamp-bird.jpg", "rocket.jpg"] {
            try FileManager.default.copyItem(at: samplePhoto(name), to: sub.appendingPathComponent(name))
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func folder(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// One ordinary build into `one`, the reference.
    func buildOnce() throws -> URL {
        let one = folder("one")
        let run = try Binary.run(["build", album.path, "-o", one.path])
        #expect(run.status == 0, "\(run.stderr)")
        return one
    }

    func shard(_ index: Int, of count: Int, into site: URL, extra: [String] = []) throws {
        let run = try Binary.run(["build", album.path, "-o", site.path, "--shard", "\(index)/\(count)"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
