import CICal
import Foundation
import SubsCore

/// iCalendar (RFC 5545) text through libical: the only file that sees libical's C API.
///
/// libical escapes TEXT values (`,` `;` `\` and newlines), folds lines at 75 octets and ends lines with CRLF,
/// so nothing a user types can break out of its property. TEXT has one line break, `\n`: a CR typed in a
/// name or note is dropped (CRLF reads back as LF). Every component built here is freed here.
public enum ICalendar {
    public static let productID = "-//subs//subs calendar feed//EN"

    /// The whole feed: one VCALENDAR.
    ///
    /// DTSTAMP is each event's LAST-MODIFIED: RFC 5545 (3.8.7.2) makes them equivalent in an object without
    /// METHOD, and it keeps the text a function of the data and the day, so an unchanged feed keeps its ETag
    /// and a rewrite after an unrelated change writes the same bytes.
    public static func serialize(_ feed: CalendarFeed) -> String {
        let calendar = Component(calendarNamed: feed.name)
        for event in feed.events { calendar.add(Component(event: event)) }
        return calendar.text
    }

    /// One VCALENDAR holding one event: a CalDAV resource (servers want one UID per resource).
    public static func serialize(resource event: CalendarEvent) -> String {
        let calendar = Component(calendarNamed: nil)
        calendar.add(Component(event: event))
        return calendar.text
    }

    // MARK: Reading back

    /// An event as libical reads it, with its occurrences expanded by libical's own recurrence iterator.
    public struct ParsedEvent: Sendable, Equatable {
        public var uid: String
        public var summary: String
        public var description: String
        public var categories: [String]
        public var start: LocalDate
        public var end: LocalDate?
        public var rule: String?
        public var alarmTriggers: [String]
        public var occurrences: [LocalDate]
    }

    public struct ParsedCalendar: Sendable {
        public var properties: [String: String]
        public var events: [ParsedEvent]
    }

    /// Parses a feed; occurrences are expanded up to `through`. libical does not fail on bad input (it adds
    /// X-LIC-ERROR properties), so errors are counted and reported.
    public static func parse(_ text: String, expandThrough through: LocalDate) throws(SubsError) -> ParsedCalendar {
        guard let root = icalparser_parse_string(text) else {
            throw SubsError.data("not iCalendar text: libical could not parse it")
        }
        defer { icalcomponent_free(root) }
        let errors = icalcomponent_count_errors(root)
        if errors > 0 { throw SubsError.data("the iCalendar text has \(errors) errors (libical)") }
        guard icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT else {
            throw SubsError.data("the iCalendar text does not start with BEGIN:VCALENDAR")
        }
        var properties: [String: String] = [:]
        var p = icalcomponent_get_first_property(root, ICAL_ANY_PROPERTY)
        while let prop = p {
            if let name = icalproperty_get_property_name(prop), let value = icalproperty_get_value_as_string(prop) {
                properties[String(cString: name)] = String(cString: value)
            }
            p = icalcomponent_get_next_property(root, ICAL_ANY_PROPERTY)
        }
        var events: [ParsedEvent] = []
        var c = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
        while let ev = c {
            events.append(parsedEvent(ev, through: through))
            c = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
        }
        return ParsedCalendar(properties: properties, events: events)
    }

    private static func parsedEvent(_ ev: OpaquePointer, through: LocalDate) -> ParsedEvent {
        func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
        let dtstart = icalcomponent_get_dtstart(ev)
        let dtend = icalcomponent_get_dtend(ev)
        var categories: [String] = []
        var p = icalcomponent_get_first_property(ev, ICAL_CATEGORIES_PROPERTY)
        while let prop = p {
            categories.append(string(icalproperty_get_categories(prop)))
            p = icalcomponent_get_next_property(ev, ICAL_CATEGORIES_PROPERTY)
        }
        var triggers: [String] = []
        var a = icalcomponent_get_first_component(ev, ICAL_VALARM_COMPONENT)
        while let alarm = a {
            if let t = icalcomponent_get_first_property(alarm, ICAL_TRIGGER_PROPERTY) {
                triggers.append(string(icalproperty_get_value_as_string(t)))
            }
            a = icalcomponent_get_next_component(ev, ICAL_VALARM_COMPONENT)
        }
        let start = localDate(dtstart) ?? LocalDate(year: 1970, month: 1, day: 1)!
        var rule: String?
        var occurrences: [LocalDate] = []
        if let rr = icalcomponent_get_first_property(ev, ICAL_RRULE_PROPERTY) {
            let recurrence = icalproperty_get_rrule(rr)
            rule = string(icalproperty_get_value_as_string(rr))
            if let iterator = icalrecur_iterator_new(recurrence, dtstart) {
                defer { icalrecur_iterator_free(iterator) }
                for _ in 0..<100_000 {
                    let t = icalrecur_iterator_next(iterator)
                    guard icaltime_is_null_time(t) == 0, let d = localDate(t), d <= through else { break }
                    occurrences.append(d)
                }
            }
        } else if start <= through {
            occurrences = [start]
        }
        return ParsedEvent(
            uid: string(icalcomponent_get_uid(ev)), summary: string(icalcomponent_get_summary(ev)),
            description: string(icalcomponent_get_description(ev)), categories: categories, start: start,
            end: icaltime_is_null_time(dtend) == 0 ? localDate(dtend) : nil, rule: rule, alarmTriggers: triggers,
            occurrences: occurrences)
    }

