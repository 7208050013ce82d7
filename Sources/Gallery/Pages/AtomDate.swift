/// RFC 3339 date-times for Atom's `updated`, made from a photo's own date,
/// never from the clock, so a feed is the same on every build.
enum AtomDate {
    /// What an entry without a date, and a feed of undated photos, carry: a
    /// fixed value (the Unix epoch), since the build time would make every
    /// build's feed differ.
    static let undated = "1970-01-01T00:00:00Z"

    /// `2024-05-12T14:03:07+02:00`; midnight for a date without a time, and
    /// `Z` when the camera gave no offset (its local time is all there is).
    static func text(_ date: PhotoDate) -> String {
        func pad(_ value: Int, _ width: Int = 2) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))"
        text += "T\(pad(date.hour ?? 0)):\(pad(date.minute ?? 0)):\(pad(date.second ?? 0))"
        guard let offset = date.offsetMinutes, offset != 0 else { return text + "Z" }
        let magnitude = abs(offset)
        return text + (offset < 0 ? "-" : "+") + "\(pad(magnitude / 60)):\(pad(magnitude % 60))"
    }
}
