import Foundation
@testable import Gallery
import Synchronization
import Testing

/// Every slow stage of a build reports counts, not only the renditions: a
/// 100,000-photo build spends most of a rebuild scanning and checking pages.
@Suite("Build progress")
struct BuildProgressTests {
    /// Everything `progress` heard, in order.
    final class Heard: Sendable {
        let reports = Mutex<[BuildProgress]>([])
        func stage(_ name: String) -> [BuildProgress] { reports.withLock { $0.filter { $0.stage == name } } }
    }

    @Test("Scan, pages, checks, renditions and writes each count up to their total",
          arguments: ["scan", "pages", "checks", "renditions", "write"])
    func stageCounts(stage: String) throws {
        let folder = TemporaryFolder()
        let heard = Heard()
        let report = try Site.build(BuildOptions(album: Repo.sampleAlbum, output: folder.url, templates: Repo.templates),
                                    progress: { progress in heard.reports.withLock { $0.append(progress) } })
        let reports = heard.stage(stage)
        try #require(!reports.isEmpty)
        let total = try #require(reports.first?.total)
        #expect(reports.allSatisfy { $0.total == total && $0.done <= total })
        #expect(reports.map(\.done).max() == total)
        switch stage {
        case "scan": #expect(total >= report.photos.count)
        case "pages": #expect(total > report.pages)  // Pages and the assets.
        case "checks", "write": #expect(total >= report.pages)
        default: #expect(total > 0)
        }
    }

    @Test("A full rebuild with nothing changed still reports its scan; its unchanged pages are not checked again")
    func rebuild() throws {
        let folder = TemporaryFolder()
        let options = BuildOptions(album: Repo.sampleAlbum, output: folder.url, templates: Repo.templates)
        _ = try Site.build(options)
        // Without its stamp, which would stop the build before the scan (``UnchangedBuildTests``).
        BuildSnapshot.remove(from: folder.url)
        let heard = Heard()
        _ = try Site.build(options, progress: { progress in heard.reports.withLock { $0.append(progress) } })
        #expect(heard.stage("scan").map(\.done).max() == heard.stage("scan").first?.total)
        #expect(!heard.stage("pages").isEmpty)
        #expect(heard.stage("checks").isEmpty)
    }
}
