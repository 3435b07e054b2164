/// Times in the journal: seconds since the epoch, written as UTC ISO 8601 (`2026-12-02T14:02:05Z`).
public enum JournalTime {
    /// `seconds` as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func format(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let rest = seconds - days * 86400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    /// Reads `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `YYYY-MM-DDTHH:MM:SS`, each optionally ending in `Z`
    /// (a space may stand for the `T`); times are UTC. Nil for anything else.
    public static func parse(_ text: String) -> Int64? {
        var text = Substring(text)
        if text.hasSuffix("Z") { text = text.dropLast() }
        let halves = text.split(whereSeparator: { $0 == "T" || $0 == " " }).map(String.init)
        guard halves.count == 1 || halves.count == 2 else { return nil }
        let date = halves[0].split(separator: "-", omittingEmptySubsequences: false).map { Int64($0) }
        guard date.count == 3, let year = date[0], let month = date[1], let day = date[2], (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        var seconds = days(fromCivil: year, month, day) * 86400
        if halves.count == 2 {
            let time = halves[1].split(separator: ":", omittingEmptySubsequences: false).map { Int64($0) }
            guard time.count == 2 || time.count == 3, time.allSatisfy({ $0 != nil }) else { return nil }
            let parts = time.map { $0 ?? 0 }
            guard parts[0] < 24, parts[1] < 60, parts.count == 2 || parts[2] < 61 else { return nil }
            seconds += parts[0] * 3600 + parts[1] * 60 + (parts.count == 3 ? parts[2] : 0)
        }
        return seconds
    }

    /// Howard Hinnant's `days_from_civil`.
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// Howard Hinnant's `civil_from_days`.
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
