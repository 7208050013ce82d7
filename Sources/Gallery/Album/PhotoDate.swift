import Foundation

/// When a photo was taken, as the camera recorded it: local time, no zone.
///
/// EXIF `DateTimeOriginal` has no time zone (`OffsetTimeOriginal` is rare),
/// so Cascade shows the camera's wall-clock time as is and never converts.
public struct PhotoDate: Sendable, Equatable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Time of day, when known.
    public var hour: Int?
    public var minute: Int?
    public var second: Int?

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
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
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

    /// For `<time datetime="…">`: `2024-05-12` or `2024-05-12T14:03:07`.
    public var machineText: String {
        var text = "\(pad(year, 4))-\(pad(month))-\(pad(day))"
        if let hour, let minute {
            text += "T\(pad(hour)):\(pad(minute))"
            if let second { text += ":\(pad(second))" }
        }
        return text
    }

    /// For people, the same in every locale so output is deterministic:
    /// `12 May 2024` or `12 May 2024, 14:03`.
    public var displayText: String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                      "September", "October", "November", "December"]
        var text = "\(day) \(months[month - 1]) \(year)"
        if let hour, let minute { text += ", \(pad(hour)):\(pad(minute))" }
        return text
    }

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
