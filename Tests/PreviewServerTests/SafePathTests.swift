import Testing
@testable import PreviewServer

/// Target → safe path, with every payload of security notes §6.
@Suite struct SafePathTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var target: String
        var status: Int
        var testDescription: String { target }
    }

    /// Each is refused before any file is looked at.
    static let refused: [Case] = [
        Case(target: "/../../../../etc/passwd", status: 400),
        Case(target: "/%2e%2e/%2e%2e/etc/passwd", status: 400),
        Case(target: "/%2E%2E/%2E%2E/etc/passwd", status: 400),
        Case(target: "/..%2f..%2f..%2fetc%2fpasswd", status: 400),
        Case(target: "/.%2e/.%2e/etc/passwd", status: 400),
        Case(target: "/album/..%2f..%2f..%2fetc/passwd", status: 400),
        Case(target: "/..%5c..%5cetc%5cpasswd", status: 400),
        Case(target: "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", status: 400),
        Case(target: "/..%c0%af..%c0%afetc/passwd", status: 400),
        Case(target: "/index.html%00.jpg", status: 400),
        Case(target: "/%zz", status: 400),
        Case(target: "/%", status: 400),
        Case(target: "/%2", status: 400),
        Case(target: "../secret.txt", status: 400),
        Case(target: "../secret/secret.txt", status: 400),
        Case(target: "http://localhost/../../etc/passwd", status: 400),
        Case(target: "//etc/passwd", status: 400),
        Case(target: "//evil.com/%2e%2e%2f..", status: 400),
        Case(target: "/\\evil.com/%2e%2e%2f", status: 400),
        Case(target: "/../site-secret/x", status: 400),
        Case(target: "/a//b", status: 400),
        Case(target: "/./index.html", status: 400),
        Case(target: "/a/%0a/b", status: 400),
        Case(target: "*", status: 400),
        Case(target: "/.git/config", status: 404),
        Case(target: "/.cache/x", status: 404),
        Case(target: "/.hidden/config.txt", status: 404),
        Case(target: "/.cascade-manifest", status: 404),
        Case(target: "/album/%2ecascade-sources", status: 404),
    ]

    @Test(arguments: refused)
    func refusedTargets(_ c: Case) {
        #expect(throws: RequestError.self) { try SafePath(target: c.target) }
        do {
            _ = try SafePath(target: c.target)
        } catch {
            #expect(error.status.rawValue == c.status, "\(error)")
        }
    }

    struct Accepted: Sendable, CustomTestStringConvertible {
        var target: String
        var segments: [String]
        var slash: Bool
        var testDescription: String { target }
    }

    static let accepted: [Accepted] = [
        Accepted(target: "/", segments: [], slash: true),
        Accepted(target: "/index.html", segments: ["index.html"], slash: false),
        Accepted(target: "/Small%20things/", segments: ["Small things"], slash: true),
        Accepted(target: "/a/b.jpg?v=1&x=../..", segments: ["a", "b.jpg"], slash: false),
        // Decoded exactly once: the double-encoded dots stay a literal name.
        Accepted(target: "/%252e%252e%252fetc%252fpasswd", segments: ["%2e%2e%2fetc%2fpasswd"], slash: false),
        Accepted(target: "/caf%C3%A9.jpg", segments: ["café.jpg"], slash: false),
        Accepted(target: "/a..b/c...", segments: ["a..b", "c..."], slash: false),
    ]

    @Test(arguments: accepted)
    func acceptedTargets(_ c: Accepted) throws {
        let path = try SafePath(target: c.target)
        #expect(path.segments == c.segments)
        #expect(path.endsInSlash == c.slash)
    }

    /// A folder's redirect has one leading slash and encodes what must be.
    @Test func folderLocationNeverStartsWithTwoSlashes() throws {
        #expect(try SafePath(target: "/Small%20things").folderLocation == "/Small%20things/")
        #expect(try SafePath(target: "/a/b").folderLocation == "/a/b/")
        #expect(try SafePath(target: "/caf%C3%A9").folderLocation == "/caf%C3%A9/")
        #expect(throws: RequestError.self) { try SafePath(target: "/%5Cevil.com") }
    }
}
