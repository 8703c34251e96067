#!/usr/bin/env python3
"""Trains the scorer of each field of `subs scan` and writes the shipped model.

  training/train.py FEATURES.jsonl... --out Sources/SubsScan/Resources/scorer.json \
      --fixture Tests/SubsScanTests/Fixtures/scorer-fixture.json [--folds 5] [--report FILE]

FEATURES.jsonl come from `subs-train features` (one line a document: each field's candidates with their
feature rows and labels; FEATURES.jsonl.schema.json names the features). For every field:

1. Cross-validation by document (GroupKFold): each document's candidates are scored by a model that never saw
   that document. The field's pick is the best-scoring candidate, or nothing when its score is under the
   threshold; the threshold is the one that makes the most documents right less those it makes confidently
   wrong (WRONG_COST), counted over three fold assignments (a document whose truth is empty is right when
   nothing is picked). The report gives accuracy, candidate recall (is the truth
   among the candidates: OCR misses against choice misses), and confidently wrong picks, per data source.
2. The final model is fitted on every document and written with the threshold as JSON trees, which the Swift
   extractor evaluates (`Scorer.swift`); the fixture holds feature rows with the scores computed here, which a
   Swift test reproduces.
"""
import argparse
import json
import math
import sys
from collections import defaultdict

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import GroupKFold

FIELDS = ["amount", "currency", "billing", "next", "name", "frequency"]
TRUTH_KEY = {"amount": "amount", "currency": "currency", "billing": "billing_date", "next": "next_billing_date",
             "name": "name", "frequency": "frequency"}
CADENCES = {"weekly", "monthly", "quarterly", "yearly", None}
PARAMS = dict(max_iter=250, learning_rate=0.08, max_leaf_nodes=31, min_samples_leaf=10, l2_regularization=1.0,
              early_stopping=False, random_state=0)


def load(paths):
    docs, schema = [], {}
    for p in paths:
        with open(p + ".schema.json") as f:
            s = json.load(f)
        for k, v in s.items():
            if k in schema and schema[k] != v:
                sys.exit(f"train.py: {p}: the features of {k} differ from another file's: make them again")
            schema[k] = v
        with open(p) as f:
            for line in f:
                docs.append(json.loads(line))
    return docs, schema


def source(doc):
    """The data source a document belongs to, for the report: the set's folder name."""
    return doc["id"].split("/")[0]


def truth_value(doc, field):
    t = doc["truth"]
    if field == "frequency":
        return t.get("frequency") if t.get("frequency_stated") else None
    v = t.get(TRUTH_KEY[field])
    return v if v not in ("", None) else None


def matrix(docs, field, width, weight):
    """The field's candidate rows of every document, their labels, the index of the document each is from and
    its weight (its document's)."""
    X, y, owner = [], [], []
    for i, d in enumerate(docs):
        if field in d.get("skip", []) or (field == "next" and "billing" in d.get("skip", [])):
            continue
        # A cadence no candidate can name ("bimonthly") tells nothing about choosing among them: every one of
        # a long bill's cues would count as a wrong pick. (The report still counts the document as missed.)
        if field == "frequency" and d["truth"].get("frequency") not in CADENCES:
            continue
        f = d["fields"][field]
        for row, label in zip(f["rows"], f["labels"]):
            X.append([math.nan if v is None else v for v in row])
            y.append(label)
            owner.append(i)
    X = np.array(X, dtype=np.float64).reshape(-1, width)
    return X, np.array(y), np.array(owner), np.array([weight(docs[i]) for i in owner])


def fit(X, y, weight):
    clf = HistGradientBoostingClassifier(**PARAMS)
    if len(set(y)) < 2:
        return None
    clf.fit(X, y, sample_weight=weight)
    return clf


def picks(docs, field, X, owner, scores):
    """Per document: (index of the best candidate within the document, its score)."""
    best = {}
    first = {}
    for k, (i, s) in enumerate(zip(owner, scores)):
        first.setdefault(i, k)
        if i not in best or s > best[i][1]:
            best[i] = (k - first[i], s)
    return best


def outcome(doc, field, pick, threshold, chosen_amount=None, chosen_billing=None):
    """'right', 'wrong' (confidently) or 'missed' for the field of one document at this threshold."""
    truth = truth_value(doc, field)
    f = doc["fields"][field]
    value = None
    if pick is not None and pick[1] >= threshold:
        value = f["values"][pick[0]]
        label = f["labels"][pick[0]]
    if field == "currency" and chosen_amount is not None:
        own = doc["fields"]["amount"]["currencies"][chosen_amount]
        if own is not None:
            value, label = own, int(truth is not None and own == truth.upper())
    if field == "next" and value is not None and chosen_billing is not None and value <= chosen_billing:
        value = None
    if value is None:
        return "right" if truth is None else "missed"
    if truth is None:
        return "wrong"
    return "right" if label == 1 else "wrong"


