import Foundation
import Testing

struct UsageCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var mentions: String
    var testDescription: String { arguments.joined(separator: " ") }
}

@Test(arguments: [
    UsageCase(arguments: [], mentions: "missing command"),
    UsageCase(arguments: ["frobnicate"], mentions: "unknown command 'frobnicate'"),
    UsageCase(arguments: ["--frob"], mentions: "unknown option '--frob'"),
    UsageCase(arguments: ["build", "--bogus"], mentions: "unknown option '--bogus'"),
    UsageCase(arguments: ["build", "--output"], mentions: "--output needs a folder"),
    UsageCase(arguments: ["build", "a", "b"], mentions: "unexpected argument 'b'"),
    UsageCase(arguments: ["build", "--strict=yes"], mentions: "--strict takes no value"),
    UsageCase(arguments: ["build", "does-not-exist", "--output", "/tmp/cascade-unused"], mentions: "does not exist"),
    UsageCase(arguments: ["build", "--formats", "avif,wepb"], mentions: "--formats does not know the format 'wepb' (did you mean 'webp'?)"),
    UsageCase(arguments: ["build", "--formats", "gif"], mentions: "known: avif, webp, jpeg"),
    UsageCase(arguments: ["serve", "--formats", "avif,,webp"], mentions: "--formats needs formats separated by commas"),
    UsageCase(arguments: ["build", "--formats"], mentions: "--formats needs a list such as avif,webp,jpeg"),
    UsageCase(arguments: ["build", "--jobs", "-3"], mentions: "--jobs needs a whole number from 1 to 256, not '-3'"),
    UsageCase(arguments: ["build", "--photos-per-page", "-1"], mentions: "--photos-per-page needs a whole number from 0 to 1000000 (0: every photo on one page), not '-1'"),
    UsageCase(arguments: ["build", "--output", "-x"], mentions: "--output needs a folder"),
])
func usageErrorsExit2WithOneLine(_ c: UsageCase) throws {
    let run = try Binary.run(c.arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(run.stderr.contains(c.mentions), "\(run.stderr)")
}

@Test func helpAndVersion() throws {
    let help = try Binary.run(["help", "build"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("cascade build [ALBUM] [--output DIR] [--templates DIR] [--strict]"))
    let version = try Binary.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("cascade "))
}

@Test func buildPrintsThePagePathAndStrictFailsWithExit1() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
    let site = temporary.appendingPathComponent("site")

    let run = try Binary.run(["build", album.path, "--output", site.path, "--templates", repo("Templates").path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == site.appendingPathComponent("index.html").path + "\n")

    try Data("not an image".utf8).write(to: album.appendingPathComponent("x.jpg"))
    let lenient = try Binary.run(["build", album.path, "-o", site.path, "-t", repo("Templates").path])
    #expect(lenient.status == 0)
    #expect(lenient.stderr.contains("warning: skipped '\(album.path)/x.jpg'"))
    let strict = try Binary.run(["build", album.path, "--output=\(site.path)", "--templates", repo("Templates").path, "--strict"])
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("x.jpg"))
}

