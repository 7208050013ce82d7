import CLibZip
import Foundation

/// A ZIP archive written with libzip into a descriptor Cascade opened beneath
/// its output folder (a ``PendingFile``): every entry stored (JPEGs do not
/// shrink), with the time given and the name marked UTF-8, and no extra field
/// that could differ between two builds.
///
/// libzip never opens a path: it writes through a sink on the descriptor
/// (`cascade_zip_sink` in `CLibZip`), and reads each entry through a source
/// that asks ``add(_:time:load:)``'s closure for its bytes only while it
/// copies that entry, so an archive of a thousand originals holds one at a time.
final class ZipWriter {
    /// Why libzip refused: its message.
    struct Failure: Error, Equatable, Sendable { let message: String }

    private let sink: UnsafeMutablePointer<cascade_zip_sink>
    private let archive: OpaquePointer
    private var entries: [UnsafeMutablePointer<cascade_zip_entry>] = []
    private var loaders: [Loader] = []
    private var times: [DOSTime] = []
    private var closed = false

    /// The first error an entry's loader threw, once ``finish()`` failed because of it.
    private(set) var loadError: (any Error)?

    /// An archive written into `descriptor` (open for writing and seeking; not closed here).
    init(descriptor: Int32) throws(Failure) {
        sink = .allocate(capacity: 1)
        sink.initialize(to: cascade_zip_sink(descriptor: descriptor, error: zip_error_t()))
        zip_error_init(&sink.pointee.error)
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_function_create(cascade_zip_sink_function(), sink, &error) else {
            sink.deallocate()
            throw Self.failure(&error)
        }
        guard let archive = zip_open_from_source(source, ZIP_CREATE | ZIP_TRUNCATE, &error) else {
            zip_source_free(source)
            sink.deallocate()
            throw Self.failure(&error)
        }
        self.archive = archive
    }

    /// Adds the entry `name` (already safe: no `/`, no `..`) with the MS-DOS
    /// time `time`, its bytes from `load`, called while the archive is written.
    func add(_ name: String, time: DOSTime, load: @escaping () throws -> [UInt8]) throws(Failure) {
        let loader = Loader(load: load)
        loaders.append(loader)
        let entry = UnsafeMutablePointer<cascade_zip_entry>.allocate(capacity: 1)
        entry.initialize(to: cascade_zip_entry())
        entry.pointee.context = Unmanaged.passUnretained(loader).toOpaque()
        entry.pointee.load = { context, bytes in
            guard let context, let bytes else { return -1 }
            let loader = Unmanaged<Loader>.fromOpaque(context).takeUnretainedValue()
            do {
                let data = try loader.load()
                let copy = malloc(max(data.count, 1))!
                data.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: data.count) } }
                bytes.pointee = copy
                return zip_int64_t(data.count)
            } catch {
                loader.error = error
                return -1
            }
        }
        zip_error_init(&entry.pointee.error)
        entries.append(entry)
        guard let data = zip_source_function(archive, cascade_zip_entry_function(), entry) else { throw failure() }
        let index = zip_file_add(archive, name, data, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(data)
            throw failure()
        }
        let added = zip_uint64_t(index)
        guard zip_set_file_compression(archive, added, ZIP_CM_STORE, 0) == 0,
              zip_file_set_dostime(archive, added, time.time, time.date, 0) == 0 else { throw failure() }
        times.append(time)
    }

    /// Writes the archive into the descriptor.
    func finish() throws(Failure) {
        guard zip_close(archive) == 0 else {
            let problem = failure()
            loadError = loaders.lazy.compactMap(\.error).first
            throw problem
        }
        closed = true
        guard ZipTimes.stamp(times, descriptor: sink.pointee.descriptor) else {
            throw Failure(message: "the archive's layout is not the one its entry times were to be written into")
        }
    }

    deinit {
        if !closed { zip_discard(archive) }
        for entry in entries {
            zip_error_fini(&entry.pointee.error)
            entry.deallocate()
        }
        zip_error_fini(&sink.pointee.error)
        sink.deallocate()
    }

    private func failure() -> Failure { Self.failure(zip_get_error(archive)) }

    private static func failure(_ error: UnsafeMutablePointer<zip_error_t>?) -> Failure {
        Failure(message: error.flatMap { zip_error_strerror($0) }.map { String(cString: $0) } ?? "libzip failed")
    }

    /// An entry's loader and the error it met, reached from C through its context.
    private final class Loader {
        let load: () throws -> [UInt8]
        var error: (any Error)?
        init(load: @escaping () throws -> [UInt8]) { self.load = load }
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
