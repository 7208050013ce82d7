import Glibc

/// What a finished build published: the files its `.cascade-manifest` lists,
/// as paths relative to the output folder, without bookkeeping or hidden
/// entries (any segment starting with `.`).
///
/// `cascade serve` serves these and nothing else of the folder: a file that
/// is there but not listed (planted, left by another tool, the album's own
/// originals when the output is its parent) is never published.
public struct PublishedFiles: Sendable, Equatable {
    /// Relative paths, `/`-separated: none absolute, empty, `.`, `..` or hidden.
    public let paths: Set<String>

    /// Why the manifest of a build could not be read.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Opening or reading it failed (missing, a link, no permission).
        case unreadable(path: String, reason: String)
        /// It is not a regular file.
        case notAFile(path: String)
        /// Larger than any manifest Cascade writes.
        case tooLarge(path: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read the build's manifest '\(path)': \(reason)"
            case .notAFile(let path): "the build's manifest '\(path)' is not a regular file"
            case .tooLarge(let path): "the build's manifest '\(path)' is too large"
            }
        }
    }

    /// Bounds the read: a manifest of a million 200-byte paths.
    static let maxManifestBytes = 256 * 1024 * 1024

    /// The paths the manifest `bytes` lists, published ones only. Pure.
    public init(manifest bytes: [UInt8]) {
        paths = OutputFolder.parseManifest(bytes).filter(Self.isPublished)
    }

    /// Reads the manifest the last build left in `outputFolder`, without
    /// following a link in its place (`O_NOFOLLOW`).
    public static func read(outputFolder: String) throws(ReadError) -> PublishedFiles {
        let path = outputFolder.hasSuffix("/") ? outputFolder + OutputFolder.manifestName
            : outputFolder + "/" + OutputFolder.manifestName
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: path) }
        guard info.st_size <= maxManifestBytes else { throw .tooLarge(path: path) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
        }
        return PublishedFiles(manifest: Array(bytes[..<filled]))
    }

    /// Whether a listed path is a published file: relative, no empty, `.`,
    /// `..` or hidden segment (`.cascade-manifest`, `.cascade-lock`, `.git/…`).
    static func isPublished(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0.hasPrefix(".") }
    }
}
