import Foundation
import Testing

/// `cascade scan`: output forms, order, errors and exit status, on the built binary.
@Suite struct ScanCommandTests {
    static let fixtures = Binary.repo.appendingPathComponent("Tests/ImageHeadersTests/Fixtures")

    /// A folder with a nested folder, names that sort differently in natural
    /// and plain order, a hidden file, a non-image and a symlink.
    static func makeTree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-scan-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try manager.copyItem(at: fixtures.appendingPathComponent("recurser-exif-orientation-examples/Portrait_6.jpg"),
                             to: root.appendingPathComponent("img10.jpg"))
        try manager.copyItem(at: fixtures.appendingPathComponent("libavif/clop_irot_imor.avif"),
                             to: root.appendingPathComponent("img2.avif"))
        try manager.copyItem(at: fixtures.appendingPathComponent("image-size/valid/svg/viewbox.svg"),
                             to: root.appendingPathComponent("sub/a.svg"))
        try Data("not an image".utf8).write(to: root.appendingPathComponent("notes.bin"))
        try Data("hidden".utf8).write(to: root.appendingPathComponent(".hidden"))
        try manager.createSymbolicLink(at: root.appendingPathComponent("link.jpg"),
                                       withDestinationURL: root.appendingPathComponent("img10.jpg"))
        return root
    }

    @Test func plainLinesInNaturalOrderAndExit1OnAnError() throws {
        let root = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["scan", root.path])
        #expect(run.status == 1)
        let path = root.path
        #expect(run.stdout == """
            \(path)/img2.avif\tavif\t12x34\t8\t34x12
            \(path)/img10.jpg\tjpeg\t1800x1200\t6\t1200x1800
            \(path)/notes.bin\terror\tnot a supported image format (unrecognised signature)
            \(path)/sub/a.svg\tsvg\t123x456\t-\t123x456

            """)
        #expect(run.stderr.isEmpty)
    }

    /// `scan` walks folders with `build`'s rules: the notes, sidecars and
    /// `album.json` an album holds are passed over, not reported as errors.
    @Test func companionFilesAreSkippedLikeBuildSkipsThem() throws {
        let root = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("notes.bin"))
        for name in ["LICENSES.md", "img10.jpg.xmp", "album.json", "sub/index.md", "picasa.ini"] {
            try Data("{}".utf8).write(to: root.appendingPathComponent(name))
        }
        let run = try Binary.run(["scan", root.path])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 3)
        #expect(!run.stdout.contains("error"))
    }

    /// The pipe the README shows, on the sample album as shipped.
    @Test func scanOfTheSampleAlbumPipesIntoLayout() throws {
        let scan = try Binary.run(["scan", "--json", Binary.repo.appendingPathComponent("SampleAlbum").path])
        #expect(scan.status == 0)
        let layout = try Binary.run(["layout", "--min-column-width", "200"], input: scan.stdout)
        #expect(layout.status == 0)
        #expect(layout.stderr.isEmpty)
    }

    @Test func jsonLinesWithStableKeys() throws {
        let root = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["scan", "--json", root.appendingPathComponent("img10.jpg").path,
                                  root.appendingPathComponent("sub").path, root.appendingPathComponent("missing").path])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let path = root.path
        #expect(lines == [
            #"{"path":"\#(path)/img10.jpg","format":"jpeg","width":1800,"height":1200,"orientation":6,"displayWidth":1200,"displayHeight":1800}"#,
            #"{"path":"\#(path)/sub/a.svg","format":"svg","width":123,"height":456,"orientation":null,"displayWidth":123,"displayHeight":456}"#,
            #"{"path":"\#(path)/missing","error":"No such file or directory"}"#,
        ])
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test func allReadExits0AndOutputIsDeterministic() throws {
        let folder = Self.fixtures.appendingPathComponent("libheif")
        let first = try Binary.run(["scan", folder.path])
        let second = try Binary.run(["scan", folder.path])
        #expect(first.stdout == second.stdout)
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.count == 26)
        #expect(lines.contains { $0.hasSuffix("rainbow-451x461.heic\theic\t452x462\t-\t451x461") })
        let valid = try Binary.run(["scan", folder.appendingPathComponent("rainbow-451x461.heic").path,
                                    folder.appendingPathComponent("lightning_mini.heif").path])
        #expect(valid.status == 0)
        #expect(valid.stdout.hasSuffix("lightning_mini.heif\theif\t256x256\t1\t256x256\n"))
    }

    @Test func namesWithControlCharactersStayOnOneLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("image-rs/gif/simple/sample_1.gif"),
                                         to: root.appendingPathComponent("a\tb\nc\".gif"))
        let plain = try Binary.run(["scan", root.path])
        #expect(plain.stdout == "\(root.path)/a\\tb\\nc\".gif\tgif\t10x10\t-\t10x10\n")
        let json = try Binary.run(["scan", "--json", root.path])
        #expect(json.stdout.contains(#"a\tb\nc\".gif""#))
        #expect(json.stdout.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        UsageCase(arguments: ["scan"], mentions: "scan needs at least one file or folder"),
        UsageCase(arguments: ["scan", "--jsn", "x"], mentions: "unknown option '--jsn'"),
        UsageCase(arguments: ["scan", "--json=yes", "x"], mentions: "the option '--json' does not take any value, but 'yes' was specified"),
    ])
    func usageErrorsExit2(_ c: UsageCase) throws {
        let run = try Binary.run(c.arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(c.mentions), "\(run.stderr)")
    }

    @Test func helpListsScan() throws {
        let help = try Binary.run(["scan", "--help"])
        #expect(help.stdout.contains("cascade scan [--json] PATH..."))
    }
}
