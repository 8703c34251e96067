#!/usr/bin/env python3
"""Scores `subs scan --json` predictions on a set of real documents whose truth lists fields it could not read.

  training/score_heldout.py SET_DIR PREDICTIONS.jsonl [--details]

SET_DIR holds NAME.EXT + NAME.json pairs (as training/real_set.py writes them) or files/ and truth/. Unlike the
shared corpus's score.py, whose rules per field it uses, a field named in a truth's `skip_fields` is not scored.
"Confidently wrong" counts documents with an emitted amount or billing date that is wrong (abstaining is not)."""
import json, os, sys
sys.path.insert(0, os.environ.get("CORPUS", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus")))
from score import field_ok, empty, FIELDS
d, pp = sys.argv[1], sys.argv[2]
details = "--details" in sys.argv
tdir = os.path.join(d, "truth") if os.path.isdir(os.path.join(d, "truth")) else d
preds = {}
for line in open(pp):
    line = line.strip()
    if line:
        p = json.loads(line); preds[os.path.splitext(os.path.basename(p.get("file", "")))[0]] = p
ok = {f: 0 for f in FIELDS}; n = {f: 0 for f in FIELDS}; allok = 0; conf_wrong = 0; docs = 0
rows = []
for f in sorted(os.listdir(tdir)):
    if not f.endswith(".json"): continue
    t = json.load(open(os.path.join(tdir, f)))
    if "kind" not in t: continue
    stem = f[:-5]; p = preds.get(stem, {}); docs += 1
    skip = set(t.get("skip_fields", []))
    good = True; bad = []
    for fld in FIELDS:
        if fld in skip: continue
        n[fld] += 1
        r = field_ok(fld, t, p)
        ok[fld] += r
        if not r:
            good = False; bad.append(f"{fld}: {t.get(fld)!r} got {p.get(fld)!r}")
    allok += good
    cw = any(fld not in skip and not empty(p.get(fld)) and not field_ok(fld, t, p) for fld in ("amount", "billing_date"))
    conf_wrong += cw
    if bad and details: rows.append(f"{stem} [{t.get('kind')}/{t.get('lang')}]{' CONF-WRONG' if cw else ''}: " + "; ".join(bad) + (f"  err={p.get('error')}" if 'error' in p else ""))
print(f"docs {docs}  " + "  ".join(f"{fld} {100*ok[fld]/max(n[fld],1):.1f}" for fld in FIELDS) + f"  all {100*allok/docs:.1f}  conf-wrong {conf_wrong}/{docs}")
for r in rows: print("  " + r)
