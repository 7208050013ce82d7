import Foundation
import Glibc
import Testing

/// Watches a folder with inotify and reports which of its files were opened
/// or read, whoever did it — here, a `cascade` child process.
final class FileAccessWatch {
    private let descriptor: Int32

    init(_ folder: URL) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard inotify_add_watch(descriptor, folder.path, UInt32(IN_OPEN | IN_ACCESS)) >= 0 else {
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(descriptor) }

    /// Names of the files opened or read since the last call (the folder's
    /// own events, which carry no name, left out).
    func touchedNames() -> Set<String> {
        var names: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
            var offset = 0
            while offset + 16 <= count {
                let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8
                    | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let name = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                if !name.isEmpty { names.insert(String(decoding: name, as: UTF8.self)) }
                offset += 16 + length
            }
        }
        return names
    }
}

struct CheapFailureCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var arguments: [String]
    /// An `album.json` to put in the album, if any.
    var albumJSON: String?
    var status: Int32
    var mentions: String
}

/// A build that will fail for a reason visible without the photos must fail
/// before it opens any of them: a wrong theme must not cost a pass over a
/// 500 MB album.
@Test(arguments: [
    CheapFailureCase(testDescription: "missing templates folder", arguments: ["--templates", "/nonexistent"],
                     albumJSON: nil, status: 2, mentions: "templates folder '/nonexistent' not found"),
    CheapFailureCase(testDescription: "invalid album.json", arguments: [],
                     albumJSON: #"{"title": 3}"#, status: 1, mentions: "\"title\" must be a string"),
])
func aBuildThatCannotSucceedFailsBeforeOpeningAnyPhoto(_ c: CheapFailureCase) throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cheap-\(UUID().uuidString)")
    let album = work.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let photos = ["coffee.jpg", "chelsea.png"]
    for name in photos {
        try FileManager.default.copyItem(at: samplePhoto(name),
                                         to: album.appendingPathComponent(name))
    }
    if let json = c.albumJSON {
        try Data(json.utf8).write(to: album.appendingPathComponent("album.json"))
    }
    let watch = try FileAccessWatch(album)

    let failing = try Binary.run(["build", album.path, "--output", work.appendingPathComponent("site").path]
                                 + c.arguments)
    #expect(failing.status == c.status, "\(failing.stderr)")
    #expect(failing.stderr.contains(c.mentions), "\(failing.stderr)")
    let touched = watch.touchedNames()
    #expect(touched.isDisjoint(with: photos), "opened before failing: \(touched.sorted())")

    // The watch does see a build that reads the photos, so the check above can fail.
    try? FileManager.default.removeItem(at: album.appendingPathComponent("album.json"))
    let working = try Binary.run(["build", album.path, "--output", work.appendingPathComponent("site").path,
                                  "--templates", Binary.repo.appendingPathComponent("Templates").path])
    #expect(working.status == 0, "\(working.stderr)")
    #expect(watch.touchedNames().isSuperset(of: photos))
}
