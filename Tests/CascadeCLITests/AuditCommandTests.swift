import Foundation
import Testing

/// `cascade audit`: which files it lists, hidden files and sidecars included,
/// links not followed; exit 1 when anything is found, 0 when not, 2 on misuse.
@Suite struct AuditCommandTests {
    static let fixtures = Binary.repo.appendingPathComponent("Tests/XMPTests/Fixtures")

    /// Real exiftool-made files: one with GPS, IPTC city, serials and owner in
    /// a hidden folder, a PNG with an XMP city, a clean JPEG, a sidecar with
    /// a serial number, a non-image, and a link to the GPS file.
    static func makeTree() throws -> URL {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("cascade-audit-\(UUID().uuidString)")
        try manager.createDirectory(at: root.appendingPathComponent(".originals"), withIntermediateDirectories: true)
        try manager.copyItem(at: fixtures.appendingPathComponent("layered.jpg"), to: root.appendingPathComponent(".originals/a.jpg"))
        try manager.copyItem(at: fixtures.appendingPathComponent("xmp.png"), to: root.appendingPathComponent("b.png"))
        try manager.copyItem(at: fixtures.appendingPathComponent("exif-multiline.jpg"), to: root.appendingPathComponent("clean.jpg"))
        let sidecar = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:exifEX="http://cipa.jp/exif/1.0/" exifEX:BodySerialNumber="123"/></rdf:RDF></x:xmpmeta>
            """
        try Data(sidecar.utf8).write(to: root.appendingPathComponent("clean.jpg.xmp"))
        try Data("not an image".utf8).write(to: root.appendingPathComponent("notes.txt"))
        try manager.createSymbolicLink(at: root.appendingPathComponent("link.jpg"),
                                       withDestinationURL: root.appendingPathComponent(".originals/a.jpg"))
        return root
    }

    @Test func listsEachCarrierOncePerLineAndExits1() throws {
        let root = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["audit", root.path])
        #expect(run.status == 1)
        let path = root.path
        #expect(run.stdout == """
            \(path)/.originals/a.jpg\tExif GPS, IPTC City, Exif BodySerialNumber, Exif LensSerialNumber, XMP aux:SerialNumber, Exif CameraOwnerName
            \(path)/b.png\tXMP photoshop:City
            \(path)/clean.jpg.xmp\tsidecar XMP exifEX:BodySerialNumber

            """)
        #expect(run.stderr.isEmpty)
    }

    @Test func cleanFolderExits0() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("cascade-audit-clean-\(UUID().uuidString)")
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: root) }
        try manager.copyItem(at: Self.fixtures.appendingPathComponent("exif-multiline.jpg"), to: root.appendingPathComponent("a.jpg"))
        let run = try Binary.run(["audit", root.path])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
    }

    @Test(arguments: [[], ["a", "b"], ["/nonexistent-cascade-audit"]])
    func usageErrorsExit2(arguments: [String]) throws {
        let run = try Binary.run(["audit"] + arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("cascade: "))
    }

    /// The build's one-line privacy verdict agrees with `cascade audit` on its output.
    @Test func theBuildsVerdictMatchesTheAuditOfItsOutput() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-verdict-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let album = root.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        // aitzgorri.jpg carries EXIF GPS (Tests/Fixtures/SamplePhotos/LICENSES.md); coffee.jpg does not.
        for name in ["aitzgorri.jpg", "coffee.jpg"] {
            try FileManager.default.copyItem(at: samplePhoto(name), to: album.appendingPathComponent(name))
        }
        for (flags, clean) in [([String](), true), (["--originals"], true), (["--originals", "--keep-metadata"], false)] {
            let site = root.appendingPathComponent("site-\(flags.count)")
            let build = try Binary.run(["build", album.path, "--output", site.path] + flags)
            #expect(build.status == 0, "\(build.stderr)")
            let audit = try Binary.run(["audit", site.path])
            if clean {
                #expect(build.stderr.contains("privacy: no file this build published carries GPS"))
                #expect(audit.status == 0 && audit.stdout.isEmpty)
            } else {
                #expect(build.stderr.contains("privacy: 1 published file carries private metadata (Exif GPS"))
                #expect(audit.status == 1)
                #expect(audit.stdout == site.appendingPathComponent("photos/aitzgorri.jpg").path + "\tExif GPS\n")
            }
        }
    }
}
