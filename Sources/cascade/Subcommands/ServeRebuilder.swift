import Foundation
import Gallery
import PreviewServer
import Synchronization

/// Runs the builds of `cascade serve`, one at a time: after each good one the
/// server serves exactly the files its manifest lists, and the pages hear
/// how it went. A failed build keeps the last good list; before the first
/// good one, every request gets the failure page.
final class ServeRebuilder: Sendable {
    let options: BuildOptions
    /// What the server answers with; replaced after each good build.
    let files: ServedFiles
    private let listeners = Mutex<LiveReloadHub?>(nil)

    init(options: BuildOptions, files: ServedFiles) {
        self.options = options
        self.files = files
    }

    /// Where build outcomes go, once the server is up.
    var hub: LiveReloadHub? {
        get { listeners.withLock { $0 } }
        set { listeners.withLock { $0 = newValue } }
    }

    /// A change was seen: build again and tell the pages.
    func rebuild() {
        if let failure = build(first: false) {
            hub?.buildFailed(failure)
        } else {
            hub?.buildSucceeded()
        }
    }

    /// Builds once, publishes what the build made and reports it; the
    /// error's text when it failed (a failed build writes nothing, so the
    /// last good site stays).
    func build(first: Bool) -> String? {
        let start = Date()
        do {
            let report = try Site.build(options, warn: { warning in
                Console.error("cascade: \(warning.isNotice ? "note" : "warning"): \(warning)")
            })
            try publish()
            let count = report.publishedPhotos
            let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
            Console.error("cascade: \(first ? "built" : "rebuilt") \(count) photo\(count == 1 ? "" : "s") in \(seconds) s")
            for album in report.unlisted where first {
                Console.error("cascade: note: \(album.kind) '\(album.album)' is served at /\(album.path)")
            }
            return nil
        } catch {
            Console.error("cascade: error: \(error)")
            files.recordFailure("\(error)")
            return "\(error)"
        }
    }

    /// Serves the files the build's manifest lists, and no others.
    private func publish() throws {
        let published = try PublishedFiles.read(outputFolder: options.output.path)
        try files.publish(PublishedSet(published.paths))
    }
}
