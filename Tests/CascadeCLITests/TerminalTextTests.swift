import Foundation
import Testing
@testable import cascade

@Test(arguments: [
    ("plain café.jpg", "plain café.jpg"),
    ("a\u{1B}[31mred.jpg", "a\\u{1B}[31mred.jpg"),
    ("bell\u{07}cr\r.jpg", "bell\\u{7}cr\\u{D}.jpg"),
    ("del\u{7F}c1\u{9B}.jpg", "del\\u{7F}c1\\u{9B}.jpg"),
    ("gpj.\u{202E}exe", "gpj.\\u{202E}exe"),
    ("\u{2066}iso\u{2069}", "\\u{2066}iso\\u{2069}"),
    ("two\nlines\tkept", "two\nlines\tkept"),
])
func terminalTextEscapesControlsAndBidiOverrides(text: String, shown: String) {
    #expect(TerminalText.escaped(text) == shown)
}

@Test func aFileNameWithAnEscapeSequenceReachesStandardErrorEscaped() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let album = temporary.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
    try Data("not an image".utf8).write(to: album.appendingPathComponent("a\u{1B}[31mred.jpg"))
    let run = try Binary.run(["build", album.path, "--output", temporary.appendingPathComponent("site").path,
                              "--templates", repo("Templates").path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.utf8.contains(0x1B))
    #expect(run.stderr.contains("warning: skipped '\(album.path)/a\\u{1B}[31mred.jpg'"), "\(run.stderr)")
}
