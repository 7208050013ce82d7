import Foundation
import Synchronization

/// The `ffmpeg` program a build runs to make posters and publish videos:
/// found on `PATH` once per build, run as a subprocess with its standard
/// input closed and a time limit, each run counted (so a test can see that
/// a rebuild runs it zero times).
///
/// The edge of the video work: everything that decides *what* to run is
/// pure (``VideoPublishing``); this type only runs it.
public final class VideoTool: Sendable {
    /// The executable's absolute path.
    let executable: String
    /// `setpriv`, when found beside it on `PATH`: ffmpeg is started through it.
    let parentDeathGuard: String?
    private let counter = Atomic<Int>(0)
    private let encoders = Mutex<Set<String>?>(nil)

    public init(executable: String, parentDeathGuard: String? = nil) {
        self.executable = executable
        self.parentDeathGuard = parentDeathGuard
    }

    /// A minute: a poster or a remux takes well under a second. A transcode
    /// gets more (``VideoPublishing/timeLimit(for:)``).
    public static let defaultTimeLimit = 60.0

    /// How many times ``run(_:for:)`` started ffmpeg.
    public var runs: Int { counter.load(ordering: .relaxed) }

    /// Whether this ffmpeg has the encoder `name` (`libvpx-vp9`): asked once
    /// per build (`ffmpeg -encoders`), only when a clip may need it; not
    /// counted in ``runs``, which counts the runs that make files.
    func encodes(_ name: String) -> Bool {
        encoders.withLock { list in
            if list == nil { list = encoderList() }
            return list!.contains(name)
        }
    }

    /// A process that runs ffmpeg with `arguments` (through ``command(_:)``), reading nothing.
    private func process(_ arguments: [String]) -> Process {
        let process = Process()
        let command = command(arguments)
        process.executableURL = URL(fileURLWithPath: command.program)
        process.arguments = command.arguments
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// The encoder names `ffmpeg -encoders` lists (empty when it cannot be run).
    private func encoderList() -> Set<String> {
        let process = process(["-hide_banner", "-nostdin", "-encoders"])
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return [] }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Lines like ` V....D libvpx-vp9    libvpx VP9 (codec vp9)`: the second field is the name.
        return Set(text.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count > 1 ? String(fields[1]) : nil
        })
    }

    /// The first executable `name` in the `:`-separated `searchPath`
    /// (`PATH`), or nil when none is there.
    static func find(_ name: String = "ffmpeg", searchPath: String?) -> VideoTool? {
        guard let executable = executable(name, searchPath: searchPath) else { return nil }
        return VideoTool(executable: executable, parentDeathGuard: self.executable("setpriv", searchPath: searchPath))
    }

    /// The first regular, executable file `name` in the `:`-separated `searchPath`.
    static func executable(_ name: String, searchPath: String?) -> String? {
        guard let searchPath else { return nil }
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = String(folder) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// The program and arguments that run ffmpeg with `arguments`: through
    /// `setpriv --pdeathsig KILL` when it was found.
    func command(_ arguments: [String]) -> (program: String, arguments: [String]) {
        guard let parentDeathGuard else { return (executable, arguments) }
        return (parentDeathGuard, ["--pdeathsig", "KILL", "--", executable] + arguments)
    }

    /// The line of ffmpeg's standard error that says what failed: its first
    /// own message (a decoder's `[h264 @ 0x…]` lines repeat by the hundred),
    /// else the last line; at most 300 characters.
    static func reason(in text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let own = lines.first { !$0.hasPrefix("[") && !$0.hasPrefix("Last message repeated") && !$0.isEmpty }
        return String((own ?? lines.last ?? "").prefix(300))
    }

    /// Runs ffmpeg with `arguments`, for the video `path` (named in errors).
    /// Standard input is closed, standard output discarded, standard error
    /// kept (its last line is the reason of a failure); after `timeLimit`
    /// seconds the process is killed.
    public func run(_ arguments: [String], for path: String,
                    timeLimit: Double = VideoTool.defaultTimeLimit) throws(VideoError) {
        counter.add(1, ordering: .relaxed)
        let process = process(arguments)
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw VideoError(path: path, reason: .notStarted(detail: "\(error)"))
        }
        // Read standard error as it comes, so a chatty ffmpeg never blocks on a full pipe.
        let collected = Mutex<[UInt8]>([])
        let reader = DispatchSemaphore(value: 0)
        let handle = errors.fileHandleForReading
        DispatchQueue.global().async {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                collected.withLock { bytes in
                    bytes.append(contentsOf: chunk)
                    if bytes.count > 65_536 { bytes.removeFirst(bytes.count - 65_536) }
                }
            }
            reader.signal()
        }
        if finished.wait(timeout: .now() + timeLimit) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            reader.wait()
            throw VideoError(path: path, reason: .timedOut(seconds: timeLimit))
        }
        reader.wait()
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 else {
            let text = collected.withLock { String(decoding: $0, as: UTF8.self) }
            throw VideoError(path: path, reason: .failed(status: status, detail: Self.reason(in: text)))
        }
    }
}
