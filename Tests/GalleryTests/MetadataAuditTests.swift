import Foundation
import Gallery
import Testing

/// The audit's library side on real files: findings per file, in byte order.
@Suite struct MetadataAuditTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("XMPTests/Fixtures")

    @Test func findingsOfTheFixtures() {
        var findings: [AuditFinding] = []
        MetadataAudit.run(Self.fixtures.path) { findings.append($0) }
        #expect(findings.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["layered.jpg", "xmp.png"])
        #expect(findings.last?.carries == ["XMP photoshop:City"])
        #expect(findings.allSatisfy { $0.error == nil })
    }

    @Test func unreadableFolderIsReported() {
        var findings: [AuditFinding] = []
        MetadataAudit.run("/nonexistent-cascade-audit") { findings.append($0) }
        #expect(findings.count == 1)
        #expect(findings.first?.error == "No such file or directory")
    }
}
