/// A value-type cursor over a ``ByteSource`` that bounds-checks every read.
///
/// It fetches windows of ``windowSize`` bytes and serves small reads from the
/// current window, so walking a JPEG's segments costs one source call per
/// segment that lies outside the window and skipping a large segment reads
/// none of it. Running out of input is reported with the structure being read
/// (an ``InputPart``); the total bytes fetched are capped by ``HeaderLimits``.
struct Reader<Source: ByteSource> {
    /// Bytes requested from the source per fetch: enough for a typical PNG
    /// header or a JPEG's leading segments in one call.
    static var windowSize: Int { 4096 }

    /// The byte source being read.
    let source: Source
    /// Caps on the work done for this image.
    let limits: HeaderLimits
    /// Whether parsers should read the descriptive metadata or only the layout.
    let detail: HeaderDetail
    /// Absolute position of the next byte to read.
    private(set) var offset = 0
    /// Calls made to the source so far.
    private(set) var fetchCount = 0
    /// Bytes returned by the source so far.
    private(set) var bytesFetched = 0

    private var window: [UInt8] = []
    private var windowStart = 0
    /// The input's length, once a fetch has come back short.
    private var knownEnd: Int?

    /// Creates a reader positioned at byte 0.
    init(source: Source, limits: HeaderLimits = .default, detail: HeaderDetail = .full) {
        self.source = source
        self.limits = limits
        self.detail = detail
    }

    /// The input's length when a read has already reached its end, else `nil`.
    var lengthIfKnown: Int? {
        knownEnd
    }

    /// Reads up to `count` bytes at `position` (fewer only at the end of input)
    /// and leaves the cursor after them. For structures read whole (a HEIF
    /// `meta` box, an SVG prefix); `count` must already be capped by the caller.
    mutating func readAvailable(at position: Int, upTo count: Int) throws(HeaderError) -> [UInt8] {
        seek(to: position)
        let bytes = try peek(upTo: count)
        offset += bytes.count
        return bytes
    }

    /// Moves the cursor to an absolute position; nothing is read until the next read.
    mutating func seek(to position: Int) {
        offset = max(0, position)
    }

    /// Returns up to `count` bytes at the cursor without moving it; fewer only at the end of input.
    mutating func peek(upTo wanted: Int) throws(HeaderError) -> [UInt8] {
        let bytes = try peekSlice(upTo: wanted)
        // A request for the whole window (a large structure fetched just for
        // it, e.g. an XMP packet) shares its storage instead of copying it.
        if bytes.startIndex == 0, bytes.count == window.count { return window }
        return Array(bytes)
    }

    /// ``peek(upTo:)`` as a view of the window instead of a copy: for a
    /// structure parsed in place and let go (an IFD's entry table).
    mutating func peekSlice(upTo wanted: Int) throws(HeaderError) -> ArraySlice<UInt8> {
        let count = min(wanted, max(1, limits.maxBytesRead - bytesFetched))
        guard count > 0 else { return [] }
        if !(try load(count)) && !windowCovers(offset) {
            try fetch(count)
        }
        guard windowCovers(offset) else { return [] }
        let start = offset - windowStart
        return window[start..<(start + min(count, window.count - start))]
    }

    /// Whether the bytes at the cursor equal `expected`, without moving the
    /// cursor or allocating: identifier checks run on every APP1 segment.
    /// `false` when the input ends first.
    mutating func startsWith(_ expected: [UInt8]) throws(HeaderError) -> Bool {
        guard try load(expected.count) else { return false }
        let start = offset - windowStart
        for index in 0..<expected.count where window[start + index] != expected[index] {
            return false
        }
        return true
    }

    /// Reads the next byte, or returns `nil` at the end of input.
    mutating func readByteIfAvailable() throws(HeaderError) -> UInt8? {
        guard try load(1) else { return nil }
        let byte = window[offset - windowStart]
        offset += 1
        return byte
    }

    /// Reads `count` bytes (meant for small, fixed-size structures).
    mutating func readBytes(_ count: Int, of part: InputPart) throws(HeaderError) -> [UInt8] {
        try require(count, of: part)
        let start = offset - windowStart
        offset += count
        return Array(window[start..<(start + count)])
    }

    /// Reads one byte.
    mutating func readUInt8(of part: InputPart) throws(HeaderError) -> UInt8 {
        try require(1, of: part)
        let byte = window[offset - windowStart]
        offset += 1
        return byte
    }

    /// Reads a 16-bit unsigned integer in the given byte order.
    mutating func readUInt16(_ order: ByteOrder, of part: InputPart) throws(HeaderError) -> UInt16 {
        try require(2, of: part)
        let index = offset - windowStart
        let first = UInt16(window[index])
        let second = UInt16(window[index + 1])
        offset += 2
        return order == .bigEndian ? first << 8 | second : second << 8 | first
    }

    /// Reads a 32-bit unsigned integer in the given byte order.
    mutating func readUInt32(_ order: ByteOrder, of part: InputPart) throws(HeaderError) -> UInt32 {
        try require(4, of: part)
        let index = offset - windowStart
        var value: UInt32 = 0
        for step in 0..<4 {
            let byte = UInt32(window[index + (order == .bigEndian ? step : 3 - step)])
            value = value << 8 | byte
        }
        offset += 4
        return value
    }

    /// Throws `truncated` for `part` unless `count` bytes are available at the cursor.
    private mutating func require(_ count: Int, of part: InputPart) throws(HeaderError) {
        guard count >= 0, try load(count) else {
            throw part.truncated
        }
    }

    /// Makes `count` bytes at the cursor available in the window; `false` when the input ends first.
    private mutating func load(_ count: Int) throws(HeaderError) -> Bool {
        if windowCovers(offset), window.count - (offset - windowStart) >= count {
            return true
        }
        if let knownEnd, offset > knownEnd - count {
            return false
        }
        try fetch(count)
        return window.count >= count
    }

    /// Replaces the window with the bytes at the cursor, at least a full window's worth.
    ///
    /// No fetch may take the total past ``HeaderLimits/maxBytesRead``, so a
    /// hostile length can never size an allocation.
    private mutating func fetch(_ count: Int) throws(HeaderError) {
        let budget = limits.maxBytesRead - bytesFetched
        guard budget > 0, count <= budget else {
            throw HeaderError(offset: offset, reason: .limitExceeded("\(limits.maxBytesRead) bytes read"))
        }
        let wanted = min(max(count, Self.windowSize), budget)
        let fetched: [UInt8]
        do {
            fetched = try source.bytes(at: offset, count: wanted)
        } catch {
            throw HeaderError(offset: offset, reason: .readFailed(String(describing: error)))
        }
        fetchCount += 1
        bytesFetched += fetched.count
        window = fetched
        windowStart = offset
        if fetched.count < wanted {
            knownEnd = offset + fetched.count
        }
    }

    private func windowCovers(_ position: Int) -> Bool {
        position >= windowStart && position - windowStart <= window.count
    }
}
