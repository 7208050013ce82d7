/// What a `Range` header asks of a representation of a known size (RFC 9110
/// §14). Pure and total: no input traps (security notes SV-9).
public enum ByteRange: Equatable, Sendable {
    /// Send the whole representation (no Range, another unit, a malformed
    /// or multi-range set, which may be answered whole).
    case whole
    /// Send these bytes, 206.
    case partial(ClosedRange<Int>)
    /// 416 with `Content-Range: bytes */SIZE`.
    case unsatisfiable

    /// Interprets `header` against a representation of `size` bytes.
    public init(header: String?, size: Int) {
        guard let header else { self = .whole; return }
        let text = header.trimmingSpaces
        guard text.lowercased().hasPrefix("bytes=") else { self = .whole; return }
        let set = text.dropFirst(6)
        // One range only: several (or 1000 overlapping ones, Apache
        // CVE-2011-3192) get the whole file, which is always allowed.
        guard !set.contains(",") else { self = .whole; return }
        let spec = set.trimmingSpaces
        guard let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = String(spec[..<dash])
        let last = String(spec[spec.index(after: dash)...])
        if first.isEmpty {
            // A suffix: the last N bytes; `-0` asks for nothing.
            guard let count = Self.number(last) else { self = .whole; return }
            guard count > 0, size > 0 else { self = .unsatisfiable; return }
            self = .partial(max(0, size - count)...(size - 1))
            return
        }
        guard let start = Self.number(first) else { self = .whole; return }
        var end = size - 1
        if !last.isEmpty {
            guard let value = Self.number(last) else { self = .whole; return }
            // `5-1` is invalid syntax: ignored, the whole file.
            guard value >= start else { self = .whole; return }
            end = min(value, size - 1)
        }
        guard start < size else { self = .unsatisfiable; return }
        self = .partial(start...end)
    }

    /// A run of ASCII digits as a number, saturating at `Int.max` rather than
    /// trapping (`bytes=0-99999999999999999999`); nil if not all digits.
    static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        var value = 0
        for byte in text.utf8 {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - 48))
            if overflowTimes || overflowSum { return Int.max }
            value = sum
        }
        return value
    }
}
