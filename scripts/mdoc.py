#!/usr/bin/env python3
"""Writes subs(1) in mdoc from `subs --experimental-dump-help` (stdin) and the hand-written
sections in man/sections.mdoc (argv[1]), so the page always matches the command definitions."""
import json
import re
import sys

GLOBAL = {"db", "as-of", "no-color", "help", "version"}


def esc(text):
    out = []
    # mdoc wants each sentence on its own line.
    text = re.sub(r"([.!?]) +(?=[A-Z])", "\\1\n", (text or "").replace("\\", "\\e"))
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            out.append(".Pp")
        elif line[0] in ".'":
            out.append("\\&" + line)
        else:
            out.append(line)
    # No .Pp at the start or end, nor two in a row.
    cleaned = []
    for l in out:
        if l == ".Pp" and (not cleaned or cleaned[-1] == ".Pp"):
            continue
        cleaned.append(l)
    while cleaned and cleaned[-1] == ".Pp":
        cleaned.pop()
    return cleaned


def arg_head(a):
    names = sorted(a.get("names", []), key=lambda n: n["kind"] != "short")
    parts = []
    for n in names:
        parts.append(("Fl " if n["kind"] == "short" else "Fl \\-") + n["name"])
    head = " , ".join(parts) if parts else "Ar " + a.get("valueName", "")
    if a["kind"] == "option":
        head += " Ar " + a.get("valueName", "value")
    return head


def synopsis(path, cmd):
    words = ["Nm"] + ["Cm " + p for p in path]
    for a in cmd.get("arguments", []):
        if a["kind"] == "positional" and a.get("shouldDisplay", True):
            w = "Ar " + a.get("valueName", "arg") + (" ..." if a.get("isRepeating") else "")
            words.append(("Op " + w) if a.get("isOptional") else w)
    if any(a["kind"] != "positional" and a.get("shouldDisplay", True) and a["preferredName"]["name"] not in GLOBAL
           for a in cmd.get("arguments", [])):
        words.append("Op Ar options")
    return " ".join(words)


def command(path, cmd, lines):
    subs = [s for s in cmd.get("subcommands", []) if s.get("shouldDisplay", True) and s["commandName"] != "help"]
    lines.append(".It " + synopsis(path, cmd))
    lines += esc(cmd.get("abstract", ""))
    if cmd.get("discussion"):
        lines.append(".Pp")
        lines += esc(cmd["discussion"])
    opts = [a for a in cmd.get("arguments", []) if a.get("shouldDisplay", True)
            and not (a["kind"] != "positional" and a["preferredName"]["name"] in GLOBAL)]
    if opts:
        lines.append(".Bl -tag -width Ds")
        for a in opts:
            lines.append(".It " + arg_head(a))
            lines += esc(a.get("abstract", "")) or ["\\&"]
            if a.get("defaultValue") and a["kind"] == "option":
                lines.append("Default: " + a["defaultValue"] + ".")
        lines.append(".El")
    for s in subs:
        command(path + [s["commandName"]], s, lines)


def main():
    root = json.load(sys.stdin)["command"]
    sections = open(sys.argv[1], encoding="utf-8").read().split(".\\\" @COMMANDS@\n")
    lines = [".Sh COMMANDS", ".Bl -tag -width Ds"]
    for s in root.get("subcommands", []):
        if s.get("shouldDisplay", True) and s["commandName"] != "help":
            command([s["commandName"]], s, lines)
    lines.append(".El")
    sys.stdout.write(sections[0] + "\n".join(lines) + "\n" + sections[1])


main()
