import Foundation
import Testing
@testable import Gallery

/// The option table (``BuildOption/all``) and the command line, help and
/// `cascade.json` reading that follow from it.
@Test func everySpellingAndKeyIsOneOptions() {
    let spellings = BuildOption.all.flatMap(\.spellings)
    #expect(Set(spellings).count == spellings.count)
    #expect(Set(BuildOption.all.map(\.key)).count == BuildOption.all.count)
    for option in BuildOption.all {
        #expect(option.flag.hasPrefix("--") && option.short.map { $0.count == 2 } ?? true, "\(option.flag)")
        if let required = option.requires { #expect(BuildOption.named(required)?.kind == .toggle) }
        if let excluded = option.excludes { #expect(BuildOption.named(excluded)?.excludes == option.key) }
    }
}

@Test(arguments: BuildOption.all.map(\.key))
func theSampleReadsTheSameFromTheCommandLineAndTheFile(_ key: String) throws {
    let option = try #require(BuildOption.named(key))
    // A switch another needs is on in both (`keepMetadata` needs `originals`).
    let required = option.requires.flatMap(BuildOption.named)
    let words = (required.map { [$0.flag] } ?? []) + (option.kind == .toggle
        ? [option.sample == "true" ? option.flag : option.negation]
        : [option.flag, option.sample])
    let (flags, rest) = try BuildSettings.parse(commandLine: words, command: "build")
    #expect(rest.isEmpty)
    let json: String
    switch option.kind {
    case .toggle: json = option.sample
    case .folder: json = "\"\(option.sample)\""
    case .value:
        json = key == "formats" ? "[\"\(option.sample)\"]" : Int(option.sample) != nil || Double(option.sample) != nil
            ? option.sample : "\"\(option.sample)\""
    }
    let also = required.map { "\"\($0.key)\": true, " } ?? ""
    let file = try BuildSettings.parse(Array("{\(also)\"\(key)\": \(json)}".utf8), displayPath: "c.json")
    #expect(flags == file, "\(words)")
    #expect(flags.isSet(key))
}

struct CommandLineCase: Sendable, CustomTestStringConvertible {
    var words: [String]
    var command = "build"
    var problem: String
    var testDescription: String { words.joined(separator: " ") }
}

@Test(arguments: [
    CommandLineCase(words: ["--qualty", "80"], problem: "unknown option '--qualty' for build"),
    CommandLineCase(words: ["--quality", "0"], problem: "--quality needs a whole number from 1 to 100, not '0'"),
    CommandLineCase(words: ["--quality"], problem: "--quality needs a whole number from 1 to 100"),
    CommandLineCase(words: ["--quality", "80", "--quality=81"], problem: "--quality given twice"),
    CommandLineCase(words: ["--strict", "--no-strict"], problem: "--strict and --no-strict contradict each other; choose one"),
    CommandLineCase(words: ["--no-video", "--video"], problem: "--video and --no-video contradict each other; choose one"),
    CommandLineCase(words: ["-q", "--verbose"], problem: "--quiet and --verbose contradict each other; choose one"),
    CommandLineCase(words: ["--quiet"], command: "serve", problem: "unknown option '--quiet' for serve"),
    CommandLineCase(words: ["--max-megapixels", "0"], problem: "--max-megapixels needs a number above 0 and at most 10000, not '0'"),
    CommandLineCase(words: ["--order", "lanes"], problem: "--order needs \"shortest\" or \"balanced\", not 'lanes'"),
])
func aCommandLineMistakeIsOneProblem(_ c: CommandLineCase) {
    #expect(throws: OptionProblem.self) { try BuildSettings.parse(commandLine: c.words, command: c.command) }
    do {
        _ = try BuildSettings.parse(commandLine: c.words, command: c.command)
    } catch {
        #expect(error.message == c.problem)
    }
}

@Test func flagsWinAndNoXTurnsOffWhatTheFileTurnsOn() throws {
    let file = try BuildSettings.parse(Array(#"{"strict": true, "quality": 70, "video": true}"#.utf8), displayPath: "c.json")
    let (flags, words) = try BuildSettings.parse(commandLine: ["Album", "--no-strict", "--quality=90", "--no-video"], command: "build")
    #expect(words == ["Album"])
    let merged = file.overlaid(by: flags)
    #expect(merged.strict == false && merged.quality == 90 && merged.video == false)
    let options = try BuildOptions(album: "Album", settings: merged)
    #expect(!options.strict && options.renditions.quality == 90 && !options.videos.publishes)
}

@Test func theHelpNamesEachOptionOfItsCommandWithItsDefault() {
    let build = BuildOption.help(for: "build"), serve = BuildOption.help(for: "serve")
    for option in BuildOption.all {
        #expect(build.contains(option.flag), "\(option.flag)")
        #expect(serve.contains(option.flag) == (option.commands == .buildAndServe), "\(option.flag)")
    }
    #expect(build.contains("default 80") && build.contains("default 2000") && build.contains("default balanced"))
    #expect(build.split(separator: "\n").allSatisfy { $0.count <= 78 })
}

@Test func keepMetadataNeedsOriginals() {
    var settings = BuildSettings()
    settings.keepMetadata = true
    #expect(throws: OptionProblem("--keep-metadata only applies with --originals")) {
        try BuildOptions(album: ".", settings: settings)
    }
    settings.originals = true
    #expect((try? BuildOptions(album: ".", settings: settings))?.originals == .asIs)
}
