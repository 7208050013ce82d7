#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ImageHeader {
    /// Reads the header of the file at `path`, reading only the bytes the
    /// header needs (usually one 4 KiB `pread`).
    ///
    /// Follows symlinks; only regular files are read (a FIFO named `x.jpg`
    /// must not block the caller). Callers with their own opening policy can
    /// pass ``FileByteSource`` to ``read(from:limits:)`` instead.
    /// `detail`: see ``read(from:limits:detail:)``.
    public static func read(
        fileAt path: String,
        limits: HeaderLimits = .default,
        detail: HeaderDetail = .full
    ) throws(FileHeaderError) -> ImageHeader {
        try FileHeaderError.withRegularFile(at: path) { (descriptor, _) throws(HeaderError) in
            try read(from: FileByteSource(descriptor: descriptor), limits: limits, detail: detail)
        }
    }

    /// Reads the header of a file the caller has opened and knows to be a
    /// regular file (e.g. from `readdir`'s type), without the `fstat` check of
    /// ``read(fileAt:limits:)``. The descriptor is neither moved nor closed.
    /// `detail`: see ``read(from:limits:detail:)``.
    public static func read(descriptor: Int32, limits: HeaderLimits = .default,
                            detail: HeaderDetail = .full) throws(HeaderError) -> ImageHeader {
        try read(from: FileByteSource(descriptor: descriptor), limits: limits, detail: detail)
    }
}

extension FileHeaderError {
    /// Opens `path` for reading, checks it is a regular file, and runs
    /// `body` with the descriptor and the file's length; a header error
    /// `body` throws comes back naming the path. The descriptor is closed after.
    static func withRegularFile<T>(at path: String,
                                   _ body: (Int32, Int) throws(HeaderError) -> T) throws(FileHeaderError) -> T {
        // O_NONBLOCK keeps open() from waiting for a FIFO's writer; it does
        // not affect reads from regular files.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw FileHeaderError(path: path, reason: .system(SystemCallError(call: "open", code: errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw FileHeaderError(path: path, reason: .system(SystemCallError(call: "fstat", code: errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw FileHeaderError(path: path, reason: .notARegularFile)
        }
        do {
            return try body(descriptor, Int(status.st_size))
        } catch {
            throw FileHeaderError(path: path, reason: .header(error))
        }
    }
}
