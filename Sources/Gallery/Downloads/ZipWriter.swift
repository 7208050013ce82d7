import CLibZip
import Foundation

/// A ZIP archive built in memory with libzip: every entry stored (no
/// compression: JPEGs do not shrink), with the time given and the name
/// marked UTF-8, and no extra field that could differ between two builds.
///
/// The archive is made in a libzip buffer source and only its bytes leave
/// here, so libzip never opens a path: Cascade writes them through its
/// confined output folder like any page (``OutputFolder/write(_:to:always:)``).
/// The cost is memory: the entries and the archive are held until written.
final class ZipWriter {
    /// Why libzip refused: its message.
    struct Failure: Error, Equatable, Sendable { let message: String }

    private let source: OpaquePointer
    private let archive: OpaquePointer
    private var entries = 0

    init() throws(Failure) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(nil, 0, 0, &error) else { throw Self.failure(&error) }
        // Kept past zip_close, which would otherwise free it with the archive.
        zip_source_keep(source)
        guard let archive = zip_open_from_source(source, ZIP_TRUNCATE, &error) else {
            zip_source_free(source)
            throw Self.failure(&error)
        }
        self.source = source
        self.archive = archive
    }

    /// Adds `bytes` as the entry `name` (already safe: no `/`, no `..`),
    /// with the MS-DOS time and date `time` (local wall-clock, no zone).
    func add(_ name: String, bytes: [UInt8], time: DOSTime) throws(Failure) {
        // libzip frees the copy once the archive is written.
        let copy = malloc(max(bytes.count, 1))!
        bytes.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) } }
        guard let data = zip_source_buffer(archive, copy, zip_uint64_t(bytes.count), 1) else {
            free(copy)
            throw failure()
        }
        let index = zip_file_add(archive, name, data, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(data)
            throw failure()
        }
        let entry = zip_uint64_t(index)
        guard zip_set_file_compression(archive, entry, ZIP_CM_STORE, 0) == 0,
              zip_file_set_dostime(archive, entry, time.time, time.date, 0) == 0 else { throw failure() }
        entries += 1
    }

    /// Writes the archive and returns its bytes.
    func finish() throws(Failure) -> [UInt8] {
        guard zip_close(archive) == 0 else {
            let problem = failure()
            zip_discard(archive)
            throw problem
        }
        guard zip_source_open(source) == 0 else { throw Self.failure(zip_source_error(source)) }
        defer { zip_source_close(source) }
        var info = zip_stat_t()
        zip_stat_init(&info)
        guard zip_source_stat(source, &info) == 0 else { throw Self.failure(zip_source_error(source)) }
        var bytes = [UInt8](repeating: 0, count: Int(info.size))
        var done = 0
        while done < bytes.count {
            let read = bytes.withUnsafeMutableBytes { zip_source_read(source, $0.baseAddress! + done, zip_uint64_t($0.count - done)) }
            guard read > 0 else { throw Self.failure(zip_source_error(source)) }
            done += Int(read)
        }
        return bytes
    }

    deinit { zip_source_free(source) }

    private func failure() -> Failure { Self.failure(zip_get_error(archive)) }

    private static func failure(_ error: UnsafeMutablePointer<zip_error_t>?) -> Failure {
        Failure(message: error.flatMap { zip_error_strerror($0) }.map { String(cString: $0) } ?? "libzip failed")
    }
}

/// A time as a ZIP entry holds it: MS-DOS wall-clock fields, two seconds
/// apart, 1980 to 2107, with no time zone.
struct DOSTime: Sendable, Equatable {
    var time: UInt16
    var date: UInt16

    /// The earliest a ZIP can say, 1980-01-01 00:00: for a photo with no date.
    static let earliest = DOSTime(year: 1980, month: 1, day: 1, hour: 0, minute: 0, second: 0)

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let year = min(max(year, 1980), 2107)
        date = UInt16((year - 1980) << 9 | min(max(month, 1), 12) << 5 | min(max(day, 1), 31))
        time = UInt16(min(max(hour, 0), 23) << 11 | min(max(minute, 0), 59) << 5 | min(max(second, 0), 59) / 2)
    }

    /// `seconds` since 1970 in UTC (`SOURCE_DATE_EPOCH`).
    init(epoch seconds: Int64) {
        var value = time_t(seconds)
        var fields = tm()
        gmtime_r(&value, &fields)
        self.init(year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
                  hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec))
    }
}
