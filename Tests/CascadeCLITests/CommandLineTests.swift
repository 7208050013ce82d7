import Foundation
import Testing

/// Runs the real `cascade` binary the test build produced and captures what it says.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Binary {
    static let repo = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `cascade` sits beside the test bundle in the build folder.
    static func url() throws -> URL {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("cascade")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidate.path])
        }
        return candidate
    }

    static func run(_ arguments: [String], in folder: URL = repo) throws -> Run {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }
}

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
    let help = try Binary.run(["--help"])
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
    try FileManager.default.copyItem(at: repo("SampleAlbum/coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
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

func repo(_ path: String) -> URL { Binary.repo.appendingPathComponent(path) }
