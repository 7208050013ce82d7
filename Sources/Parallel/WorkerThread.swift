#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX thread running one closure, joined by its starter.
///
/// `ParallelWork` starts these when asked for more jobs than there are
/// cores: GCD caps a concurrent perform at its pool's width, so `--jobs 8`
/// on two cores would run two at a time.
@usableFromInline
struct WorkerThread {
    private let thread: pthread_t

    /// Starts `work` on a new thread; nil if the system has no thread to give.
    @usableFromInline
    static func start(_ work: @escaping @Sendable () -> Void) -> WorkerThread? {
        let context = Unmanaged.passRetained(Job(work)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            // The thread owns the job from here and releases it when done.
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.work()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
        return WorkerThread(thread: thread)
    }

    /// Waits for the thread to finish.
    @usableFromInline
    func join() {
        pthread_join(thread, nil)
    }
}

/// What a worker thread runs, boxed to cross `pthread_create`'s `void *`.
private final class Job: Sendable {
    let work: @Sendable () -> Void

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
    }
}
