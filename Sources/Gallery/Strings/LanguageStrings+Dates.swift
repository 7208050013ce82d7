extension LanguageStrings {
    /// A month's name from `months` (1-based); the number if the list is short.
    func monthName(_ month: Int) -> String {
        if case .list(let names)? = entries["months"], names.indices.contains(month - 1) { return names[month - 1] }
        return String(month)
    }

    /// The values date patterns may name, for `date`'s day, month and year.
    private func fields(_ date: PhotoDate) -> [String: String] {
        ["day": String(date.day), "month": monthName(date.month), "monthNumber": String(date.month),
         "year": String(date.year)]
    }

    /// `3 December 2026`, `3 décembre 2026`, `3. Dezember 2026`,
    /// `3 de diciembre de 2026`, `2026年12月3日`; with the time when known,
    /// `3 December 2026, 14:03` (the camera's wall-clock time, as it is).
    func date(_ date: PhotoDate) -> String {
        let day = format("dateFormat", fields(date))
        guard let hour = date.hour, let minute = date.minute else { return day }
        let time = format("timeFormat", ["hour": Self.pad(hour), "minute": Self.pad(minute)])
        return format("dateTimeFormat", ["date": day, "time": time])
    }

    /// `May 2024`, `mai 2024`, `mayo de 2024`, `2024年5月`.
    func monthAndYear(_ date: PhotoDate) -> String {
        format("monthYearFormat", fields(date))
    }

    /// A date range short enough for a cover tile: `12–19 May 2024`,
    /// `May – June 2024`, `May 2024 – June 2025`, or one day's date.
    func dateRange(from start: PhotoDate, to end: PhotoDate) -> String {
        var values = fields(start)
        values["endDay"] = String(end.day)
        values["endMonth"] = monthName(end.month)
        values["endMonthNumber"] = String(end.month)
        values["endYear"] = String(end.year)
        if start.year != end.year {
            values["start"] = monthAndYear(start)
            values["end"] = monthAndYear(end)
            return format("yearRangeFormat", values)
        }
        if start.month != end.month { return format("monthRangeFormat", values) }
        if start.day != end.day { return format("dayRangeFormat", values) }
        return format("dateFormat", values)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