# What a confidently wrong value costs, in right ones: a wrong amount or date goes silently into projections,
# budgets and the calendar (the bar is at most 1 document in 10), while a null is asked for. A wrong
# name or cadence is on every line the user reads.
WRONG_COST = {"amount": 2.0, "currency": 2.0, "billing": 2.0, "next": 2.0, "name": 1.0, "frequency": 1.0}
# The fold assignments thresholds are chosen over: GroupKFold's balanced one and two shuffles. One assignment
# alone moved the billing threshold between 0.10 and 0.54 (its gain curve is flat between them).
SHUFFLES = (None, 1, 2)


def best_threshold(results, weight, cost=1.0):
    """The threshold that makes the most documents right less `cost` times those it makes confidently wrong;
    `results` holds (doc, field, pick) triples, each document counted as much as its set's weight."""
    best = (0.5, None)
    for t in [k / 100 for k in range(0, 100)] + [1.01]:
        gain = 0.0
        for d, f, p in results:
            o = outcome(d, f, p, t)
            gain += weight(d) * ((o == "right") - cost * (o == "wrong"))
        if best[1] is None or gain > best[1]:
            best = (t, gain)
    return best[0]


def out_of_fold(docs, field, X, y, owner, w, groups, folds, seed):
    """Per document, the field's best candidate and its score from a model that never saw the document."""
    scores = np.zeros(len(y))
    # Too few documents or no positive candidate: nothing to learn, the field is never picked.
    enough = len(set(groups)) >= folds and y.sum() >= 2
    splits = GroupKFold(n_splits=folds, shuffle=seed is not None, random_state=seed).split(X, y, groups) if enough else []
    for train, test in splits:
        clf = fit(X[train], y[train], w[train])
        scores[test] = clf.predict_proba(X[test])[:, 1] if clf is not None else 0.0
    return picks(docs, field, X, owner, scores)


def cross_validate(docs, schema, folds, weight, fields=FIELDS, seeds=SHUFFLES):
    """Out-of-fold picks of each field (all of them unless told) under the first fold assignment, and each
    field's threshold, chosen over every assignment's picks."""
    # A document's group: the same receipt transcribed and OCR'd is one document for the folds.
    group_ids = {}
    doc_group = [group_ids.setdefault(d.get("group") or d["id"], len(group_ids)) for d in docs]
    oof = {f: {} for f in fields}
    thresholds = {}
    for field in fields:
        if not schema.get(field):
            thresholds[field] = 1.01
            continue
        X, y, owner, w = matrix(docs, field, len(schema[field]), weight)
        groups = np.array([doc_group[i] for i in owner])
        results = []
        for k, seed in enumerate(seeds):
            field_picks = out_of_fold(docs, field, X, y, owner, w, groups, folds, seed)
            if k == 0:
                oof[field] = field_picks
            # (Documents without a candidate abstain whatever the threshold.)
            results += [(docs[i], field, field_picks.get(i)) for i in set(owner)]
        thresholds[field] = best_threshold(results, weight, WRONG_COST[field])
    return oof, thresholds


def details(docs, oof, thresholds, path):
    """Every wrong or missed field of every document, with the pick and the truth: for looking closer."""
    with open(path, "w") as f:
        for i, d in enumerate(docs):
            for field in FIELDS:
                p = oof[field].get(i)
                o = outcome(d, field, p, thresholds[field])
                if o == "right":
                    continue
                values = d["fields"][field]["values"]
                f.write(json.dumps({"id": d["id"], "field": field, "outcome": o, "truth": truth_value(d, field),
                                    "pick": values[p[0]] if p else None, "score": round(p[1], 3) if p else None,
                                    "candidates": len(values)}) + "\n")


