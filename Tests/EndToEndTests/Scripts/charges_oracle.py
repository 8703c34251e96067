#!/usr/bin/env python3
"""An independent check of `subs upcoming`: random subscriptions, and their charges computed with
python-dateutil's rrule (not with subs' schedule engine).

  charges_oracle.py generate N SEED OUT.json     write a `subs import` file of N random subscriptions
  charges_oracle.py check SPEC.json GOT.json FROM THROUGH
                                                 compare `subs upcoming --json` output with rrule

Month-end anchors: RFC 5545 (and dateutil) skip months without the anchor day, so a day d > 28 is
asked as BYMONTHDAY=28..d with BYSETPOS=-1 (the last of those the month has): Jan 31, Feb 28/29, Mar 31.
"""
import json
import random
import sys
from datetime import date, timedelta
from decimal import Decimal, ROUND_HALF_UP, getcontext

from dateutil.rrule import rrule, DAILY, WEEKLY, MONTHLY, YEARLY

getcontext().prec = 50
MINOR = {"EUR": 2, "USD": 2, "JPY": 0, "KWD": 3}


def d(text):
    return date.fromisoformat(text) if text else None


def add_months(first_of_month, months):
    total = first_of_month.year * 12 + first_of_month.month - 1 + months
    return date(total // 12, total % 12 + 1, 1)


def occurrences(anchor, unit, n, lo, hi):
    """Every occurrence of the schedule in [lo, hi], by rrule."""
    if lo > hi:
        return []
    if unit in ("day", "week"):
        step = n * (7 if unit == "week" else 1)
        start = anchor
        if anchor > lo:  # step back whole periods so the rule starts on or before lo
            k = ((anchor - lo).days + step - 1) // step
            start = anchor - timedelta(days=k * step)
        rule = rrule(DAILY if unit == "day" else WEEKLY, interval=n, dtstart=start, until=hi)
    else:
        months = n * {"month": 1, "quarter": 3, "year": 12}[unit]
        day = anchor.day
        bymonthday = day if day <= 28 else tuple(range(28, day + 1))
        bysetpos = None if day <= 28 else -1
        first = date(anchor.year, anchor.month, 1)
        lo_first = date(lo.year, lo.month, 1)
        if first > lo_first:
            months_apart = (first.year - lo_first.year) * 12 + first.month - lo_first.month
            first = add_months(first, -((months_apart + months - 1) // months) * months)
        if unit == "year":
            rule = rrule(YEARLY, interval=n, dtstart=date(first.year, 1, 1), until=hi, bymonth=anchor.month,
                         bymonthday=bymonthday, bysetpos=bysetpos)
        else:
            rule = rrule(MONTHLY, interval=months, dtstart=first, until=hi, bymonthday=bymonthday, bysetpos=bysetpos)
    return [x.date() for x in rule if x.date() >= lo]


def price_on(history, day):
    chosen = history[0]
    for h in history:
        if d(h["effective_on"]) <= day:
            chosen = h
    return chosen


def your_part(amount, currency, share):
    num, _, den = share.partition("/")
    value = Decimal(amount) * Decimal(int(num)) / Decimal(int(den or 1))
    q = Decimal(1).scaleb(-MINOR[currency])
    return str(value.quantize(q, rounding=ROUND_HALF_UP))


def fmt(amount, currency):
    q = Decimal(1).scaleb(-MINOR[currency])
    return str(Decimal(amount).quantize(q, rounding=ROUND_HALF_UP))


def expected(sub, lo, hi):
    started = d(sub["started_on"])
    trial = d(sub.get("trial_until"))
    end = hi
    if sub["status"] in ("paused", "cancelled"):
        since = d(sub.get("status_since"))
        if since is None:
            return []
        end = min(end, since - timedelta(days=1))
    start = max(lo, started)
    out = []
    if trial:
        if start <= trial <= end:
            out.append((trial, "trial_end"))
        start = max(start, trial + timedelta(days=1))
    unit = {"daily": "day", "weekly": "week", "monthly": "month", "quarterly": "quarter", "yearly": "year"}[sub["frequency"]]
    for day in occurrences(d(sub["anchor"]), unit, sub["interval"], start, end):
        out.append((day, "charge"))
    return out


def random_date(rng, lo, hi):
    return lo + timedelta(days=rng.randrange((hi - lo).days + 1))


def generate(n, seed, path):
    rng = random.Random(seed)
    cadences = ([("monthly", i) for i in (1, 1, 1, 1, 2, 3, 6, 13)] + [("quarterly", 1), ("quarterly", 1), ("quarterly", 2)]
                + [("yearly", 1), ("yearly", 1), ("yearly", 2), ("yearly", 4)]
                + [("weekly", i) for i in (1, 2, 3, 4, 6)] + [("daily", i) for i in (3, 7, 10, 30, 45, 90)])
    subs = []
    for i in range(1, n + 1):
        frequency, interval = rng.choice(cadences)
        kind = rng.random()
        if kind < 0.35:  # month ends: 28, 29, 30, 31
            y, m = rng.randrange(2019, 2028), rng.randrange(1, 13)
            last = (add_months(date(y, m, 1), 1) - timedelta(days=1)).day
            anchor = date(y, m, min(rng.choice((28, 29, 30, 31)), last))
        elif kind < 0.45:  # Feb 29 of a leap year
            anchor = date(rng.choice((2020, 2024, 2028)), 2, 29)
        else:
            anchor = random_date(rng, date(2019, 1, 1), date(2028, 6, 30))
        started = anchor - timedelta(days=rng.choice((0, 0, 0, rng.randrange(0, 800))))
        if rng.random() < 0.1:
            started = anchor + timedelta(days=rng.randrange(1, 500))
        currency = rng.choice(("EUR", "EUR", "EUR", "USD", "JPY", "KWD"))

        def amount():
            units = MINOR[currency]
            return str(Decimal(rng.randrange(1, 200000)).scaleb(-units)) if units else str(rng.randrange(100, 20000))

        history = [{"effective_on": started.isoformat(), "amount": amount(), "currency": currency}]
        for _ in range(rng.choice((0, 0, 1, 2))):
            eff = random_date(rng, date(2026, 1, 1), date(2027, 12, 31))
            if all(h["effective_on"] != eff.isoformat() for h in history):
                history.append({"effective_on": eff.isoformat(), "amount": amount(), "currency": currency})
        history.sort(key=lambda h: h["effective_on"])
        r = rng.random()
        status, since, trial = "active", None, None
        if r < 0.15:
            status = "trial"
            trial = random_date(rng, date(2025, 10, 1), date(2026, 8, 31))
        elif r < 0.22:
            trial = random_date(rng, date(2024, 1, 1), date(2026, 1, 10))  # a trial that converted
        elif r < 0.32:
            status = "paused"
            since = random_date(rng, date(2025, 6, 1), date(2027, 12, 31)) if rng.random() < 0.9 else None
        elif r < 0.42:
            status = "cancelled"
            since = random_date(rng, date(2025, 6, 1), date(2027, 12, 31)) if rng.random() < 0.9 else None
        subs.append({
            "id": i, "uid": "oracle-%d" % i, "name": "sub %d" % i,
            "amount": history[-1]["amount"], "currency": currency, "frequency": frequency, "interval": interval,
            "anchor": anchor.isoformat(), "started_on": started.isoformat(), "status": status,
            "status_since": since.isoformat() if since else None, "trial_until": trial.isoformat() if trial else None,
            "share": rng.choice(("1", "1", "1", "1/2", "1/3", "2/3", "1/4")), "price_history": history,
            "created_at": "2026-01-01T00:00:00Z",
        })
    with open(path, "w") as f:
        json.dump({"subscriptions": subs}, f, indent=1)


def check(spec_path, got_path, lo_text, hi_text):
    lo, hi = d(lo_text), d(hi_text)
    subs = json.load(open(spec_path))["subscriptions"]
    want = []
    for s in subs:
        for day, kind in expected(s, lo, hi):
            p = price_on(s["price_history"], day)
            want.append((day.isoformat(), s["id"], fmt(p["amount"], p["currency"]), p["currency"],
                         your_part(p["amount"], p["currency"], s["share"]), kind))
    want.sort(key=lambda c: (c[0], c[1]))
    got = [(c["date"], c["id"], c["amount"], c["currency"], c["your_amount"], c["kind"]) for c in json.load(open(got_path))]
    if got == want:
        month_ends = sum(1 for c in want if c[0][8:] in ("28", "29", "30", "31"))
        feb29 = sum(1 for c in want if c[0][5:] == "02-29")
        trials = sum(1 for c in want if c[5] == "trial_end")
        print("ok charges=%d subscriptions=%d month_ends=%d feb29=%d trial_ends=%d"
              % (len(want), len(subs), month_ends, feb29, trials))
        return 0
    missing = sorted(set(want) - set(got))
    extra = sorted(set(got) - set(want))
    print("MISMATCH: %d expected, %d got; %d missing, %d unexpected" % (len(want), len(got), len(missing), len(extra)))
    for c in missing[:10]:
        print("missing   ", c)
    for c in extra[:10]:
        print("unexpected", c)
    if not missing and not extra:
        print("same charges, different order")
    return 1


if __name__ == "__main__":
    if sys.argv[1] == "generate":
        generate(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif sys.argv[1] == "check":
        sys.exit(check(*sys.argv[2:6]))
    else:
        sys.exit("usage: charges_oracle.py generate N SEED OUT | check SPEC GOT FROM THROUGH")
