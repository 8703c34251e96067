import SubsCore

/// Dates printed in a line of text, for readers outside the extractor (a forwarded e-mail's "Date:" line).
public enum PrintedDate {
    /// The first date the text prints unambiguously (month names, ISO, or a numeric date with a part above 12;
    /// otherwise day first, as most of the seven languages write it).
    public static func first(in text: String) -> LocalDate? {
        for m in DateFinder.find(in: text, line: 0) {
            if let d = m.date { return d }
            if let d = LocalDate(year: m.year, month: m.b, day: m.a) { return d }
        }
        return nil
    }
}
