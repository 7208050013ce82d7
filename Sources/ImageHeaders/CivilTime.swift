/// Calendar dates from counts of seconds, without Foundation, for the
/// creation times video containers store (QuickTime since 1904, Matroska
/// since 2001). Proleptic Gregorian, UTC.
enum CivilTime {
    static let secondsFrom1904To1970: Int64 = 2_082_844_800
    static let secondsFrom1970To2001: Int64 = 978_307_200

    /// `2024-05-12T14:03:07Z` for a count of seconds since 1970-01-01 UTC;
    /// nil outside the years 1900–9999 (a garbage field, not a date).
    static func iso8601(unixSeconds: Int64) -> String? {
        guard unixSeconds >= -2_208_988_800, unixSeconds < 253_402_300_800 else { return nil }
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
        let seconds = unixSeconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
    }

    /// Year, month and day of the day `days` after 1970-01-01 (Howard
    /// Hinnant's days-to-civil algorithm).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