@Test func aStaleAlbumJsonEntryIsANoteNotASkippedFile() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
    try Data(#"{"cover": "old.jpg", "photos": {"gone.jpg": {"caption": "x"}}}"#.utf8).write(to: album.appendingPathComponent("album.json"))
    let run = try Binary.run(["build", album.path, "--output", temporary.appendingPathComponent("site").path,
                              "--templates", repo("Templates").path, "--strict"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("cascade: note: '\(album.path)/album.json': photos[\"gone.jpg\"] names no image of the album\n"))
    #expect(run.stderr.contains("cascade: note: '\(album.path)/album.json': \"cover\" \"old.jpg\" names no photo or sub-album"))
    #expect(!run.stderr.contains("warning"))
    #expect(run.stderr.contains("cascade: built 1 photo, 2 notes\n"), "\(run.stderr)")
}

func repo(_ path: String) -> URL { Binary.repo.appendingPathComponent(path) }

/// A test photo by file name (`Tests/Fixtures/SamplePhotos`: real photographs
/// with made-up EXIF, apart from the shipped sample album).
func samplePhoto(_ name: String) -> URL {
    Binary.repo.appendingPathComponent("Tests/Fixtures/SamplePhotos").appendingPathComponent(name)
}

/// `--json` prints one summary object (documented in the README) instead of
/// the page's path; `--quiet` prints nothing but errors;
/// `--verbose` adds the seconds per stage.
@Test func buildSummaryForScriptsQuietAndVerbose() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-json-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
    try FileManager.default.copyItem(at: samplePhoto("wine.jpg"), to: album.appendingPathComponent("sub/wine.jpg"))
    try Data("not an image".utf8).write(to: album.appendingPathComponent("broken.jpg"))
    let clip = Binary.repo.appendingPathComponent("Tests/ImageHeadersTests/Fixtures/video/iphone-hevc.mov")
    try FileManager.default.copyItem(at: clip, to: album.appendingPathComponent("clip.mov"))
    let site = temporary.appendingPathComponent("site")

    // --no-video: the clip is left out without a warning (it is counted), whether or not ffmpeg is here.
    let first = try Binary.run(["build", album.path, "--output", site.path, "--json", "--no-video"])
    #expect(first.status == 0, "\(first.stderr)")
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
    #expect(summary["albums"] as? Int == 2)
    #expect(summary["photos"] as? Int == 2)
    #expect(summary["pages"] as? Int == 4)
    let renditions = try #require(summary["renditions"] as? [String: Int])
    #expect(renditions["made"]! > 0 && renditions["reused"] == 0)
    let warnings = try #require(summary["warnings"] as? [[String: String]])
    #expect(warnings.compactMap { $0["path"].map { ($0 as NSString).lastPathComponent } } == ["broken.jpg"])
    #expect(summary["videos"] as? [String: Int] == ["published": 0, "skipped": 1])
    let seconds = try #require(summary["seconds"] as? [String: Double])
    #expect(Set(seconds.keys) == ["scan", "hash", "pages", "renditions", "write", "total"])
    #expect(first.stdout.split(separator: "\n").count == 1)

    // Again, quietly, after removing a photo: nothing on either stream (the skipped file is a warning).
    try FileManager.default.removeItem(at: album.appendingPathComponent("sub"))
    let quiet = try Binary.run(["build", album.path, "--output", site.path, "-q"])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    #expect(quiet.stdout.isEmpty)

    let verbose = try Binary.run(["build", album.path, "--output", site.path, "--verbose", "--json"])
    #expect(verbose.stderr.contains("cascade: stages: scan "))
    let again = try #require(try JSONSerialization.jsonObject(with: Data(verbose.stdout.utf8)) as? [String: Any])
    #expect((again["renditions"] as? [String: Int])?["made"] == 0)
    #expect(((again["renditions"] as? [String: Int])?["reused"] ?? 0) > 0)

    let both = try Binary.run(["build", album.path, "--output", site.path, "-q", "-v"])
    #expect(both.status == 2)
}

/// The progress line appears only on a terminal: under a pseudo-terminal
/// (`script`, from util-linux) it counts the renditions; piped, standard
/// error carries no carriage return and no escape byte at all.
@Test func progressIsShownOnATerminalOnly() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-progress-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    for name in ["coffee.jpg", "wine.jpg"] {
        try FileManager.default.copyItem(at: samplePhoto(name), to: album.appendingPathComponent(name))
    }
    let piped = try Binary.run(["build", album.path, "--output", temporary.appendingPathComponent("a").path])
    #expect(piped.status == 0)
    #expect(!piped.stderr.contains("\r") && !piped.stderr.contains("\u{1B}"))

    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
    let command = [try Binary.url().path, "build", album.path, "--output", temporary.appendingPathComponent("b").path]
        .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("cascade: renditions 2/2 (100 %)"))
    // The scan and the pages count too, not only the renditions.
    // write: the five pages and assets, and the album's photos.json.
    for stage in ["scan 2/2", "pages 5/5", "checks 3/3", "write 6/6"] {
        #expect(text.contains("cascade: \(stage) (100 %)"), "\(stage)")
    }
    #expect(text.contains("\r\u{1B}[2Kcascade: built 2 photos"))
}
