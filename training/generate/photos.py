#!/usr/bin/env python3
"""Generated documents as photographed or scanned pages: make_docs.py's one-page documents rendered to pixels
(poppler's pdftoppm) and spoiled with ImageMagick the way phones and scanners spoil them: a low resolution,
a tilt, blur, sensor noise, light falling off across the sheet, JPEG compression. The scorer then learns from
what OCR makes of a page, misread words and all, not only from clean text layers.

  training/generate/photos.py OUT_DIR [--count N] [--seed S]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def pages_of(pdf):
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def spoil(png, jpg, r):
    """One random way of photographing the page."""
    w, h = map(int, subprocess.run(["identify", "-format", "%w %h", png], capture_output=True, text=True,
                                   check=True).stdout.split())
    scale = r.uniform(0.65, 1.0)
    args = ["convert", png, "-resize", f"{scale * 100:.0f}%"]
    if r.random() < 0.4:  # a lamp at one side: the far side of the sheet in shade
        shade = r.randint(55, 85)
        args += ["(", "-size", f"{round(w * scale)}x{round(h * scale)}", f"gradient:white-gray{shade}",
                 "-rotate", str(r.choice([0, 90, 180, 270])), "-resize", f"{round(w * scale)}x{round(h * scale)}!", ")",
                 "-compose", "multiply", "-composite"]
    args += ["-background", "white", "-rotate", f"{r.uniform(-2.5, 2.5):.2f}",
             "-blur", f"0x{r.uniform(0.2, 0.9):.2f}",
             "-attenuate", f"{r.uniform(0.1, 0.6):.2f}", "+noise", "Gaussian",
             "-colorspace", "Gray", "-quality", str(r.randint(45, 90)), jpg]
    subprocess.run(args, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--banded", type=float, default=0.3, help="share of letterheads on a coloured band")
    a = ap.parse_args()
    r = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # Twice as many as needed: usage bills run over two pages, and a photo is one page.
        subprocess.run([sys.executable, os.path.join(HERE, "make_docs.py"), tmp, "--count", str(a.count * 2),
                        "--seed", str(a.seed), "--banded", str(a.banded)], check=True, stdout=subprocess.DEVNULL)
        made = 0
        for stem in sorted(f[:-4] for f in os.listdir(tmp) if f.endswith(".pdf")):
            if made == a.count:
                break
            pdf = os.path.join(tmp, stem + ".pdf")
            if pages_of(pdf) != 1:
                continue
            png = os.path.join(tmp, stem)
            subprocess.run(["pdftoppm", "-r", "150", "-gray", "-singlefile", "-png", pdf, png], check=True)
            spoil(png + ".png", os.path.join(a.out, stem + ".jpg"), r)
            with open(os.path.join(tmp, stem + ".json")) as f:
                truth = json.load(f)
            truth["kind"] = "photo"
            with open(os.path.join(a.out, stem + ".json"), "w") as f:
                json.dump(truth, f, ensure_ascii=False, indent=1)
            made += 1
    print(f"photos: {made} pages in {a.out}")


if __name__ == "__main__":
    main()
