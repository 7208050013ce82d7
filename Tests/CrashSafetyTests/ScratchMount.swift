import Foundation
import Testing

/// A tmpfs mounted for one test (`mount -t tmpfs`, root only), to fill up or
/// make read-only; unmounted and removed when released.
final class ScratchMount {
    let url: URL

    /// Whether this process may mount a tmpfs (tried once).
    static let isPermitted: Bool = {
        guard let probe = try? ScratchMount(size: "64k") else { return false }
        _ = probe
        return true
    }()

    static let skipReason: Comment = "mounting a tmpfs is not permitted here (needs root and mount rights); the disk-full and read-only tests are skipped"

    /// Mounts a tmpfs of `size` (mount's syntax: `64k`, `8m`) on a new folder.
    init(size: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-mount-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard Self.mount(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.featureUnsupported, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Remounts with `options` (`ro`, `rw`, `size=8m`).
    func remount(_ options: String) throws {
        guard Self.mount(["-o", "remount,\(options)", url.path]) else {
            throw CocoaError(.featureUnsupported, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// Bytes free for new files.
    var freeBytes: Int {
        var info = statvfs()
        guard statvfs(url.path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    deinit {
        _ = Self.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    private static func mount(_ arguments: [String]) -> Bool { run("/bin/mount", arguments) }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
