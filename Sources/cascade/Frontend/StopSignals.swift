import Foundation
import Gallery

/// SIGINT (Ctrl-C) and SIGTERM during a build. The first asks the build to
/// stop cleanly through ``cancellation``: the photos being made finish,
/// temporary files go, the lock is released, and the build ends with exit
/// status 128 + the signal. A second one stops at once: what it leaves
/// half-written is what a kill leaves, which the next build cleans up.
///
/// A `sigaction` handler, not a Dispatch signal source: a source's handler
/// waits for a free thread of the pool, which the build's own work may hold
/// for as long as a large photo takes, and "at once" must not wait. The
/// handler does only what is safe in one: an atomic store, or `write` of a
/// constant and `_exit`.
enum StopSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM]
    /// The build's cancellation; a C signal handler captures nothing, so it is here.
    static let cancellation = BuildCancellation()

    /// Starts handling SIGINT and SIGTERM.
    static func install() {
        _ = cancellation  // Made now, never first inside the handler.
        // A parent may start us with these blocked (a thread of Dispatch's
        // pool blocks every signal, and its children inherit the mask): the
        // main thread takes them, the pool's threads keep them blocked.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in handled { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for number in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = stopSignalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Back to the default handling (the build is over).
    static func remove() {
        for number in handled { signal(number, SIG_DFL) }
    }

    fileprivate static let atOnceSIGINT: StaticString =
        "cascade: stopped at once by a second SIGINT; the next build removes what was left half-written\n"
    fileprivate static let atOnceSIGTERM: StaticString =
        "cascade: stopped at once by a second SIGTERM; the next build removes what was left half-written\n"
}

private func stopSignalHandler(_ number: Int32) {
    guard StopSignals.cancellation.isCancelled else {
        StopSignals.cancellation.cancel(signal: number)
        return
    }
    let message = number == SIGINT ? StopSignals.atOnceSIGINT : StopSignals.atOnceSIGTERM
    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
    _exit(ExitStatus.stopped(by: number))
}