    private static func localDate(_ t: icaltimetype) -> LocalDate? {
        LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day))
    }

    // MARK: Building

    /// Owns one libical component tree; frees it unless it was handed to a parent.
    private final class Component {
        private(set) var pointer: OpaquePointer
        private var owned = true

        init(kind: icalcomponent_kind) {
            pointer = icalcomponent_new(kind)
        }

        deinit { if owned { icalcomponent_free(pointer) } }

        convenience init(calendarNamed name: String?) {
            self.init(kind: ICAL_VCALENDAR_COMPONENT)
            add(icalproperty_new_version("2.0"))
            add(icalproperty_new_prodid(ICalendar.productID))
            add(icalproperty_new_calscale("GREGORIAN"))
            guard let name else { return }
            add(icalproperty_new_name(name))
            add(xProperty("X-WR-CALNAME", name))
            // Clients that honour them re-fetch a subscribed feed hourly.
            var hour = icaldurationtype_null_duration()
            hour.hours = 1
            let refresh = icalproperty_new_refreshinterval(hour)!
            icalproperty_add_parameter(refresh, icalparameter_new_value(ICAL_VALUE_DURATION))
            add(refresh)
            add(xProperty("X-PUBLISHED-TTL", "PT1H"))
        }

        convenience init(event e: CalendarEvent) {
            self.init(kind: ICAL_VEVENT_COMPONENT)
            add(icalproperty_new_uid(e.uid))
            add(icalproperty_new_dtstamp(ICalendar.utcTime(e.lastModified)))
            add(icalproperty_new_dtstart(ICalendar.date(e.start)))
            add(icalproperty_new_dtend(ICalendar.date(e.end)))
            if let rule = e.rule {
                add(icalproperty_new_rrule(icalrecurrencetype_from_string(rule.description)))
            }
            add(icalproperty_new_summary(e.summary))
            add(icalproperty_new_description(e.description))
            // One CATEGORIES property per category. libical writes a category's commas unescaped, and every
            // parser splits CATEGORIES at commas, so a comma inside a name becomes U+201A (a look-alike);
            // DESCRIPTION keeps the category as typed.
            for c in e.categories { add(icalproperty_new_categories(c.replacingOccurrences(of: ",", with: "\u{201A}"))) }
            if let url = e.url { add(icalproperty_new_url(url)) }
            add(icalproperty_new_sequence(Int32(clamping: e.sequence)))
            add(icalproperty_new_lastmodified(ICalendar.utcTime(e.lastModified)))
            add(icalproperty_new_transp(ICAL_TRANSP_TRANSPARENT))
            for days in e.alarmDays {
                let alarm = Component(kind: ICAL_VALARM_COMPONENT)
                alarm.add(icalproperty_new_action(ICAL_ACTION_DISPLAY))
                var before = icaldurationtype_null_duration()
                before.is_neg = 1
                before.days = UInt32(days)
                var trigger = icaltriggertype()
                trigger.time = icaltime_null_time()
                trigger.duration = before
                alarm.add(icalproperty_new_trigger(trigger))
                alarm.add(icalproperty_new_description(e.alarmText))
                add(alarm)
            }
        }

        func add(_ property: OpaquePointer?) {
            guard let property else { return }
            icalcomponent_add_property(pointer, property)
        }

        func add(_ child: Component) {
            icalcomponent_add_component(pointer, child.pointer)
            child.owned = false
        }

        private func xProperty(_ name: String, _ value: String) -> OpaquePointer? {
            let p = icalproperty_new_x(value)
            icalproperty_set_x_name(p, name)
            return p
        }

        /// CRLF line ends, folded at 75 octets, escaped.
        var text: String {
            guard let raw = icalcomponent_as_ical_string_r(pointer) else { return "" }
            defer { icalmemory_free_buffer(raw) }
            return String(cString: raw)
        }
    }

    static func date(_ d: LocalDate) -> icaltimetype {
        var t = icaltime_null_date()
        t.year = Int32(d.year)
        t.month = Int32(d.month)
        t.day = Int32(d.day)
        t.is_date = 1
        return t
    }

    /// `2026-01-15T08:30:00Z` as a UTC DATE-TIME; other ISO 8601 forms (fractions, offsets) through Foundation.
    static func utcTime(_ iso: String) -> icaltimetype {
        let digits = iso.utf8.map { Int32($0) - 48 }
        func number(_ from: Int, _ count: Int) -> Int32 { digits[from..<from + count].reduce(0) { $0 * 10 + $1 } }
        if iso.utf8.count == 20, Array(iso.utf8)[10] == UInt8(ascii: "T"), iso.hasSuffix("Z"),
            [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18].allSatisfy({ (0...9).contains(digits[$0]) })
        {
            var t = icaltime_null_time()
            t.year = number(0, 4)
            t.month = number(5, 2)
            t.day = number(8, 2)
            t.hour = number(11, 2)
            t.minute = number(14, 2)
            t.second = number(17, 2)
            t.zone = icaltimezone_get_utc_timezone()
            return t
        }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        var date = f.date(from: iso)
        if date == nil {
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            date = f.date(from: iso)
        }
        return icaltime_from_timet_with_zone(time_t((date ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970), 0, icaltimezone_get_utc_timezone())
    }
}
