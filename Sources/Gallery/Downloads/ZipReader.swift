import CLibZip
import Glibc

/// A ZIP archive read with libzip from a descriptor Cascade opened (never a
/// path handed to the library): its entries' names and sizes, and a bounded
/// prefix of each entry's bytes, so a hostile archive (millions of entries,
/// an entry that inflates to terabytes) cannot exhaust memory.
final class ZipReader {
    /// Why an archive cannot be read.
    struct Failure: Error, Equatable, Sendable { let message: String }

    /// One entry as the central directory lists it.
    struct Entry: Equatable, Sendable {
        var name: String
        /// Its size once extracted, as the archive claims it.
        var size: UInt64
        /// Its compression method (`ZIP_CM_STORE` is 0).
        var method: Int32
        /// Its MS-DOS time, as stored.
        var time: DOSTime
    }

    /// Archives listing more entries than this are refused.
    static let maxEntries = 100_000

    private let archive: OpaquePointer

    /// Opens the archive in `descriptor`, which is duplicated (the caller
    /// keeps its own); refused when it lists more than `maxEntries`.
    init(descriptor: Int32, maxEntries: Int = ZipReader.maxEntries) throws(Failure) {
        let copy = dup(descriptor)
        guard copy >= 0 else { throw Failure(message: "dup: \(String(cString: strerror(errno)))") }
        var code: Int32 = 0
        guard let archive = zip_fdopen(copy, ZIP_RDONLY, &code) else {
            close(copy)
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            throw Failure(message: String(cString: zip_error_strerror(&error)))
        }
        self.archive = archive
        guard count <= maxEntries else {
            throw Failure(message: "more than \(maxEntries) entries (\(count))")
        }
    }

    deinit { zip_discard(archive) }

    /// How many entries the archive lists.
    var count: Int { Int(max(0, zip_get_num_entries(archive, 0))) }

    /// The entry at `index`, or nil when libzip cannot describe it.
    func entry(_ index: Int) -> Entry? {
        var info = zip_stat_t()
        zip_stat_init(&info)
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &info) == 0, let name = info.name else { return nil }
        return Entry(name: String(cString: name), size: info.size, method: Int32(info.comp_method),
                     time: dosTime(index) ?? .earliest)
    }

    /// At most `limit` bytes from the start of the entry at `index`, read in
    /// chunks (never more than `limit` held, whatever the entry claims).
    func prefix(of index: Int, limit: Int) throws(Failure) -> [UInt8] {
        guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
            throw Failure(message: String(cString: zip_error_strerror(zip_get_error(archive))))
        }
        defer { zip_fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let read = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, zip_uint64_t(wanted)) }
            guard read >= 0 else { throw Failure(message: String(cString: zip_error_strerror(zip_file_get_error(file)))) }
            if read == 0 { break }
            bytes += chunk[0..<Int(read)]
        }
        return bytes
    }

    /// The entry's stored MS-DOS time: libzip converts it to local time, so
    /// it is converted back the same way (the fields as stored).
    private func dosTime(_ index: Int) -> DOSTime? {
        var info = zip_stat_t()
        zip_stat_init(&info)
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &info) == 0, info.valid & zip_uint64_t(ZIP_STAT_MTIME) != 0 else {
            return nil
        }
        var value = info.mtime
        var fields = tm()
        localtime_r(&value, &fields)
        return DOSTime(year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
                       hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec))
    }
}
