import Dispatch
import Foundation
import Gallery

/// SIGINT (Ctrl-C) and SIGTERM during a build. The first asks the build to
/// stop cleanly through its ``BuildCancellation``: the photos being made
/// finish, temporary files go, the lock is released, and the build ends
/// with exit status 128 + the signal. A second one stops at once: what it
/// leaves half-written is what a kill leaves, which the next build cleans up.
///
/// Dispatch signal sources, not a handler: the handlers run on a queue as
/// ordinary code (a C signal handler could do almost nothing safely), while
/// the build keeps the main thread.
struct StopSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM]
    private let sources: [any DispatchSourceSignal]

    /// Starts handling SIGINT and SIGTERM for `cancellation`, until this
    /// value is released.
    init(for cancellation: BuildCancellation) {
        sources = Self.handled.map { number in
            // Ignored by default handling, so only the source sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                guard !cancellation.isCancelled else {
                    Console.error("cascade: stopped at once by a second \(number == SIGINT ? "SIGINT" : "SIGTERM"); "
                        + "the next build removes what was left half-written")
                    _exit(ExitStatus.stopped(by: number))
                }
                cancellation.cancel(signal: number)
            }
            source.resume()
            return source
        }
    }

    /// Back to the default handling (the build is over).
    func stop() {
        for source in sources { source.cancel() }
        for number in Self.handled { signal(number, SIG_DFL) }
    }
}
