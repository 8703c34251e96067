#!/usr/bin/env python3
"""Turns SROIE 2019 receipts (zzzDavid/ICDAR-2019-SROIE, folder data/) into a training set in the shared
corpus's truth format: NNN.jpg (a link to the scan) beside NNN.json.

  training/sroie_set.py SROIE_DATA_DIR OUT_DIR

Only ids 0-499 are read: ids 500 and above are held out for evaluation and never touched here.
SROIE's truth: company as printed, total as printed, date as printed (Malaysian receipts: day first).
"""
import json
import os
import re
import sys
from datetime import date

MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}
LAST_TRAINING_ID = 499


def iso(text):
    """The printed date as YYYY-MM-DD, day first unless the year leads; None when it is not a date."""
    s = text.strip().strip("()").lower()
    if re.fullmatch(r"\d{8}", s):  # ddmmyyyy
        s = f"{s[:2]}/{s[2:4]}/{s[4:]}"
    m = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", s)
    if m:
        y, mo, d = map(int, m.groups())
    else:
        m = re.fullmatch(r"(\d{1,2})[-/. ]([a-z]{3})[a-z]*[-/. ,]*(\d{2,4})", s)
        if m:
            d, mo, y = int(m.group(1)), MONTHS.get(m.group(2)), int(m.group(3))
        else:
            m = re.fullmatch(r"([a-z]{3})[a-z]* (\d{1,2}), (\d{4})", s)
            if m:
                mo, d, y = MONTHS.get(m.group(1)), int(m.group(2)), int(m.group(3))
            else:
                m = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})", s)
                if not m:
                    return None
                d, mo, y = map(int, m.groups())
    if mo is None:
        return None
    if y < 100:
        y += 2000
    try:
        return date(y, mo, d).isoformat()
    except ValueError:
        return None


def main():
    data, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    made = 0
    for n in range(LAST_TRAINING_ID + 1):
        stem = f"{n:03d}"
        key, img = os.path.join(data, "key", stem + ".json"), os.path.join(data, "img", stem + ".jpg")
        if not (os.path.exists(key) and os.path.exists(img)):
            continue
        k = json.load(open(key))
        # "9.00", "RM 3.90", "RM41.45": the number, whatever sign is printed with it.
        total = re.search(r"\d+(?:\.\d+)?", k.get("total", "").replace(",", ""))
        amount = f"{float(total.group()):.2f}" if total else None
        truth = {
            "name": k.get("company") or None, "amount": amount, "currency": "MYR" if amount else None,
            "billing_date": iso(k.get("date", "")), "next_billing_date": None,
            "frequency": "monthly", "frequency_stated": False, "kind": "receipt-scan", "lang": "en", "layout": "sroie",
            # The same receipt as transcribed text (sroie_text.py) is the same document for cross-validation.
            "group": f"sroie-{stem}",
        }
        # A printed date this script cannot read is not a date the receipt lacks: left out of the date's training.
        skip = []
        if truth["billing_date"] is None and k.get("date"):
            skip.append("billing")
        if truth["amount"] is None and k.get("total"):
            skip += ["amount", "currency"]
        if skip:
            truth["skip_fields"] = skip
        link = os.path.join(out, f"sroie-{stem}.jpg")
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(os.path.abspath(img), link)
        json.dump(truth, open(os.path.join(out, f"sroie-{stem}.json"), "w"), indent=1)
        made += 1
    print(f"sroie_set: {made} receipts in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
