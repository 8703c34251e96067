#!/usr/bin/env python3
"""Builds the training set of real public documents: training/real/MANIFEST.tsv names each file by repository,
commit, path and SHA-256; its truth, read off the document by us, is training/real/truth/FILE.json.

  training/real_set.py training/real OUT_DIR [--mirror DIR]

A file is taken from DIR/owner+name/repo (a bare git directory or a checkout, as the mirror tool makes them)
when there is one, else downloaded from raw.githubusercontent.com at the pinned commit. A file whose SHA-256
differs from the manifest's stops the build: the truth was read off that exact file.
"""
import argparse
import csv
import hashlib
import os
import shutil
import subprocess
import sys
import urllib.parse
import urllib.request


def blob(repo, commit, path, mirror):
    if mirror:
        git_dir = os.path.join(mirror, repo.replace("/", "+"), "repo")
        # The mirror tool leaves a bare directory, or a checkout's .git when the snapshot came as one.
        if os.path.isdir(os.path.join(git_dir, ".git")):
            git_dir = os.path.join(git_dir, ".git")
        if os.path.isdir(git_dir):
            return subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"],
                                  check=True, capture_output=True).stdout
    url = f"https://raw.githubusercontent.com/{repo}/{commit}/{urllib.parse.quote(path)}"
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source", help="the folder holding MANIFEST.tsv and truth/")
    ap.add_argument("out")
    ap.add_argument("--mirror", default=os.environ.get("MIRROR"))
    args = ap.parse_args()
    tmp = args.out + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    with open(os.path.join(args.source, "MANIFEST.tsv"), newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for row in rows:
        name = row["file"]
        try:
            data = blob(row["repo"], row["commit"], row["path"], args.mirror)
        except Exception as e:
            sys.exit(f"real_set.py: {name}: cannot get {row['repo']}@{row['commit'][:10]}:{row['path']} ({e}); "
                     "set MIRROR to a folder of the repositories or check the network")
        if hashlib.sha256(data).hexdigest() != row["sha256"]:
            sys.exit(f"real_set.py: {name}: {row['repo']}:{row['path']} is not the file the truth was read off "
                     "(SHA-256 differs)")
        with open(os.path.join(tmp, name), "wb") as out:
            out.write(data)
        stem = os.path.splitext(name)[0]
        shutil.copy(os.path.join(args.source, "truth", stem + ".json"), os.path.join(tmp, stem + ".json"))
    os.rename(tmp, args.out)
    print(f"real_set.py: {len(rows)} documents in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
