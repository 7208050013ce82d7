import Testing
import XMP

/// Hostile packets end in a typed error, never in network access, entity
/// expansion or unbounded work.
@Suite struct XMPSecurityTests {
    static func reason(_ text: String) -> XMPError.Reason? {
        do {
            _ = try XMPPacket.parse(Array(text.utf8))
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func doctypeIsRefused() {
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">&b;</rdf:RDF>
            """
        #expect(Self.reason(laughs) == .documentTypeDeclaration)
        let external = """
            <!DOCTYPE r SYSTEM "http://example.com/x.dtd"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>
            """
        #expect(Self.reason(external) == .documentTypeDeclaration)
    }

    @Test func undeclaredEntityIsNotWellFormed() {
        guard case .notWellFormed = Self.reason("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">&x;</rdf:RDF>") else {
            Issue.record("expected notWellFormed")
            return
        }
    }

    @Test func deepNestingIsCapped() {
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(Self.reason(deep) == .tooDeep(XMPPacket.maxDepth))
    }

    @Test func oversizedIsRefused() {
        let big = [UInt8](repeating: 0x41, count: XMPPacket.maxLength + 1)
        #expect(throws: XMPError(reason: .tooLarge(XMPPacket.maxLength), offset: XMPPacket.maxLength)) {
            try XMPPacket.parse(big)
        }
    }

    @Test(arguments: ["", "\0\0  ", "<a>", "<a></b>", "not xml"])
    func brokenInputIsAnError(text: String) {
        #expect(Self.reason(text) != nil)
    }

    @Test func xmlWithoutRDF() {
        #expect(Self.reason("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>") == .noRDF)
    }

    @Test func errorSaysWhere() throws {
        let error = try #require(throws: XMPError.self) { try XMPPacket.parse(Array("<a>\n<b>\n</a>".utf8)) }
        #expect(error.line != nil)
        #expect(error.description.contains("line"))
    }
}
