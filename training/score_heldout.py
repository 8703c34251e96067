#!/usr/bin/env python3
"""Scores `subs scan --json` predictions on a set of real documents whose truth lists fields it could not read.

  training/score_heldout.py SET_DIR PREDICTIONS.jsonl [--details]

SET_DIR holds NAME.EXT + NAME.json pairs (as training/real_set.py writes them) or files/ and truth/. Unlike the
shared corpus's score.py, whose loaders and rules per field it uses, a field named in a truth's `skip_fields` is
not scored. "Confidently wrong" counts documents with an emitted amount or billing date that is wrong
(abstaining is not).
"""
import argparse
import os
import sys

sys.path.insert(0, os.environ.get("CORPUS", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus")))
from score import FIELDS, empty, field_ok, load_preds, load_truth  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dir")
    ap.add_argument("predictions")
    ap.add_argument("--details", action="store_true")
    args = ap.parse_args()
    truth_dir = os.path.join(args.set_dir, "truth")
    truth = load_truth(truth_dir if os.path.isdir(truth_dir) else args.set_dir)
    preds = load_preds(args.predictions)
    by_stem = {os.path.splitext(k)[0]: v for k, v in preds.items()}
    right = {f: 0 for f in FIELDS}
    scored = {f: 0 for f in FIELDS}
    all_right = confidently_wrong = 0
    rows = []
    for doc, t in truth.items():
        stem = os.path.splitext(doc)[0]
        p = preds.get(doc) or by_stem.get(stem) or {}
        fields = [f for f in FIELDS if f not in set(t.get("skip_fields", []))]
        wrong = [f for f in fields if not field_ok(f, t, p)]
        for f in fields:
            scored[f] += 1
            right[f] += f not in wrong
        all_right += not wrong
        emitted_wrong = any(f in wrong and not empty(p.get(f)) for f in ("amount", "billing_date"))
        confidently_wrong += emitted_wrong
        if wrong and args.details:
            rows.append(f"{stem} [{t.get('kind')}/{t.get('lang')}]{' CONF-WRONG' if emitted_wrong else ''}: "
                        + "; ".join(f"{f}: {t.get(f)!r} got {p.get(f)!r}" for f in wrong)
                        + (f"  err={p['error']}" if "error" in p else ""))
    docs = max(len(truth), 1)
    print(f"docs {len(truth)}  " + "  ".join(f"{f} {100 * right[f] / max(scored[f], 1):.1f}" for f in FIELDS)
          + f"  all {100 * all_right / docs:.1f}  conf-wrong {confidently_wrong}/{len(truth)}")
    for r in rows:
        print("  " + r)


if __name__ == "__main__":
    main()
