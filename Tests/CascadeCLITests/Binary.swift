import Foundation

/// What one run of the `cascade` binary said and how it ended.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real `cascade` binary the test build produced and captures what it says.
///
/// No pipes: standard input, output and error are temporary files. A child
/// that exits before reading its input (a usage error) would otherwise make
/// the test process's write into a closed pipe raise SIGPIPE, which kills
/// the whole test run; and output read only after the child has exited
/// cannot deadlock against a full pipe either.
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

    /// Runs `cascade ARGUMENTS` in `folder` with `input` on standard input
    /// (`nil`: /dev/null, so a child never reads the test runner's own input).
    /// `environment` is added to the test process's own.
    static func run(_ arguments: [String], in folder: URL = repo, input: String? = nil,
                    environment: [String: String] = [:]) throws -> Run {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("cascade-cli-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data((input ?? "").utf8).write(to: inURL)
        for url in [outURL, errURL] {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
        let stdin = input == nil ? FileHandle.nullDevice : try FileHandle(forReadingFrom: inURL)
        let stdout = try FileHandle(forWritingTo: outURL)
        let stderr = try FileHandle(forWritingTo: errURL)
        defer {
            if input != nil { try? stdin.close() }
            try? stdout.close()
            try? stderr.close()
        }

        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
