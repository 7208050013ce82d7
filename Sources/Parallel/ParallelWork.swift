import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs independent pieces of work on a bounded number of threads and
/// returns their results in index order.
///
/// Cascade's one parallel map: decoding photos, rendering and checking pages
/// and reading headers all go through it, so there is one place where
/// threads meet shared state: the cursor is an `Atomic` and each worker's
/// results are handed over behind a `Mutex`, both from the standard
/// library's `Synchronization`, so the compiler checks it. The one unchecked
/// step is putting the results in order, after every worker has finished.
///
/// `jobs` workers each take the next index until none is left, so one slow
/// item (a 100-megapixel photo) does not hold up a fixed share of the others,
/// and at most `jobs` items are in flight — which is what bounds memory when
/// each item decodes an image. Up to one job per core runs on GCD's pool
/// (`concurrentPerform`, which may run fewer at once when the pool is busy
/// elsewhere); more jobs than cores get threads of their own, all at once.
public enum ParallelWork {
    /// `body(0) … body(count - 1)`, at most `jobs` at a time, results in
    /// index order. With `jobs == 1` or fewer than two items the work runs on
    /// the calling thread, in order. Inlinable, so the loop that runs `body`
    /// and keeps its results is specialized to the caller's result type.
    @inlinable
    public static func map<Result: Sendable>(
        count: Int, jobs: Int = ParallelWork.processorCount,
        _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let workers = max(1, min(jobs, count))
        if workers == 1 { return (0..<count).map(body) }
        let shared = SharedProgress<Result>(count: count)
        if workers <= processorCount {
            // GCD's pool is warm and as wide as the machine: the cheapest way
            // to run up to one job per core.
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                shared.drain(body)
            }
        } else {
            // More jobs than cores was asked for (work that waits on I/O):
            // GCD would cap it at the core count, so these get threads of
            // their own. Every thread is joined before `map` returns, so
            // `body` does not outlive the call (`withoutActuallyEscaping`
            // verifies it).
            withoutActuallyEscaping(body) { body in
                let work: @Sendable () -> Void = { shared.drain(body) }
                let helpers = (1..<workers).compactMap { _ in WorkerThread.start(work) }
                work()  // The calling thread is one of the workers.
                for helper in helpers { helper.join() }
            }
        }
        return shared.results()
    }

    /// `body(0) … body(count - 1)` as ``map(count:jobs:_:)`` gives them, each
    /// worker taking `run` consecutive items at a time: for many cheap items
    /// (100,000 photos' pages), where one item a turn would cost more in
    /// handing out than in work. The runs' results are moved into place, not copied.
    /// Inlinable, so each caller's items are made by code specialized to
    /// their type (unspecialized, each item paid for generic metadata lookups).
    @inlinable
    public static func map<Result: Sendable>(
        count: Int, run: Int, jobs: Int = ParallelWork.processorCount,
        _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        let run = max(1, run)
        var runs = map(count: (count + run - 1) / run, jobs: jobs) { part in
            (part * run..<min(count, (part + 1) * run)).map(body)
        }
        return [Result](unsafeUninitializedCapacity: count) { slots, initialized in
            // From the last run's last item back: `popLast` moves each out.
            var next = count
            while var items = runs.popLast() {
                while let item = items.popLast() {
                    next -= 1
                    (slots.baseAddress! + next).initialize(to: consume item)
                }
            }
            precondition(next == 0, "a parallel map lost a result")
            initialized = count
        }
    }

    /// `first()` and `second()` at once (on one thread when the machine has
    /// one core): two independent loads of a rebuild, say.
    public static func both<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let results = map(count: 2) { index -> (First?, Second?) in index == 0 ? (first(), nil) : (nil, second()) }
        return (results[0].0!, results[1].1!)
    }

    /// The number of cores the process may use.
    public static var processorCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}

extension Collection where Element: Sendable, Index == Int {
    /// `map` on every core (or `jobs` threads), results in the collection's
    /// order: for independent, pure per-element work such as checking pages.
    public func concurrentMap<Mapped: Sendable>(
        jobs: Int = ParallelWork.processorCount, _ transform: @Sendable (Element) -> Mapped
    ) -> [Mapped] {
        let elements = Array(self)
        return ParallelWork.map(count: elements.count, jobs: jobs) { transform(elements[$0]) }
    }
}

extension Collection where Element: Sendable, Index == Int {
    /// The elements `isIncluded` keeps, in order, asked on every core in runs
    /// of `run`: for a cheap question asked of many elements (is each of
    /// 200,000 paths in a set?), where hashing them is the work.
    @inlinable
    public func concurrentFilter(run: Int = 4096, _ isIncluded: @Sendable (Element) -> Bool) -> [Element] {
        let elements = Array(self)
        let kept = ParallelWork.map(count: elements.count, run: run) { isIncluded(elements[$0]) }
        var result: [Element] = []
        for (element, keeps) in zip(elements, kept) where keeps { result.append(element) }
        return result
    }
}

/// The next index to hand out and the finished results of one `map`.
///
/// Each worker keeps what it made beside the index it made it for and hands
/// the lot over once, when no index is left: a lock taken per result was
/// contended on every item of a 100,000-page map (storing results took 256
/// of an add's samples at 2 kHz, about 0.13 s of CPU, in an album of 100,000).
@usableFromInline
final class SharedProgress<Result: Sendable>: Sendable {
    @usableFromInline let cursor = Atomic<Int>(0)
    @usableFromInline let count: Int
    /// Each finished worker's results and, beside them, their indices.
    @usableFromInline let finished: Mutex<[(indices: [Int], results: [Result])]> = Mutex([])

    @inlinable
    init(count: Int) {
        self.count = count
    }

    @inlinable
    func next() -> Int? {
        let index = cursor.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }

    /// Takes and runs the next index until none is left.
    @inlinable
    func drain(_ body: (Int) -> Result) {
        var indices: [Int] = [], results: [Result] = []
        while let index = next() {
            indices.append(index)
            results.append(body(index))
        }
        let made = (indices, results)
        finished.withLock { $0.append(made) }
    }

    /// The results in index order, once every worker has been joined: every
    /// index was handed out exactly once, so each slot is filled exactly once.
    @inlinable
    func results() -> [Result] {
        var lists = finished.withLock { lists in
            defer { lists = [] }
            return lists
        }
        // Counted first: only then is it sure that each slot is written once
        // (the cursor hands each index out once), so none is left unset.
        precondition(lists.reduce(0) { $0 + $1.indices.count } == count, "a parallel map lost a result")
        return [Result](unsafeUninitializedCapacity: count) { slots, initialized in
            // Moved out, not copied: each worker's list is taken whole, then
            // emptied from its end (a result apart from its index, so nothing is copied).
            while var list = lists.popLast() {
                while let result = list.results.popLast() {
                    (slots.baseAddress! + list.indices.removeLast()).initialize(to: consume result)
                }
            }
            initialized = count
        }
    }
}
