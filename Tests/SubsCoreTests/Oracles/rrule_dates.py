#!/usr/bin/env python3
"""Independent oracle for the schedule engine: expands schedules with python-dateutil's rrule.

stdin: JSON list of {"anchor": "YYYY-MM-DD", "unit": day|week|month|quarter|year, "count": N,
                     "from": "YYYY-MM-DD", "through": "YYYY-MM-DD"}
stdout: JSON list of lists of dates (charges on the schedule within [from, through]).

rrule skips days a month lacks (RFC 5545), so a month-end anchor is written the way calendar
apps must: BYMONTHDAY=28..anchor_day with BYSETPOS=-1 (the last of those the month has)."""
import json
import sys
from datetime import date, datetime

from dateutil.rrule import DAILY, MONTHLY, WEEKLY, YEARLY, rrule


def expand(s):
    a = date.fromisoformat(s["anchor"])
    n = s["count"]
    start = datetime.combine(a, datetime.min.time())
    lo = datetime.fromisoformat(s["from"])
    hi = datetime.fromisoformat(s["through"])
    unit = s["unit"]
    if unit in ("day", "week"):
        rule = rrule(DAILY if unit == "day" else WEEKLY, interval=n, dtstart=start)
    else:
        months = {"month": 1, "quarter": 3, "year": 12}[unit] * n
        days = tuple(range(28, a.day + 1)) if a.day > 28 else (a.day,)
        if months % 12 == 0:
            rule = rrule(YEARLY, interval=months // 12, dtstart=start, bymonth=a.month, bymonthday=days, bysetpos=-1)
        else:
            rule = rrule(MONTHLY, interval=months, dtstart=start, bymonthday=days, bysetpos=-1)
    return [d.date().isoformat() for d in rule.between(lo, hi, inc=True)]


json.dump([expand(s) for s in json.load(sys.stdin)], sys.stdout)
