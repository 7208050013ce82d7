import Foundation
import Testing
@testable import Gallery

/// The no-change-rebuild key (``BuildSnapshot/key(_:videoTool:)``) against
/// the option table itself: every option declared as reaching the output,
/// changed from its default to its declared sample, must change the key (or
/// the next build would reuse output made with the old value), and only the
/// options declared run-only may leave it as it was. A new option is covered
/// by being declared.
@Suite struct RebuildKeyCompletenessTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-key-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Theme"), withIntermediateDirectories: true)
        try Data("<p>{{title}}</p>".utf8).write(to: folder.appendingPathComponent("Theme/album.html"))
    }

    /// Default settings (with a theme folder that exists, and any switch the
    /// option needs on), and the same with `option` set to its sample.
    func settings(changing option: BuildOption) throws -> (base: BuildSettings, changed: BuildSettings) {
        var base = BuildSettings()
        base.templates = folder.appendingPathComponent("Theme").path
        if let required = option.requires { base.set(required, true) }
        var changed = base
        switch option.kind {
        case .toggle:
            changed.set(option.key, option.sample == "true")
        case .folder:
            let other = folder.appendingPathComponent(option.sample)
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            changed.set(option.key, other.path)
        case .value:
            guard case .value(let value) = option.fromText(option.sample) else {
                Issue.record("the sample '\(option.sample)' of \(option.flag) is not a valid value")
                return (base, changed)
            }
            changed.values[option.key] = value
        }
        return (base, changed)
    }

    @Test(arguments: BuildOption.all.map(\.key))
    func anOptionChangesTheKeyExactlyWhenItReachesTheOutput(_ key: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let option = try #require(BuildOption.named(key))
        let (base, changed) = try settings(changing: option)
        let before = try BuildOptions(album: folder.path, settings: base)
        let after = try BuildOptions(album: folder.path, settings: changed)
        let keyBefore = try #require(BuildSnapshot.key(before, videoTool: nil))
        let keyAfter = try #require(BuildSnapshot.key(after, videoTool: nil))
        #expect(keyBefore == BuildSnapshot.key(before, videoTool: nil), "the key is not stable")
        switch option.reach {
        case .output:
            // The sample really is another value, as the build uses it.
            #expect(option.resolved(before) != option.resolved(after), "\(option.flag) \(option.sample) changes nothing")
            #expect(keyBefore != keyAfter, "\(option.flag) reaches the output but not the rebuild key")
        case .runOnly:
            #expect(keyBefore == keyAfter, "\(option.flag) is declared run-only but changes the rebuild key")
        }
    }

    /// Leaving an option out of the key is a decision, made in the table: these and no others.
    @Test func theRunOnlyOptionsAreTheDeclaredOnes() {
        let runOnly = BuildOption.all.filter { $0.reach == .runOnly }.map(\.key)
        #expect(Set(runOnly) == ["jobs", "quiet", "verbose", "json"])
    }
}
