import Glibc

/// Writes each entry's MS-DOS time and date into a finished archive exactly
/// as given. libzip 1.7 keeps an entry's time as a `time_t`, converting the
/// fields with the machine's zone both ways (`mktime`, then `localtime`), so
/// a time inside a daylight-saving gap (02:30 on a spring-forward night)
/// would come out an hour later, and only on machines in such a zone. Put
/// back here, no zone reaches the archive.
enum ZipTimes {
    /// Rewrites the times of the archive in `descriptor` (entries in central
    /// directory order, one time each); false, the archive untouched, when its
    /// layout is not the plain one Cascade writes (no ZIP64, no comment).
    @discardableResult
    static func stamp(_ times: [DOSTime], descriptor: Int32) -> Bool {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size >= 22, let end = read(descriptor, at: Int(size) - 22, count: 22), u32(end, 0) == 0x0605_4B50,
              Int(u16(end, 10)) == times.count else { return false }
        let directorySize = Int(u32(end, 12)), directoryOffset = Int(u32(end, 16))
        guard directoryOffset + directorySize <= Int(size) - 22,
              var directory = read(descriptor, at: directoryOffset, count: directorySize) else { return false }
        var position = 0
        var locals: [(offset: Int, time: DOSTime)] = []
        for time in times {
            guard position + 46 <= directory.count, u32(directory, position) == 0x0201_4B50 else { return false }
            put(time, into: &directory, at: position + 12)
            locals.append((Int(u32(directory, position + 42)), time))
            position += 46 + Int(u16(directory, position + 28)) + Int(u16(directory, position + 30)) + Int(u16(directory, position + 32))
        }
        for local in locals {
            guard let header = read(descriptor, at: local.offset, count: 30), u32(header, 0) == 0x0403_4B50 else { return false }
        }
        for local in locals {
            var field = [UInt8](repeating: 0, count: 4)
            put(local.time, into: &field, at: 0)
            guard write(field, to: descriptor, at: local.offset + 10) else { return false }
        }
        return write(directory, to: descriptor, at: directoryOffset)
    }

    private static func put(_ time: DOSTime, into bytes: inout [UInt8], at offset: Int) {
        bytes[offset] = UInt8(time.time & 0xFF)
        bytes[offset + 1] = UInt8(time.time >> 8)
        bytes[offset + 2] = UInt8(time.date & 0xFF)
        bytes[offset + 3] = UInt8(time.date >> 8)
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(u16(bytes, offset)) | UInt32(u16(bytes, offset + 2)) << 16
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return got == count ? bytes : nil
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> Bool {
        bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, bytes.count, off_t(offset)) } == bytes.count
    }
}
