import Foundation
import Testing

/// `cd myalbum && cascade build`: the defaults (album `.`, output `_site`)
/// work together, build after build.
@Test func buildWithNoArgumentsInTheAlbumWritesSiteAndLeavesItOutOfTheAlbum() throws {
    let album = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: album) }
    try FileManager.default.createDirectory(at: album.appendingPathComponent("trip"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
    try FileManager.default.copyItem(at: samplePhoto("dogs.jpg"), to: album.appendingPathComponent("trip/dogs.jpg"))
    let site = album.appendingPathComponent("_site")

    let first = try Binary.run(["build"], in: album)
    #expect(first.status == 0, "\(first.stderr)")
    let before = try files(in: site)
    #expect(before["index.html"] != nil)
    #expect(before["trip/dogs.html"] != nil || before["trip/index.html"] != nil, "\(before.keys.sorted())")

    let second = try Binary.run(["build"], in: album)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("built 2 photos in 2 albums"), "\(second.stderr)")
    let after = try files(in: site)
    // The same photos: no rendition was taken for a photo of the album.
    #expect(after.keys.sorted() == before.keys.sorted())
    #expect(!after.keys.contains { $0.hasPrefix("_site") })
    #expect(after == before)
}

/// Every regular file under `folder`, by relative path.
private func files(in folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return result }
    for case let relative as String in walker {
        let path = folder.appendingPathComponent(relative).path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }
    return result
}
