import Foundation
import Testing

/// `scripts/install.sh` with the binary the tests built (`CASCADE_BINARY`), so
/// no release build: it lays out `bin/cascade` and `share/cascade/Templates`
/// under DESTDIR + PREFIX, and the installed binary finds that theme.
@Test func installScriptInstallsTheBinaryAndTheThemeItFinds() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-install-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let destdir = temporary.appendingPathComponent("stage").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [repo("scripts/install.sh").path]
    process.environment = ProcessInfo.processInfo.environment.merging(
        ["PREFIX": "/opt/cascade", "DESTDIR": destdir, "CASCADE_BINARY": try Binary.url().path]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let installed = destdir + "/opt/cascade/bin/cascade"
    #expect(printed == installed + "\n")
    #expect(FileManager.default.isExecutableFile(atPath: installed))
    let theme = destdir + "/opt/cascade/share/cascade/Templates"
    #expect(FileManager.default.fileExists(atPath: theme + "/page.mustache"))

    // The installed binary uses the installed theme: mark it, and init copies the mark.
    let marked = theme + "/style.css.mustache"
    try Data((try String(contentsOfFile: marked, encoding: .utf8) + "/* installed */\n").utf8)
        .write(to: URL(fileURLWithPath: marked))
    let album = temporary.appendingPathComponent("album")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    let initialise = Process()
    initialise.executableURL = URL(fileURLWithPath: installed)
    initialise.arguments = ["init", album.path]
    initialise.standardOutput = FileHandle.nullDevice
    initialise.standardError = FileHandle.nullDevice
    try initialise.run()
    initialise.waitUntilExit()
    #expect(initialise.terminationStatus == 0)
    let copied = try String(contentsOf: album.appendingPathComponent("Templates/style.css.mustache"), encoding: .utf8)
    #expect(copied.hasSuffix("/* installed */\n"))
}
