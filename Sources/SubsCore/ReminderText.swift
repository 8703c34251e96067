/// The words of reminders: a summary line (`Netflix renews in 3 days`) and a body
/// (`15.99 EUR on Fri 5 Dec · Streaming`), counted from the day they are sent.
public enum ReminderText {
    /// "today", "tomorrow", "in 3 days".
    public static func when(_ daysLeft: Int) -> String {
        switch daysLeft {
        case ...0: "today"
        case 1: "tomorrow"
        default: "in \(daysLeft) days"
        }
    }

    /// "Fri 5 Dec"; the year is added when the day is more than half a year away.
    public static func day(_ date: LocalDate, today: LocalDate) -> String {
        let text = "\(date.weekdayAbbreviation) \(date.day) \(date.monthAbbreviation)"
        return abs(today.days(until: date)) > 180 ? "\(text) \(date.year)" : text
    }

    /// Critical when the event is today or tomorrow, or a trial converts; normal otherwise.
    public static func urgency(kind: ReminderKind, daysLeft: Int) -> ReminderUrgency {
        kind == .trial || daysLeft <= 1 ? .critical : .normal
    }

    /// "15.99 EUR", "17.99 EUR (was 15.99 EUR)", "15.99 EUR (your share 5.33 EUR)".
    static func amount(_ s: Subscription, on date: LocalDate, today: LocalDate) -> String {
        let price = s.price(on: date)
        var text = price.description
        let current = s.price(on: today)
        if current != price && date > today { text += " (was \(current))" }
        if !s.share.isWhole { text += " (your share \(s.userPart(of: price)))" }
        return text
    }

    static func withCategory(_ text: String, _ s: Subscription) -> String {
        guard let c = s.category, !c.isEmpty else { return text }
        return "\(text) · \(c)"
    }

    public static func charge(_ s: Subscription, on date: LocalDate, today: LocalDate) -> ReminderContent {
        let days = today.days(until: date)
        return ReminderContent(
            name: s.name, amount: s.price(on: date), category: s.category, daysLeft: days,
            urgency: urgency(kind: .charge, daysLeft: days),
            summary: "\(s.name) renews \(when(days))",
            body: withCategory("\(amount(s, on: date, today: today)) on \(day(date, today: today))", s))
    }

    /// A trial ending on `date`, charged first on `firstCharge` (the same day, or later) unless cancelled.
    public static func trial(_ s: Subscription, endsOn date: LocalDate, firstCharge: LocalDate, today: LocalDate) -> ReminderContent {
        let days = today.days(until: date)
        return ReminderContent(
            name: s.name, amount: s.price(on: firstCharge), category: s.category, daysLeft: days,
            urgency: urgency(kind: .trial, daysLeft: days),
            summary: "\(s.name) trial ends \(when(days))",
            body: withCategory("Then \(amount(s, on: firstCharge, today: today)) on \(day(firstCharge, today: today)) unless cancelled", s))
    }

    public static func cancelBy(_ s: Subscription, lastDay: LocalDate, renewal: LocalDate, today: LocalDate) -> ReminderContent {
        let days = today.days(until: lastDay)
        let notice = s.noticeDays.map { " (\($0) days' notice)" } ?? ""
        return ReminderContent(
            name: s.name, amount: s.price(on: renewal), category: s.category, daysLeft: days,
            urgency: urgency(kind: .cancelBy, daysLeft: days),
            summary: "Last day to cancel \(s.name) is \(when(days))",
            body: withCategory(
                "Cancel by \(day(lastDay, today: today))\(notice), or it renews on \(day(renewal, today: today)) for \(amount(s, on: renewal, today: today))",
                s))
    }

    /// The one notification that stands for many: "7 subscription reminders", a line per reminder (at most
    /// `lines`), and how many more.
    public static func summary(of reminders: [Reminder], lines: Int = 8) -> (summary: String, body: String) {
        var body = reminders.prefix(lines).map { r in
            r.content.amount.map { "\(r.summary) (\($0))" } ?? r.summary
        }
        if reminders.count > lines { body.append("and \(reminders.count - lines) more: subs list") }
        return ("\(reminders.count) subscription reminders", body.joined(separator: "\n"))
    }

    /// "the charge on Sun 18 Jan", "the trial ending Sun 18 Jan", "the last day to cancel, Sun 18 Jan".
    public static func describe(_ event: ReminderEvent, today: LocalDate) -> String {
        let d = day(event.date, today: today)
        switch event.kind {
        case .charge: return "the charge on \(d)"
        case .trial: return "the trial ending \(d)"
        case .cancelBy: return "the last day to cancel, \(d)"
        case .budget: return "the budget \(event.subject) until \(d)"
        }
    }
}
