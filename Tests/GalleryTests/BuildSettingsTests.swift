import Foundation
import Testing
@testable import Gallery

struct SettingsErrorCase: Sendable, CustomTestStringConvertible {
    var json: String
    /// The message after `'cascade.json':`, location included.
    var message: String
    var testDescription: String { message }
}

@Test(arguments: [
    SettingsErrorCase(json: "{\n  \"qualty\": 85\n}", message: #"2:3: unknown setting "qualty" (did you mean "quality"?)"#),
    SettingsErrorCase(json: "{\n  \"quality\": 0\n}", message: #"2:3: "quality" must be a whole number from 1 to 100"#),
    SettingsErrorCase(json: "{\"quality\": 80.5}", message: #"1:2: "quality" must be a whole number from 1 to 100"#),
    SettingsErrorCase(json: "{\"quality\": \"80\"}", message: #"1:2: "quality" must be a whole number from 1 to 100"#),
    SettingsErrorCase(json: "{\"strict\": 1}", message: #"1:2: "strict" must be true or false"#),
    SettingsErrorCase(json: "{\"jobs\": 257}", message: #"1:2: "jobs" must be a whole number from 1 to 256"#),
    SettingsErrorCase(json: "{\"maxMegapixels\": 0}", message: #"1:2: "maxMegapixels" must be a number above 0 and at most 10000"#),
    SettingsErrorCase(json: "{\"output\": \"\"}", message: #"1:2: "output" must be a folder path"#),
    SettingsErrorCase(json: "{\"output\": 3}", message: #"1:2: "output" must be a folder path"#),
    SettingsErrorCase(json: "{\"serve\": {\n  \"prot\": 1}}", message: #"2:3: unknown setting "serve.prot" (did you mean "port"?)"#),
    SettingsErrorCase(json: "{\"serve\": {\"port\": 70000}}", message: #"1:12: "serve.port" must be a whole number from 0 to 65535"#),
    SettingsErrorCase(json: "{\"serve\": 8000}", message: #"1:2: "serve" must be an object with "port" and "host""#),
    SettingsErrorCase(json: "{\"keepMetadata\": true}", message: #"1:2: "keepMetadata" only applies with "originals": true"#),
    SettingsErrorCase(json: "{\"quiet\": true,\n \"verbose\": true}", message: #"2:2: "quiet" and "verbose" contradict each other; choose one"#),
    SettingsErrorCase(json: "{\n \"language\": \"fr_FR\"}", message: #"2:2: "language" must be a language tag such as "fr" or "pt-BR""#),
    SettingsErrorCase(json: "{\"zzzzzz\": true}", message: #"1:2: unknown setting "zzzzzz" (known: output, templates"#),
    SettingsErrorCase(json: "{\"output\": \"x\",\n  \"quality\" 85}", message: "2:13: is not valid JSON"),
])
func aBadSettingsFileIsNamedAtItsLineAndColumn(_ c: SettingsErrorCase) {
    do {
        _ = try BuildSettings.parse(Array(c.json.utf8), displayPath: "cascade.json")
        Issue.record("parsed without an error")
    } catch {
        #expect(error.isUsageError)
        #expect(error.description.hasPrefix("'cascade.json':" + c.message), "\(error.description)")
    }
}

@Test func aTopLevelThatIsNotAnObjectIsAnError() {
    #expect(throws: BuildError.settingsInvalid(path: "c.json", location: nil, problem: .notAnObject)) {
        try BuildSettings.parse(Array("[1]".utf8), displayPath: "c.json")
    }
}

@Test func everyKeyIsRead() throws {
    let json = """
    {"output": "../public", "templates": "Theme", "strict": true, "strictTemplates": false, "quality": 85,
     "jobs": 3, "maxMegapixels": 12.5, "linearLight": true, "originals": true, "keepMetadata": true,
     "formats": ["webp", "jpeg"], "video": false, "quiet": false, "verbose": true, "json": true, "baseURL": "HTTPS://Example.com/p",
     "language": "pt-BR", "order": "shortest", "photosPerPage": 250, "zip": "originals", "serve": {"port": 8080, "host": "::1"},
     "privateKey": "00112233445566778899aabbccddeeff"}
    """
    let settings = try BuildSettings.parse(Array(json.utf8), displayPath: "cascade.json")
    #expect(settings.output == "../public")
    #expect(settings.templates == "Theme")
    #expect(settings.strict == true && settings.strictTemplates == false)
    #expect(settings.quality == 85 && settings.jobs == 3 && settings.maxMegapixels == 12.5)
    #expect(settings.linearLight == true && settings.originals == true && settings.keepMetadata == true)
    #expect(settings.quiet == false && settings.verbose == true && settings.json == true)
    #expect(settings.video == false)
    #expect(settings.formats == [.webp, .jpeg])
    #expect(settings.port == 8080 && settings.host == "::1")
    #expect(settings.baseURL == "https://example.com/p/")
    #expect(settings.language == "pt-BR")
    #expect(settings.order == .shortest)
    #expect(settings.photosPerPage == 250)
    #expect(settings.privateKey == PrivateKey("00112233445566778899aabbccddeeff"))
    #expect(settings.value("zip") == AlbumZip.originals)
    // Every documented key was exercised: a key added later must be added here too.
    #expect(Set(BuildSettings.keys) == ["output", "templates", "strict", "strictTemplates", "quality", "jobs",
                                        "maxMegapixels", "linearLight", "originals", "keepMetadata", "video", "quiet",
                                        "verbose", "json", "baseURL", "language", "order", "photosPerPage", "serve",
                                        "formats", "privateKey", "zip"])
}

@Test(arguments: [(#""balanced""#, GridOrder.balanced), (#""shortest""#, .shortest), (#""lanes""#, nil), ("1", nil)])
func theOrderIsShortestOrBalanced(_ value: String, _ expected: GridOrder?) throws {
    let bytes = Array(#"{"order": \#(value)}"#.utf8)
    if let expected {
        #expect(try BuildSettings.parse(bytes, displayPath: "c.json").order == expected)
        var flags = BuildSettings()
        flags.order = expected == .balanced ? .shortest : .balanced
        #expect(try BuildSettings.parse(bytes, displayPath: "c.json").overlaid(by: flags).order == flags.order)
    } else {
        #expect(throws: BuildError.self) { try BuildSettings.parse(bytes, displayPath: "c.json") }
    }
}

@Test func theCommandLineWinsFieldByField() {
    var file = BuildSettings()
    file.output = "/site"
    file.quality = 70
    file.strict = true
    file.verbose = true
    var flags = BuildSettings()
    flags.quality = 90
    flags.strict = false
    flags.quiet = true
    let merged = file.overlaid(by: flags)
    #expect(merged.output == "/site")
    #expect(merged.quality == 90)
    #expect(merged.strict == false)
    // --quiet on the command line silences a file's "verbose".
    #expect(merged.quiet == true && merged.verbose == false)
}

@Test func theFilesPathsAreTheAlbumsFolders() throws {
    let album = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: album) }
    #expect(try BuildSettings.load(album: album) == BuildSettings())
    try Data(#"{"output": "../public", "templates": "/abs/theme"}"#.utf8).write(to: album.appendingPathComponent("cascade.json"))
    let settings = try BuildSettings.load(album: album)
    #expect(settings.output == album.path + "/../public")
    #expect(settings.templates == "/abs/theme")
}

@Test func aSettingsFolderIsNotReadAsAFile() throws {
    let album = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: album.appendingPathComponent("cascade.json"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: album) }
    #expect(throws: BuildError.self) { try BuildSettings.load(album: album) }
}
