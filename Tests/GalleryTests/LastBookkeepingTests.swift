import Foundation
@testable import Gallery
import Testing

/// The last build's bookkeeping is read beside the scan once the output's
/// lock is held (``LastBookkeeping/startReading(root:sourceDateEpoch:themeKey:)``): what it hands over must be what
/// the writing stages would have read themselves.
@Suite("Last bookkeeping")
struct LastBookkeepingTests {
    @Test("Read on another thread, the bookkeeping is the same as read in place, and is handed over once")
    func readBesideTheScan() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        for name in ["bridge.jpg", "dogs.jpg"] {
            try album.write(name, Data(contentsOf: Repo.sampleAlbum.appendingPathComponent(name)))
        }
        let options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates)
        _ = try Site.build(options)
        let theme = try Theme.load(Repo.templates)
        let key = MarkupVerdicts.themeKey(theme)
        let direct = LastBookkeeping.read(root: output.url, sourceDateEpoch: nil, themeKey: key)
        let reading = LastBookkeeping.startReading(root: output.url, sourceDateEpoch: nil, themeKey: key)
        let handed = try #require(reading.take())
        #expect(reading.take() == nil)
        #expect(handed.fingerprints.serialized == direct.fingerprints.serialized)
        #expect(handed.renditionIndex.serialized == direct.renditionIndex.serialized)
        let (handedOutput, handedVerdicts) = try handed.outputAndChecked.get()
        let (directOutput, directVerdicts) = try direct.outputAndChecked.get()
        #expect(handedOutput.owned == directOutput.owned)
        #expect(!handedOutput.owned.isEmpty)
        #expect(handedVerdicts.bytes == directVerdicts.bytes)
        #expect(handedVerdicts.entries.count == directVerdicts.entries.count && !handedVerdicts.entries.isEmpty)
    }

    @Test("An output folder that cannot be opened is the same error read on another thread")
    func outputThatIsAFile() throws {
        let folder = TemporaryFolder()
        try folder.write("site", Data("not a folder".utf8))
        let root = folder.file("site")
        let key = ContentHash.of(Array("theme".utf8))
        let direct = LastBookkeeping.read(root: root, sourceDateEpoch: nil, themeKey: key)
        let handed = try #require(LastBookkeeping.startReading(root: root, sourceDateEpoch: nil, themeKey: key).take())
        #expect(throws: (any Error).self) { try direct.outputAndChecked.get() }
        var directError: BuildError?, handedError: BuildError?
        if case .failure(let error) = direct.outputAndChecked { directError = error }
        if case .failure(let error) = handed.outputAndChecked { handedError = error }
        #expect(directError != nil && directError == handedError)
    }

    @Test("A rebuild that read the bookkeeping beside its scan, after a photo is added and another removed, equals a cold build")
    func rebuildEqualsColdBuild() throws {
        let album = TemporaryFolder(), output = TemporaryFolder(), cold = TemporaryFolder()
        for name in ["bridge.jpg", "dogs.jpg"] {
            try album.write(name, Data(contentsOf: Repo.sampleAlbum.appendingPathComponent(name)))
        }
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates))
        try album.write("later.jpg", Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("dandelions.jpg")))
        try FileManager.default.removeItem(at: album.file("dogs.jpg"))
        let rebuilt = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates))
        _ = try Site.build(BuildOptions(album: album.url, output: cold.url, templates: Repo.templates))
        #expect(rebuilt.photos.count == 2)
        #expect(try snapshot(output.url) == snapshot(cold.url))
    }
}
