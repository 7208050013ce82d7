import Foundation

/// When a photo was taken, as the camera recorded it: local time, no zone.
///
/// EXIF `DateTimeOriginal` has no time zone; `OffsetTimeOriginal`, when the
/// camera wrote it, gives its UTC offset. Cascade shows the camera's
/// wall-clock time as is and never converts it; the offset only makes date
/// sorting right across time zones and goes into `<time datetime>`.
public struct PhotoDate: Sendable, Equatable, Comparable {
    var year: Int
    var month: Int
    var day: Int
    /// Time of day, when known.
    var hour: Int?
    var minute: Int?
    public var second: Int?
    /// Minutes east of UTC (`+02:00` → 120), when known.
    var offsetMinutes: Int?

    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, second: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses EXIF `2024:05:12 14:03:07` and ISO-like `2024-05-12`,
    /// `2024-05-12 14:03`, `2024-05-12T14:03:07`. Nil for anything else,
    /// including the all-blank or all-zero dates cameras write when unset.
    ///
    /// XMP's ISO 8601 forms are read too: a time may end in `Z` or an offset
    /// (`+02:00`, `-0530`), which becomes ``offsetMinutes``, and in
    /// fractional seconds, which are dropped.
    public init?(parsing text: String) {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        var offset: Int?
        if trimmed.count > 10, let (rest, minutes) = Self.splitZone(trimmed) {
            trimmed = rest
            offset = minutes
        }
        if let dot = trimmed.lastIndex(of: "."), trimmed.count > 10, trimmed[trimmed.index(after: dot)...].allSatisfy(\.isNumber) {
            trimmed = String(trimmed[..<dot])
        }
        self.init(plain: trimmed)
        if hour != nil { offsetMinutes = offset }
    }

    /// A trailing `Z`, `±hh:mm` or `±hhmm` after a time, split off as minutes east of UTC.
    private static func splitZone(_ text: String) -> (String, Int)? {
        if text.hasSuffix("Z") { return (String(text.dropLast()), 0) }
        for length in [6, 5] where text.count > length + 10 {
            let zone = String(text.suffix(length))
            let normalised = length == 5 ? String(zone.prefix(3)) + ":" + String(zone.suffix(2)) : zone
            if let minutes = offsetMinutes(parsing: normalised) { return (String(text.dropLast(length)), minutes) }
        }
        return nil
    }

    private init?(plain trimmed: String) {
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard (1...2).contains(parts.count) else { return nil }
        let dateFields = parts[0].split(separator: parts[0].contains("-") ? "-" : ":", omittingEmptySubsequences: false)
        guard dateFields.count == 3, let year = Int(dateFields[0]), let month = Int(dateFields[1]),
              let day = Int(dateFields[2]), (1...9999).contains(year), (1...12).contains(month),
              (1...PhotoDate.days(inMonth: month, year: year)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
        if parts.count == 2 {
            let timeFields = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(timeFields.count), let hour = Int(timeFields[0]), let minute = Int(timeFields[1]),
                  (0...23).contains(hour), (0...59).contains(minute) else { return nil }
            self.hour = hour
            self.minute = minute
            if timeFields.count == 3 {
                guard let second = Int(timeFields[2].prefix(2)), (0...60).contains(second) else { return nil }
                self.second = second
            }
        }
    }

    /// For `<time datetime="…">`: `2024-05-12`, `2024-05-12T14:03:07`, or
    /// with the offset when known, `2024-05-12T14:03:07+02:00`.
    var machineText: String {
        var text = "\(pad(year, 4))-\(pad(month))-\(pad(day))"
        if let hour, let minute {
            text += "T\(pad(hour)):\(pad(minute))"
            if let second { text += ":\(pad(second))" }
            if let offsetMinutes {
                let magnitude = abs(offsetMinutes)
                text += (offsetMinutes < 0 ? "-" : "+") + "\(pad(magnitude / 60)):\(pad(magnitude % 60))"
            }
        }
        return text
    }

    /// Parses an EXIF `OffsetTime…` value, `+02:00` or `-05:30`; nil otherwise.
    static func offsetMinutes(parsing text: String) -> Int? {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              bytes[3] == UInt8(ascii: ":"),
              let hours = Int(String(decoding: bytes[1..<3], as: UTF8.self)),
              let minutes = Int(String(decoding: bytes[4..<6], as: UTF8.self)),
              hours <= 14, minutes < 60 else { return nil }
        let total = hours * 60 + minutes
        return bytes[0] == UInt8(ascii: "-") ? -total : total
    }

    /// A number that orders dates by the instant they name: seconds since
    /// 0001-01-01 in UTC when the offset is known, else in the camera's
    /// local time (the best there is). A date without a time is its midnight.
    public typealias SortKey = Int64

    var sortKey: SortKey {
        // Days from civil (Howard Hinnant's algorithm), proleptic Gregorian.
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra
        let seconds = Int64(hour ?? 0) * 3600 + Int64(minute ?? 0) * 60 + Int64(second ?? 0)
        return days * 86_400 + seconds - Int64(offsetMinutes ?? 0) * 60
    }

    /// For people, in built-in English, the same on every host:
    /// `12 May 2024` or `12 May 2024, 14:03` (``LanguageStrings/date(_:)``
    /// gives it in a page's language).
    var displayText: String { LanguageStrings.english.date(self) }

    public static func < (lhs: PhotoDate, rhs: PhotoDate) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour ?? -1, lhs.minute ?? -1, lhs.second ?? -1)
            < (rhs.year, rhs.month, rhs.day, rhs.hour ?? -1, rhs.minute ?? -1, rhs.second ?? -1)
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