def report(docs, oof, thresholds, out):
    """Accuracy, candidate recall and confident errors per field and data source."""
    by_source = defaultdict(list)
    for i, d in enumerate(docs):
        by_source[source(d)].append(i)
    lines = []
    summary = {}
    for src in sorted(by_source) + ["ALL"]:
        idx = list(range(len(docs))) if src == "ALL" else by_source[src]
        lines.append(f"== {src} ({len(idx)} documents; cross-validated by document) ==")
        lines.append(f"{'field':<10} {'accuracy':>8} {'recall':>7} {'wrong':>6} {'missed':>7} {'thresh':>6}")
        summary[src] = {}
        all_right = [True] * len(idx)
        for field in FIELDS:
            counts = defaultdict(int)
            recall_n = recall_hit = 0
            for j, i in enumerate(idx):
                d = docs[i]
                if field in d.get("skip", []):
                    continue
                amount_pick = oof["amount"].get(i)
                chosen_amount = amount_pick[0] if amount_pick and amount_pick[1] >= thresholds["amount"] else None
                billing_pick = oof["billing"].get(i)
                chosen_billing = (d["fields"]["billing"]["values"][billing_pick[0]]
                                  if billing_pick and billing_pick[1] >= thresholds["billing"] else None)
                o = outcome(d, field, oof[field].get(i), thresholds[field], chosen_amount, chosen_billing)
                counts[o] += 1
                if o != "right":
                    all_right[j] = False
                if truth_value(d, field) is not None:
                    recall_n += 1
                    recall_hit += int(any(d["fields"][field]["labels"]))
            if not counts:
                lines.append(f"{field:<10} {'-':>8} {'-':>7} {0:6d} {0:7d} {thresholds[field]:6.3f}   (not trained or scored here)")
                continue
            n = sum(counts.values())
            acc = counts["right"] / n
            rec = recall_hit / recall_n if recall_n else float("nan")
            summary[src][field] = {"accuracy": round(acc, 4), "recall": round(rec, 4), "wrong": counts["wrong"],
                                   "missed": counts["missed"], "documents": n}
            lines.append(f"{field:<10} {acc:8.1%} {rec:7.1%} {counts['wrong']:6d} {counts['missed']:7d} {thresholds[field]:6.3f}")
        wrong_money_or_date = 0
        for i in idx:
            d = docs[i]
            for field in ("amount", "billing"):
                if field in d.get("skip", []):
                    continue
                if outcome(d, field, oof[field].get(i), thresholds[field]) == "wrong":
                    wrong_money_or_date += 1
                    break
        lines.append(f"all fields right: {sum(all_right) / max(1, len(idx)):.1%}; "
                     f"a confidently wrong amount or billing date: {wrong_money_or_date / max(1, len(idx)):.1%}")
        summary[src]["all"] = round(sum(all_right) / max(1, len(idx)), 4)
        summary[src]["wrong_amount_or_date"] = round(wrong_money_or_date / max(1, len(idx)), 4)
        lines.append("")
    text = "\n".join(lines)
    print(text)
    if out:
        with open(out, "w") as f:
            f.write(text + "\n")
        with open(out + ".json", "w") as f:
            json.dump(summary, f, indent=1, sort_keys=True)


def export_tree(predictor):
    nodes = predictor.nodes
    return {
        "feature": [int(n["feature_idx"]) for n in nodes],
        # JSON has no infinity: the largest double splits the same way for every finite feature value.
        "threshold": [float(np.clip(n["num_threshold"], -sys.float_info.max, sys.float_info.max)) for n in nodes],
        "left": [int(n["left"]) for n in nodes],
        "right": [int(n["right"]) for n in nodes],
        "value": [float(n["value"]) for n in nodes],
        "missingLeft": [bool(n["missing_go_to_left"]) for n in nodes],
        "leaf": [bool(n["is_leaf"]) for n in nodes],
    }


def export(clf, names, threshold):
    if clf is None:
        return {"features": names, "baseline": -20.0, "threshold": 1.01, "trees": []}
    assert not any(p[0].nodes["is_categorical"].any() for p in clf._predictors), "categorical splits are not exported"
    return {
        "features": names,
        "baseline": float(np.ravel(clf._baseline_prediction)[0]),
        "threshold": float(threshold),
        "trees": [export_tree(p[0]) for p in clf._predictors],
    }


def write_model(docs, schema, weight, thresholds, out, fixture_path=None):
    """Fits each field's scorer on every document and writes it with its threshold; the fixture holds feature
    rows and their scores, which a Swift test reproduces."""
    model = {"version": 1, "fields": {}}
    fixture = {}
    rng = np.random.default_rng(0)
    for field in FIELDS:
        names = schema.get(field, [])
        if not names:
            continue
        X, y, owner, w = matrix(docs, field, len(names), weight)
        clf = fit(X, y, w)
        model["fields"][field] = export(clf, names, thresholds[field])
        if clf is not None:
            pick = rng.choice(len(y), size=min(40, len(y)), replace=False)
            fixture[field] = {"rows": [[None if math.isnan(v) else v for v in X[k]] for k in pick],
                              "scores": [float(s) for s in clf.predict_proba(X[pick])[:, 1]]}
    with open(out, "w") as f:
        json.dump(model, f, separators=(",", ":"))
    if fixture_path:
        with open(fixture_path, "w") as f:
            json.dump(fixture, f, separators=(",", ":"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("features", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--fixture")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--report")
    ap.add_argument("--details", help="write every wrong or missed field here (JSON lines)")
    ap.add_argument("--no-cv", action="store_true", help="skip cross-validation (thresholds 0.5)")
    ap.add_argument("--weight", action="append", default=[], metavar="SET=W",
                    help="count each document of SET (a features file's folder name) W times, in fitting and in "
                         "choosing thresholds: real documents are few beside the generated ones")
    args = ap.parse_args()
    docs, schema = load(args.features)
    weights = {}
    for w in args.weight:
        name, _, value = w.partition("=")
        try:
            weights[name] = float(value)
        except ValueError:
            sys.exit(f"train.py: --weight {w}: expected SET=NUMBER, e.g. real=10")
    weight = lambda d: weights.get(source(d), 1.0)
    print(f"train.py: {len(docs)} documents", file=sys.stderr)
    if args.no_cv:
        thresholds = {f: 0.5 for f in FIELDS}
    else:
        oof, thresholds = cross_validate(docs, schema, args.folds, weight)
        report(docs, oof, thresholds, args.report)
        if args.details:
            details(docs, oof, thresholds, args.details)
    write_model(docs, schema, weight, thresholds, args.out, args.fixture)
    print(f"train.py: wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
