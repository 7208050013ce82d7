import Foundation
import Testing

/// A fresh folder for one test, removed at the end.
private func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Test func initWritesAConfigAndTheThemeThenBuildUsesThem() throws {
    let temporary = try scratch()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("Trip")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    for name in ["coffee.jpg", "chelsea.png"] {
        try FileManager.default.copyItem(at: samplePhoto(name), to: album.appendingPathComponent(name))
    }

    let first = try Binary.run(["init", album.path], in: temporary)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == album.appendingPathComponent("album.json").path + "\n")
    let config = try String(contentsOf: album.appendingPathComponent("album.json"), encoding: .utf8)
    #expect(config == """
        {
          "photos": {
            "chelsea.png": {},
            "coffee.jpg": {}
          }
        }

        """)
    let theme = try FileManager.default.contentsOfDirectory(atPath: album.appendingPathComponent("Templates").path).sorted()
    let original = try FileManager.default.contentsOfDirectory(atPath: repo("Templates").path).sorted()
    #expect(theme == original)

    // Never overwrites.
    let second = try Binary.run(["init", album.path], in: temporary)
    #expect(second.status == 1)
    #expect(second.stderr == "cascade: error: 'Trip/album.json' already exists; cascade init never overwrites (move it away or init another folder)\n")

    // The album's own theme and config are what a build uses, from any folder.
    let edited = config.replacingOccurrences(of: "{\n  \"photos\"", with: "{\n  \"title\": \"Ría & Co\",\n  \"photos\"")
        .replacingOccurrences(of: "\"coffee.jpg\": {}", with: "\"coffee.jpg\": { \"caption\": \"Morning <coffee>\" }")
    try Data(edited.utf8).write(to: album.appendingPathComponent("album.json"))
    let layout = album.appendingPathComponent("Templates/layout.mustache")
    let text = try String(contentsOf: layout, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "<body", with: "<!-- edited theme -->\n<body").utf8).write(to: layout)
    let site = temporary.appendingPathComponent("site")
    let build = try Binary.run(["build", album.path, "--output", site.path, "--strict-templates"], in: temporary)
    #expect(build.status == 0, "\(build.stderr)")
    let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(page.contains("<!-- edited theme -->"))
    #expect(page.contains("<h1>Ría &amp; Co</h1>"))
    #expect(page.contains(">Morning &lt;coffee&gt;</span>"))
}

@Test func initWalksTheTreeListsOnlyPublishablePhotosAndNeverOverwrites() throws {
    let temporary = try scratch()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("Library")
    let manager = FileManager.default
    for folder in ["Iceland/Day 1", "Kept", "Notes"] {
        try manager.createDirectory(at: album.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try manager.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("Iceland/Day 1/coffee.jpg"))
    try manager.copyItem(at: samplePhoto("fig.jpg"), to: album.appendingPathComponent("Kept/fig.jpg"))
    // A QOI (not publishable yet) is not listed, so the next build does not count it twice.
    try Data([0x71, 0x6F, 0x69, 0x66, 0, 0, 0, 2, 0, 0, 0, 3, 3, 0])
        .write(to: album.appendingPathComponent("Iceland/Day 1/tiny.qoi"))
    try Data("notes".utf8).write(to: album.appendingPathComponent("Notes/readme.md"))
    let kept = #"{"title": "Mine"}"#
    try Data(kept.utf8).write(to: album.appendingPathComponent("Kept/album.json"))

    let first = try Binary.run(["init", album.path], in: temporary)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.split(separator: "\n") == ["album.json", "Iceland/album.json", "Iceland/Day 1/album.json"]
        .map { Substring(album.appendingPathComponent($0).path) })
    let day = try String(contentsOf: album.appendingPathComponent("Iceland/Day 1/album.json"), encoding: .utf8)
    // No sidecar names the folder: the title is left to its name, not written over a later index.md.
    #expect(!day.contains("\"title\""))
    #expect(day.contains("coffee.jpg") && !day.contains("tiny.qoi"))
    #expect(try String(contentsOf: album.appendingPathComponent("Kept/album.json"), encoding: .utf8) == kept)
    #expect(!manager.fileExists(atPath: album.appendingPathComponent("Notes/album.json").path))

    // A folder added later gets its album.json; nothing else is touched.
    try manager.createDirectory(at: album.appendingPathComponent("New"), withIntermediateDirectories: true)
    try manager.copyItem(at: samplePhoto("wine.jpg"), to: album.appendingPathComponent("New/wine.jpg"))
    let second = try Binary.run(["init", album.path], in: temporary)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout == album.appendingPathComponent("New/album.json").path + "\n")
    let third = try Binary.run(["init", album.path], in: temporary)
    #expect(third.status == 1)

    let build = try Binary.run(["build", album.path, "--output", temporary.appendingPathComponent("site").path, "--strict-templates"], in: temporary)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stderr.contains("built 3 photos in 5 albums, 1 skipped"))
}

@Test func checkPassesABuiltSiteAndRejectsAHandBrokenPageAtItsPosition() throws {
    let temporary = try scratch()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    for name in ["coffee.jpg", "chelsea.png"] {
        try FileManager.default.copyItem(at: samplePhoto(name), to: album.appendingPathComponent(name))
    }
    let site = temporary.appendingPathComponent("site")
    let build = try Binary.run(["build", album.path, "--output", site.path, "--templates", repo("Templates").path])
    #expect(build.status == 0, "\(build.stderr)")

    let clean = try Binary.run(["check", site.path, "--templates", repo("Templates").path])
    #expect(clean.status == 0, "\(clean.stderr)")
    #expect(clean.stderr.hasPrefix("cascade: checked 3 pages and "))
    #expect(clean.stderr.hasSuffix(" files: no problems\n"))

    // Break the album page by hand: a mismatched tag on the line after <main>.
    let index = site.appendingPathComponent("index.html")
    var lines = try String(contentsOf: index, encoding: .utf8).components(separatedBy: "\n")
    let main = try #require(lines.firstIndex { $0.hasPrefix("<main") })
    lines.insert("<p>Café <b>x</p>", at: main + 1)
    try Data(lines.joined(separator: "\n").utf8).write(to: index)
    // And delete the large image the photo page shows.
    let photoPage = try String(contentsOf: site.appendingPathComponent("chelsea.html"), encoding: .utf8)
    let photoLines = photoPage.components(separatedBy: "\n")
    let imageIndex = try #require(photoLines.firstIndex { $0.hasPrefix("<img src=\"renditions/") })
    let large = String(photoLines[imageIndex].dropFirst("<img src=\"".count).prefix { $0 != "\"" })
    try FileManager.default.removeItem(at: site.appendingPathComponent(large))

    let broken = try Binary.run(["check", site.path, "--templates", repo("Templates").path])
    #expect(broken.status == 1)
    let line = main + 2
    let imageLine = imageIndex + 1
    let reported = broken.stderr.split(separator: "\n").map(String.init)
    // Pages in byte order, issues by position; libxml2 goes on to report the
    // mismatches the first one causes further down.
    // The large image is named twice on its line: src, and its srcset entry.
    #expect(reported.prefix(3) == [
        "cascade: \(site.path)/chelsea.html:\(imageLine):1: src=\"\(large)\" names no file in the output folder",
        "cascade: \(site.path)/chelsea.html:\(imageLine):1: srcset=\"\(large)\" names no file in the output folder",
        "cascade: \(site.path)/index.html:\(line):18: not well-formed: Opening and ending tag mismatch: b line \(line) and p",
    ])
    #expect(reported.last == "cascade: checked 3 pages: \(reported.count - 1) problems")

    let missing = try Binary.run(["check", temporary.appendingPathComponent("nope").path])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("is not a folder"))
}

@Test func initRefusesAFolderThatDoesNotExist() throws {
    let temporary = try scratch()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let run = try Binary.run(["init", "Tirp"], in: temporary)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "cascade: no folder 'Tirp'; create it first (mkdir 'Tirp') or init an existing album\n")
    #expect(!FileManager.default.fileExists(atPath: temporary.appendingPathComponent("Tirp").path))
}
