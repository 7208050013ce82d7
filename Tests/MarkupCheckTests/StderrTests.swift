#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import MarkupCheck

/// libxml2 prints every error to stderr by default; the check must not.
@Suite("Silence")
struct StderrTests {
    static let probe = "markupcheck-stderr-probe"

    @Test("Nothing reaches stderr while checking bad pages")
    func silent() throws {
        let bad = [
            TestPages.page(body: "<p>\(Self.probe) &nbsp;</p>"),
            TestPages.page(body: "<div>\(Self.probe)"),
            TestPages.page(body: "<p \(Self.probe)=1>x</p>"),
            TestPages.page(body: "<p><\(Self.probe):b>y</\(Self.probe):b></p>"),
            "<!DOCTYPE html [<!ENTITY \(Self.probe) SYSTEM \"http://127.0.0.1:9/x\">]><html>&\(Self.probe);</html>",
            "<?xml version=\"9.0\"?><html xmlns=\"\(Self.probe)\"><\(Self.probe) /></html>",
        ]
        var results: [[MarkupIssue]] = []
        let captured = try Self.capturingStderr {
            let control = Array("control-\(Self.probe)\n".utf8)
            _ = control.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            results = bad.map { PageCheck.check($0) }
        }
        // Asserted after stderr is back, so a failure's text is not captured.
        #expect(results.allSatisfy { !$0.isEmpty })
        // The control line proves the capture works; the tests of other
        // modules may write to stderr meanwhile, so only libxml2's traces count.
        #expect(captured.contains("control-\(Self.probe)"))
        let lines = captured.split(separator: "\n").filter { !$0.hasPrefix("control-") }
        #expect(!lines.contains { $0.contains(Self.probe) || $0.contains("parser error") || $0.contains("namespace error") })
    }

    /// Runs `body` with file descriptor 2 sent into a pipe; returns what was written.
    static func capturingStderr(_ body: () -> Void) throws -> String {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        // Never block a writer on a full pipe.
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        fflush(nil)
        let saved = dup(2)
        try #require(saved >= 0)
        dup2(fds[1], 2)
        close(fds[1])
        body()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fds[0], &chunk, chunk.count)
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        return String(decoding: output, as: UTF8.self)
    }
}
