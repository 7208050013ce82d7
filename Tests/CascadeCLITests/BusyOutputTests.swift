import Foundation
import Testing

/// Another process holding the output folder's lock: `cascade build` fails
/// at once with exit status 1, naming the holder, and writes nothing.
@Test func aBuildIntoAFolderAnotherProcessIsBuildingFailsWithExit1() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("album"), site = temporary.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
    // This test process plays the other build: it holds the lock and says its pid.
    let descriptor = open(site.appendingPathComponent(".cascade-lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
    let pid = Array("\(getpid())\n".utf8)
    _ = pid.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }

    let run = try Binary.run(["build", album.path, "--output", site.path])
    #expect(run.status == 1)
    #expect(run.stderr.contains("is being built by another cascade (pid \(getpid())); wait for it or use another --output"),
            "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == [".cascade-lock"])
}
