import Foundation

/// The 300-photo generated album and its uninterrupted build, made once for
/// the signal, disk-full and read-only tests (the kill test times its own).
struct SharedAlbum: Sendable {
    let album: URL
    /// The output of one uninterrupted build, and of the album before any build.
    let reference: FolderSnapshot
    let albumSnapshot: FolderSnapshot

    /// Made at first use, in one temporary folder left for the system to clear.
    static let shared: SharedAlbum? = try? SharedAlbum()

    private init() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-crash-\(UUID().uuidString)")
        album = work.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try GeneratedAlbum.write(count: 300, into: album)
        albumSnapshot = try FolderSnapshot(album)
        let output = work.appendingPathComponent("reference")
        let build = try CascadeRun.run(["build", album.path, "--output", output.path, "--quiet"])
        guard build.process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: build.stderr])
        }
        reference = try FolderSnapshot(output)
    }

    /// The folder `output` must now hold exactly the reference.
    func differences(in output: URL, ignoring ignored: Set<String> = []) throws -> [String] {
        var snapshot = try FolderSnapshot(output)
        for path in ignored { snapshot.entries[path] = nil }
        return snapshot.differences(from: reference)
    }

    /// Builds the album into `output` and waits for the end.
    func build(into output: URL, _ extra: [String] = []) throws -> CascadeRun {
        try CascadeRun.run(["build", album.path, "--output", output.path, "--quiet"] + extra)
    }

    /// Starts a build into `output` and returns once it has written `renditions`
    /// rendition files (or ended): the moment to interrupt it in the middle.
    func startBuild(into output: URL, afterRenditions renditions: Int, _ extra: [String] = []) throws -> CascadeRun {
        let run = try CascadeRun(["build", album.path, "--output", output.path, "--quiet"] + extra)
        let folder = output.appendingPathComponent("renditions").path
        while run.process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if names.filter({ !$0.hasPrefix(".") }).count >= renditions { break }
            usleep(2_000)
        }
        return run
    }
}
