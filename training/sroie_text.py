#!/usr/bin/env python3
"""SROIE receipts as the text their annotators transcribed (data/box: one box and transcript a printed line),
written as pages the extractor reads directly (NNN.pages, the JSON of [TextPage]) beside their truth. This
measures and trains the extractor apart from OCR: the same receipts through Tesseract are `sroie_set.py`'s.

  training/sroie_text.py SROIE_DATA_DIR SROIE_SET_DIR OUT_DIR

SROIE_SET_DIR is sroie_set.py's output (its truth is reused). Only ids 0-499 are read.
"""
import json
import os
import subprocess
import sys

LAST_TRAINING_ID = 499


def words_of(line, x0, y0, x1, y1):
    """The words of a transcribed line, each given a share of the line's box by its length."""
    parts = line.split()
    total = sum(len(p) for p in parts) + max(0, len(parts) - 1)
    out, x = [], x0
    width = max(1, x1 - x0)
    for p in parts:
        w = max(1, round(width * len(p) / max(1, total)))
        out.append((p, x, w))
        x += w + round(width / max(1, total))
    return out


def main():
    data, truth_dir, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    made = 0
    for n in range(LAST_TRAINING_ID + 1):
        stem = f"{n:03d}"
        box, img = os.path.join(data, "box", stem + ".csv"), os.path.join(data, "img", stem + ".jpg")
        truth_path = os.path.join(truth_dir, f"sroie-{stem}.json")
        if not (os.path.exists(box) and os.path.exists(img) and os.path.exists(truth_path)):
            continue
        size = subprocess.run(["identify", "-format", "%w %h", img], capture_output=True, text=True).stdout.split()
        width, height = int(size[0]), int(size[1])
        words = []
        rows = []
        for raw in open(box, encoding="utf-8", errors="replace"):
            parts = raw.rstrip("\n").split(",", 8)
            if len(parts) < 9 or not parts[8].strip():
                continue
            xs, ys = [int(v) for v in parts[0:8:2]], [int(v) for v in parts[1:8:2]]
            rows.append((min(ys), min(xs), max(xs), max(ys), parts[8]))
        for line_no, (top, left, right, bottom, text) in enumerate(sorted(rows)):
            for word, x, w in words_of(text, left, top, right, bottom):
                words.append({"text": word, "confidence": 0.95, "x": x, "y": top, "width": w, "height": max(1, bottom - top),
                              "line": line_no, "page": 1})
        pages = [{"page": 1, "source": "ocr", "words": words, "width": width, "height": height}]
        with open(os.path.join(out, f"sroie-{stem}.pages"), "w") as f:
            json.dump(pages, f)
        truth = json.load(open(truth_path))
        truth["kind"] = "receipt-text"
        truth["group"] = f"sroie-{stem}"
        with open(os.path.join(out, f"sroie-{stem}.json"), "w") as f:
            json.dump(truth, f, indent=1)
        made += 1
    print(f"sroie_text: {made} receipts in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
