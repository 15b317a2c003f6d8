#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks that the docs say what the tree has (issue #34, "Docs that stay
true"):

- the boot flow's steps: common/early.c (the early image) and then
  common/main.c (the SDRAM image) number them 1..15 once each, in
  order, with a title ("/* 8. Storage: ..."); docs/design.md ("N. **Title**")
  and README.md ("N. Title: ...") list the same numbers with the same
  titles;
- every path of this tree a doc cites in backquotes (`lib/fs/fat.c`,
  `tools/mknand`, `arch/arm/omap3/memmap.h:42`) exists, as a file or
  directory or as the source of a built program (.c, .h, .py, .sh added).
  Paths of other projects are written with their repository in front
  (`goldelico/letux-uboot board/...`) or without backquotes;
- every figure marked `<!-- bench:KEY -->N<!-- /bench -->` is what
  docs/bench.json (the last `make bench`) says, and where the build knows
  it (the MLO's size, what the ROM reads) what build/<board>/MLO says, if
  built (tools/docnums.py).

usage: check-docs.py [ROOT]   exits 1 naming each mismatch."""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import docnums  # noqa: E402

STEP_C = re.compile(r"(?:/\*|^\s*\*)\s+(\d{1,2})\. ([A-Za-z][\w -]*?)\s*[:,.]", re.M)
STEP_DESIGN = re.compile(r"^(\d{1,2})\. \*\*([^*]+)\*\*", re.M)
STEP_README = re.compile(r"^(\d{1,2})\. ([A-Za-z][\w -]*?):", re.M)
TOPS = ("arch", "board", "commands", "common", "drivers", "lib", "tools", "tests", "docs", "dts", ".ci")
CITED = re.compile(r"`(?:%s)/[\w./+-]*`" % "|".join(re.escape(t) for t in TOPS))
SUFFIXES = ("", ".c", ".h", ".py", ".sh", ".S")
# The boot flow's files, in the order they run.
FLOW = ("common/early.c", "common/main.c")


def section(text, title):
    """The text of the '## title' section."""
    m = re.search(r"^## %s\s*$(.*?)(?=^## |\Z)" % re.escape(title), text, re.M | re.S)
    return m.group(1) if m else ""


def steps(pattern, text):
    return [(int(n), t.strip()) for n, t in pattern.findall(text)]


def step_errors(root):
    errors = []
    code = []
    for f in FLOW:
        code += steps(STEP_C, open(os.path.join(root, f)).read())
    numbers = [n for n, _ in code]
    if numbers != list(range(1, len(numbers) + 1)) or not numbers:
        errors.append("%s number their steps %s, not 1..N once each in order"
                      % (" and ".join(FLOW), numbers))
    want = dict(code)
    for doc, pattern, sec in (("docs/design.md", STEP_DESIGN, "The boot flow"),
                              ("README.md", STEP_README, "The boot flow")):
        got = steps(pattern, section(open(os.path.join(root, doc)).read(), sec))
        if [n for n, _ in got] != numbers:
            errors.append("%s lists steps %s, the code %s" % (doc, [n for n, _ in got],
                                                              numbers))
        for n, title in got:
            if n in want and title.lower() != want[n].lower():
                errors.append("%s step %d is '%s', the code's '%s'" % (doc, n, title,
                                                                      want[n]))
    return errors


def path_errors(root):
    errors = []
    docs = sorted(glob.glob(os.path.join(root, "docs", "*.md"))) + [os.path.join(root, "README.md")]
    for doc in docs:
        for lineno, line in enumerate(open(doc), 1):
            for m in CITED.finditer(line):
                path = m.group(0).strip("`").rstrip(".,;)")
                path = re.sub(r":\d+(-\d+)?$", "", path)     # file:line
                if not any(os.path.exists(os.path.join(root, path + s)) for s in SUFFIXES):
                    errors.append("%s:%d cites %s, which does not exist" % (
                        os.path.relpath(doc, root), lineno, path))
    return errors


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else \
        os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    errors = step_errors(root) + path_errors(root) + docnums.check(root)
    for e in errors:
        print("check-docs: " + e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
