import Foundation
import Testing

/// `--language` and `cascade.json`'s `language`: a tag the theme has strings for, or a one-line usage error.
struct LanguageFlagTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-language-\(UUID().uuidString)")
    var album: URL { root.appendingPathComponent("album") }
    var site: URL { root.appendingPathComponent("site") }

    init() throws {
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samplePhoto("dogs.jpg"), to: album.appendingPathComponent("dogs.jpg"))
    }

    func lang() throws -> String? {
        let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        return page.range(of: #"<html lang="[^"]*""#, options: .regularExpression).map { String(page[$0]) }
    }

    @Test(arguments: ["f", "fr_FR", "français", "fr-"])
    func aMalformedTagIsAOneLineUsageError(_ value: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["build", album.path, "-o", site.path, "--language", value])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--language needs a language tag such as \"fr\" or \"pt-BR\", not '\(value)'"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func aLanguageTheThemeLacksIsAOneLineUsageError() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["build", album.path, "-o", site.path, "--language", "tlh"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("has no strings for language \"tlh\" (it has de, en, es, fr, ja, zh)"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func theFileSetsItAndTheFlagWins() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"language": "es"}"#.utf8).write(to: album.appendingPathComponent("cascade.json"))
        let fromFile = try Binary.run(["build", album.path, "-o", site.path])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(try lang() == #"<html lang="es""#)
        let flag = try Binary.run(["build", album.path, "-o", site.path, "--language", "zh"])
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(try lang() == #"<html lang="zh""#)
        let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"count\">1 张照片</p>"), "\(page)")
    }

    @Test func aBadValueInTheSettingsFileIsNamedAtItsLineAndColumn() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{\n  \"language\": 3\n}\n".utf8).write(to: album.appendingPathComponent("cascade.json"))
        let run = try Binary.run(["build", album.path, "-o", site.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cascade.json':2:3: \"language\" must be a language tag such as \"fr\" or \"pt-BR\""), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
