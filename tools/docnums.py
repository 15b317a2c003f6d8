#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The figures the docs cite from the build and from `make bench`, kept in
docs/bench.json and written into the docs between markers, so nobody types
them (issue #34, "Docs that stay true").

A marked figure is the number only, on one line; its unit stays outside:

    reset to hand-off <!-- bench:handoff_ms -->326.4<!-- /bench --> ms
    the <!-- bench:mlo_kb.gta04 .0f -->130<!-- /bench --> KB MLO

The key names a figure of docs/bench.json (flat, numbers only, in the
units the docs write: ms, MB/s, KB of 1000 bytes); the optional second word
is a Python format spec for it (",d" separates thousands with a space, as
the docs write 18 536). Without one an int is written as is and a float as
the record rounded it.

docs/bench.json is written by `make bench` (tools/bench.py, record()); the
figures the build knows without a bench (the MLO's size, what the ROM
reads: build_figures()) also by `make docnums`, which takes them from
build/<board>/MLO. Both then rewrite every marked figure of README.md and
docs/*.md. tools/check-docs.py calls check().

usage: docnums.py [--build] [ROOT]
  rewrites the marked figures from docs/bench.json; --build first takes the
  build's figures (build/<board>/MLO) into docs/bench.json."""
import glob
import json
import os
import re
import struct
import sys

RECORD = os.path.join("docs", "bench.json")
BOARDS = ("gta04", "beagle")
MARK = re.compile(r"<!-- bench:([\w.-]+)(?: (\S+))? -->(.*?)<!-- /bench -->")


def docs(root):
    """README.md and docs/*.md, as paths relative to root."""
    names = ["README.md"] + sorted(os.path.relpath(p, root)
                                   for p in glob.glob(os.path.join(root, "docs", "*.md")))
    return [n for n in names if os.path.exists(os.path.join(root, n))]


def load(root):
    """docs/bench.json's figures, or None when there is none."""
    path = os.path.join(root, RECORD)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def save(root, figures):
    with open(os.path.join(root, RECORD), "w") as f:
        json.dump(dict(sorted(figures.items())), f, indent=1)
        f.write("\n")


def fmt(value, spec):
    """The text a figure is written as; ValueError for a bad spec."""
    if spec is None:
        return str(value)
    text = format(value, spec)
    return text.replace(",", " ") if "," in spec else text


def build_figures(root):
    """What the build knows without a bench, for each board built:
    {key: number}. The ROM reads what the MLO's GP header declares; and
    efi.img's size."""
    out = {}
    for b in BOARDS:
        mlo = os.path.join(root, "build", b, "MLO")
        if not os.path.exists(mlo):
            continue
        with open(mlo, "rb") as f:
            head = f.read(4)
        size = os.path.getsize(mlo)
        rom = struct.unpack("<I", head)[0] if len(head) == 4 else 0
        out.update({"mlo_bytes." + b: size, "mlo_kb." + b: round(size / 1000, 1),
                    "rom_bytes." + b: rom, "rom_kb." + b: round(rom / 1000, 1)})
    # efi.img, the same for both boards; the GTA04's, as make bench reads it
    efi = os.path.join(root, "build", "gta04", "efi.img")
    if os.path.exists(efi):
        out["efi.img_bytes"] = os.path.getsize(efi)
    return out


def marks(root):
    """Every marker of the docs: (doc, line number, key, spec, text), and
    (doc, line number, None, None, line) for a line that starts with one."""
    for doc in docs(root):
        with open(os.path.join(root, doc)) as f:
            for n, line in enumerate(f, 1):
                if line.lstrip().startswith("<!-- bench:"):
                    yield doc, n, None, None, line
                for m in MARK.finditer(line):
                    yield doc, n, m.group(1), m.group(2), m.group(3)


def check(root):
    """Mismatches, each naming file:line: a marked figure that is not what
    docs/bench.json says, a key it lacks, a bad format spec, and a figure
    the build knows that the build (when there is one) no longer has."""
    record = load(root)
    found = list(marks(root))
    if record is None and any(key for _, _, key, _, _ in found):
        return ["%s is missing, and the docs' marked figures cite it" % RECORD]
    record = record or {}
    # The MLO's bytes move by tens with every commit (the cold part packs
    # the version string, `git describe --dirty`): docs cite it in KB,
    # rounded, and only that is held against the build, with the record's
    # KB allowed to differ from the build's by 0.1 (100 bytes). Without
    # that slack a figure near a rounding edge (124.5 KB shown as "125")
    # failed in a clone whose revision string packed 30 bytes smaller.
    built = {k: v for k, v in build_figures(root).items() if not k.startswith("mlo_bytes.")}
    near = {k for k, v in built.items()
            if k.startswith("mlo_kb.") and k in record and abs(v - record[k]) <= 0.1 + 1e-9}
    errors = []
    for doc, n, key, spec, text in found:
        if key is None:
            # CommonMark: a line starting with "<!--" is an HTML block
            errors.append("%s:%d starts with a marker, which Markdown shows as raw HTML:"
                          " put a word before it" % (doc, n))
            continue
        where = "%s:%d: bench:%s" % (doc, n, key)
        if key not in record:
            errors.append("%s is not in %s (make bench writes it)" % (where, RECORD))
            continue
        try:
            want = fmt(record[key], spec)
        except (ValueError, TypeError) as e:
            errors.append("%s: format '%s': %s" % (where, spec, e))
            continue
        if text != want:
            errors.append("%s reads '%s', %s has '%s' (make docnums rewrites it)"
                          % (where, text, RECORD, want))
        if key in built and key not in near and text != fmt(built[key], spec):
            errors.append("%s reads '%s', the build's build/%s/MLO gives '%s' (make docnums)"
                          % (where, text, key.split(".")[-1], fmt(built[key], spec)))
    return errors


def update(root):
    """Rewrites every marked figure whose key the record has; returns the
    number of figures changed. Markers naming a key it lacks, or with a
    format that does not fit, are left for check() to report."""
    record = load(root) or {}
    changed = 0
    for doc in docs(root):
        path = os.path.join(root, doc)
        with open(path) as f:
            text = f.read()

        def put(m):
            nonlocal changed
            key, spec = m.group(1), m.group(2)
            try:
                new = fmt(record[key], spec)
            except (KeyError, ValueError, TypeError):
                return m.group(0)       # check() names it
            changed += new != m.group(3)
            return m.group(0)[:m.start(3) - m.start(0)] + new + "<!-- /bench -->"

        new = MARK.sub(put, text)
        if new != text:
            with open(path, "w") as f:
                f.write(new)
    return changed


def main(argv):
    args = [a for a in argv if a != "--build"]
    root = args[0] if args else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--build" in argv:
        record = load(root) or {}
        record.update(build_figures(root))
        save(root, record)
    print("docnums: %d figures rewritten from %s" % (update(root), RECORD))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
