"""Reads an iCalendar feed with Python's icalendar and expands it with recurring-ical-events:
an implementation independent of libical. Prints JSON: the calendar's properties, every VEVENT,
and every occurrence from START through END (inclusive)."""
import datetime
import json
import sys

import icalendar
import recurring_ical_events

path, start, end = sys.argv[1], sys.argv[2], sys.argv[3]
with open(path, "rb") as f:
    cal = icalendar.Calendar.from_ical(f.read())


def text(v):
    return str(v) if v is not None else None


events = []
for e in cal.walk("VEVENT"):
    cats = []
    for c in e.get("CATEGORIES", []) if isinstance(e.get("CATEGORIES"), list) else [e.get("CATEGORIES")]:
        if c is not None:
            cats.extend(str(x) for x in c.cats)
    events.append({
        "uid": text(e.get("UID")),
        "summary": text(e.get("SUMMARY")),
        "description": text(e.get("DESCRIPTION")),
        "categories": cats,
        "dtstart": e["DTSTART"].dt.isoformat(),
        "dtend": e["DTEND"].dt.isoformat() if "DTEND" in e else None,
        "alarms": [str(a.get("TRIGGER").to_ical().decode()) for a in e.walk("VALARM")],
    })

first = datetime.date.fromisoformat(start)
last = datetime.date.fromisoformat(end) + datetime.timedelta(days=1)
occurrences = []
for o in recurring_ical_events.of(cal).between(first, last):
    d = o["DTSTART"].dt
    if isinstance(d, datetime.datetime):
        d = d.date()
    occurrences.append({"uid": text(o.get("UID")), "date": d.isoformat(), "summary": text(o.get("SUMMARY"))})

json.dump({
    "calendar": {k: text(cal.get(k)) for k in ("VERSION", "PRODID", "CALSCALE", "NAME", "X-WR-CALNAME", "REFRESH-INTERVAL", "X-PUBLISHED-TTL")},
    "events": events,
    "occurrences": occurrences,
}, sys.stdout, ensure_ascii=False)
