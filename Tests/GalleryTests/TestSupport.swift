import Foundation
@testable import Gallery
import ImageHeaders
import MarkupCheck
import Mustache
import Testing

/// Repository paths, found from this file so tests run from any working folder.
enum Repo {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The sample album as shipped: a tree of albums.
    static let sampleLibrary = root.appendingPathComponent("SampleAlbum")
    /// The test photos (`Tests/Fixtures/SamplePhotos`): real photographs with
    /// made-up EXIF (captions, one of them hostile, cameras, dates, GPS,
    /// orientation tags), kept apart from the shipped sample album so the
    /// tests never depend on how the sample is curated.
    static let testPhotos = root.appendingPathComponent("Tests/Fixtures/SamplePhotos")
    /// Every test photo in one flat folder (made once per test run) with its
    /// `manifest.tsv`, for the tests about a single album's page and layout.
    static let sampleAlbum: URL = {
        let flat = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-sample-flat-\(getpid())")
        try? FileManager.default.removeItem(at: flat)
        try? FileManager.default.createDirectory(at: flat, withIntermediateDirectories: true)
        for (name, path) in samplePhotoPaths {
            try? FileManager.default.copyItem(at: path, to: flat.appendingPathComponent(name))
        }
        try? FileManager.default.copyItem(at: testPhotos.appendingPathComponent("manifest.tsv"),
                                          to: flat.appendingPathComponent("manifest.tsv"))
        return flat
    }()

    /// Each test photo's file name and where it lives.
    static let samplePhotoPaths: [(String, URL)] = {
        var result: [(String, URL)] = []
        let base = testPhotos.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        for case let relative as String in walker {
            let name = (relative as NSString).lastPathComponent
            if ["jpg", "png"].contains((name as NSString).pathExtension.lowercased()) {
                result.append((name, URL(fileURLWithPath: base + "/" + relative)))
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }()
    static let templates = root.appendingPathComponent("Templates")
}

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryFolder: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("cascade-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func write(_ name: String, _ data: Data) throws {
        let target = file(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
    }
}

/// Every regular file under `folder` with its bytes, for before/after comparisons.
func snapshot(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
    for case let relative as String in walker {
        let path = base + "/" + relative
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }
    return result
}

/// The sample album's own truth table: file → display size.
func sampleManifest() throws -> [String: (width: Int, height: Int)] {
    let text = try String(contentsOf: Repo.sampleAlbum.appendingPathComponent("manifest.tsv"), encoding: .utf8)
    var result: [String: (width: Int, height: Int)] = [:]
    for line in text.split(separator: "\n").dropFirst() {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 6, let w = Int(fields[4]), let h = Int(fields[5]) else { continue }
        result[fields[0]] = (w, h)
    }
    return result
}

/// The script the default theme is allowed to put on its pages.
func themeAllowance() throws -> ScriptAllowance {
    let library = try TemplateLibrary.load(directory: Repo.templates)
    return ScriptAllowance(templateSources: library.templates.keys.sorted().compactMap { library[$0]?.source })
}

/// The header of a sample-album photo, as the build's scan reads it.
func sampleHeader(_ name: String) throws -> ImageHeader {
    try ImageHeader.read(fileAt: Repo.sampleAlbum.appendingPathComponent(name).path)
}
