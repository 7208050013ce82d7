import Foundation

/// One `cascade` process the test started: it can be waited for or sent a
/// signal. Standard output and error go to files (no pipes: a pipe nobody
/// reads can stall a child, and a closed one raises SIGPIPE in the runner).
final class CascadeRun {
    let process = Process()
    private let scratch: URL

    /// `cascade` sits beside the test bundle in the build folder.
    static func binary() throws -> URL {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("cascade")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidate.path])
        }
        return candidate
    }

    /// Starts `cascade ARGUMENTS` in `folder` (default: an empty scratch folder).
    init(_ arguments: [String], in folder: URL? = nil) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-crash-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for name in ["stdout", "stderr"] {
            _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent(name).path, contents: nil)
        }
        process.executableURL = try Self.binary()
        process.arguments = arguments
        // A folder with no Templates/ in it, so the theme is the one Cascade comes with.
        process.currentDirectoryURL = folder ?? scratch
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: scratch.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: scratch.appendingPathComponent("stderr"))
        try process.run()
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    var pid: Int32 { process.processIdentifier }

    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to end: its status (the signal's number when a
    /// signal ended it, see `killedBySignal`).
    @discardableResult
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    var killedBySignal: Bool { process.terminationReason == .uncaughtSignal }
    var stdout: String { text("stdout") }
    var stderr: String { text("stderr") }

    private func text(_ name: String) -> String {
        String(decoding: (try? Data(contentsOf: scratch.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
    }

    /// Runs `cascade ARGUMENTS` to its end.
    static func run(_ arguments: [String], in folder: URL? = nil) throws -> CascadeRun {
        let run = try CascadeRun(arguments, in: folder)
        run.wait()
        return run
    }
}
