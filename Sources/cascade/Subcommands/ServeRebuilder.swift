import Foundation
import Gallery
import PreviewServer
import Synchronization

/// Runs the builds of `cascade serve`, one at a time, and tells the pages.
final class ServeRebuilder: Sendable {
    let options: BuildOptions
    private let listeners = Mutex<LiveReloadHub?>(nil)

    init(options: BuildOptions) {
        self.options = options
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

    /// Builds once and reports it; the error's text when it failed (a
    /// failed build writes nothing, so the last good site stays).
    func build(first: Bool) -> String? {
        let start = Date()
        do {
            let report = try Site.build(options, warn: { warning in
                Console.error("cascade: \(warning.isNotice ? "note" : "warning"): \(warning)")
            })
            let count = report.publishedPhotos
            let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
            Console.error("cascade: \(first ? "built" : "rebuilt") \(count) photo\(count == 1 ? "" : "s") in \(seconds) s")
            return nil
        } catch {
            Console.error("cascade: error: \(error)")
            return "\(error)"
        }
    }
}
