import Foundation
import Testing

/// `--order` on `layout`, `build` and `serve`, and `cascade.json`'s `"order"`.
struct OrderFlagTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-order-\(UUID().uuidString)")
    var album: URL { root.appendingPathComponent("album") }
    var site: URL { root.appendingPathComponent("site") }

    init() throws {
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for name in ["bridge-cables.jpg", "bridge.jpg", "chelsea.png", "dogs.jpg", "rocket.jpg", "hubble.jpg",
                     "astronaut.png", "dandelion-strip.jpg", "clock.jpg", "lamp-bird-tall.jpg", "analog.jpg"] {
            try FileManager.default.copyItem(at: samplePhoto(name), to: album.appendingPathComponent(name))
        }
    }

    /// Two columns of 100 px, no gaps: squares fill both, then 50, 50, 100 px.
    /// `shortest` ends 250 / 150; `balanced` puts both 50s in column 0: 200 / 200.
    @Test(arguments: [("shortest", "250", [0, 1, 0, 1, 0]), ("balanced", "200", [0, 1, 0, 0, 1])])
    func layoutEvensTheBottomsWithBalanced(_ order: String, _ height: String, _ columns: [Int]) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try layout(["--columns", "2", "--width", "200", "--gap", "0", "--order", order],
                             input: "100x100\n100x100\n200x100\n200x100\n100x100\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("{\"contentHeight\":\(height),"))
        let found = run.stdout.split(separator: "\n").dropFirst().compactMap { line in
            line.range(of: "\"column\":").map { Int(line[$0.upperBound...].prefix { $0.isNumber })! }
        }
        #expect(found == columns)
    }

    @Test func aBadOrderIsAOneLineUsageError() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        for command in ["build", "serve"] {
            let run = try Binary.run([command, album.path, "-o", site.path, "--order", "sideways"])
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("--order needs \"shortest\" or \"balanced\", not 'sideways'"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        try Data("{\n  \"order\": \"lanes\"\n}\n".utf8).write(to: album.appendingPathComponent("cascade.json"))
        let run = try Binary.run(["build", album.path, "-o", site.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cascade.json':2:3: \"order\""), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func theFileAndTheFlagChooseTheGridOrder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        func page(_ arguments: [String]) throws -> String {
            let run = try Binary.run(["build", album.path, "-o", site.path, "--quiet"] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
            return try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        }
        let balanced = try page([])
        let shortest = try page(["--order", "shortest"])
        #expect(balanced != shortest)
        #expect(try page(["--order", "balanced"]) == balanced)
        try Data(#"{"order": "shortest"}"#.utf8).write(to: album.appendingPathComponent("cascade.json"))
        #expect(try page([]) == shortest)
        #expect(try page(["--order", "balanced"]) == balanced)
        // The panorama spans two columns wherever there are two or more.
        #expect(balanced.contains("--p2:2"))
    }
}
