import Synchronization

/// What the server may answer with, replaced by its owner after each build:
/// the files the last good build published in the folder ``root``, or,
/// while no build has succeeded yet, nothing at all and the reason, which
/// every request then gets as an error page.
///
/// The server never lists or guesses: a file is served only if the current
/// ``PublishedSet`` names it, and it is opened beneath the folder without
/// following links. The module knows nothing of how a build decides what it
/// published; the caller hands it the list.
public final class ServedFiles: Sendable {
    /// What requests are answered from now.
    enum Snapshot: Sendable {
        /// No build succeeded yet: the error page, with this reason.
        case unavailable(reason: String)
        /// The last good build's files, in the folder held open.
        case published(PublishedSet, ServedRoot)
    }

    /// The folder served (the build's output); it need not exist until the
    /// first ``publish(_:)``.
    public let root: String
    private let method: BeneathOpen.Method
    private let state: Mutex<Snapshot>
    /// Counts the changes of `state`, so a ``Reader`` can tell, without
    /// taking the lock, that its copy is still current (a lock taken by
    /// every request of every connection showed in profiles).
    private let generation = Atomic<Int>(0)

    /// Nothing served yet; `reason` is shown until a build publishes.
    public convenience init(root: String, reason: String = "No build has finished yet.") {
        self.init(root: root, reason: reason, method: .automatic)
    }

    init(root: String, reason: String, method: BeneathOpen.Method) {
        self.root = root
        self.method = method
        state = Mutex(.unavailable(reason: reason))
    }

    /// A build succeeded: from now on exactly `files` are served (the folder
    /// is opened again, so one made by this build is found). When the folder
    /// cannot be opened this throws and what was served stays.
    public func publish(_ files: PublishedSet) throws(ServerError) {
        let folder = try ServedRoot(path: root, method: method)
        state.withLock { state in
            state = .published(files, folder)
            generation.add(1, ordering: .releasing)
        }
    }

    /// A build failed. What the last good build published stays served;
    /// when none has, the error page shows `reason`. Whether it is shown.
    @discardableResult
    public func recordFailure(_ reason: String) -> Bool {
        state.withLock { state in
            guard case .unavailable = state else { return false }
            state = .unavailable(reason: reason)
            generation.add(1, ordering: .releasing)
            return true
        }
    }

    /// Whether a build has published its files.
    public var isPublished: Bool {
        state.withLock { if case .published = $0 { true } else { false } }
    }

    /// The published paths now (empty while nothing is published).
    public var paths: Set<String> {
        state.withLock { if case .published(let files, _) = $0 { files.paths } else { [] } }
    }

    /// One connection's view: the snapshot it last took, taken again only
    /// when a publish or failure has changed it since. Taken once per
    /// request, so a publish in the middle of one changes nothing for it.
    struct Reader {
        let files: ServedFiles
        private var generation = -1
        private var cached: Snapshot = .unavailable(reason: "")

        init(_ files: ServedFiles) {
            self.files = files
        }

        /// What the next request is answered from.
        mutating func current() -> Snapshot {
            let now = files.generation.load(ordering: .acquiring)
            if now != generation {
                (cached, generation) = files.state.withLock { ($0, files.generation.load(ordering: .relaxed)) }
            }
            return cached
        }
    }
}
