#!/usr/bin/env python3
"""How each field's accuracy and confidently wrong picks move with its threshold, per data source, from one
cross-validation by document (train.py's): for choosing how thresholds are calibrated.

  training/threshold_sweep.py FEATURES.jsonl... [--fields name amount] [--real-weight 10] [--save OUT.pkl]
  training/threshold_sweep.py --load OUT.pkl [--fields ...]

Prints, per field, a row per threshold: right% / wrong% for each source; the threshold train.py would choose
is marked.
"""
import argparse
import pickle
import sys

import train

STEPS = [0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("features", nargs="*")
    ap.add_argument("--fields", nargs="+", default=train.FIELDS)
    ap.add_argument("--real-weight", type=float, default=10.0)
    ap.add_argument("--save")
    ap.add_argument("--load")
    args = ap.parse_args()
    if args.load:
        docs, oof, chosen = pickle.load(open(args.load, "rb"))
    else:
        if not args.features:
            sys.exit("threshold_sweep.py: give FEATURES.jsonl files, or --load a saved run")
        docs, schema = train.load(args.features)
        oof, chosen = train.cross_validate(docs, schema, 5, lambda d: args.real_weight if train.source(d) == "real" else 1.0,
                                           args.fields)
        if args.save:
            pickle.dump((docs, oof, chosen), open(args.save, "wb"))
    sources = sorted({train.source(d) for d in docs})
    for field in args.fields:
        if field not in oof:
            continue
        print(f"== {field} (right% / confidently wrong%)")
        print("thresh " + " ".join(f"{s[:12]:>14}" for s in sources))
        for t in sorted(set(STEPS) | {chosen[field]}):
            cells = []
            for s in sources:
                counts = {"right": 0, "wrong": 0, "missed": 0}
                for i, d in enumerate(docs):
                    if train.source(d) == s:
                        counts[train.outcome(d, field, oof[field].get(i), t)] += 1
                n = max(1, sum(counts.values()))
                cells.append(f"{100 * counts['right'] / n:5.1f}/{100 * counts['wrong'] / n:4.1f}".rjust(14))
            mark = "  <- train.py's choice" if abs(t - chosen[field]) < 0.005 else ""
            print(f"{t:6.2f} " + " ".join(cells) + mark)
        print(f"train.py chooses {chosen[field]:.2f}")


if __name__ == "__main__":
    main()
