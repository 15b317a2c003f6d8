# SPDX-License-Identifier: GPL-2.0-or-later
"""tools/check-docs.py (issue #34): the tree's docs pass; a copy whose
README renames a step, whose main.c numbers a step twice, whose doc
cites a file that is not there, or whose marked figure is stale or names
no figure of docs/bench.json fails, naming it (tools/docnums.py)."""
import json
import os
import shutil
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "check-docs.py")


def run(root):
    return subprocess.run([sys.executable, TOOL, str(root)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)


def copy(tmp_path):
    for top in ("arch", "board", "commands", "common", "drivers", "lib", "tools", "tests", "docs", "dts",
                ".ci"):
        if os.path.isdir(os.path.join(ROOT, top)):
            shutil.copytree(os.path.join(ROOT, top), tmp_path / top,
                            ignore=shutil.ignore_patterns("__pycache__", "corpus"))
    shutil.copy(os.path.join(ROOT, "README.md"), tmp_path / "README.md")
    return tmp_path


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_tree_passes():
    r = run(ROOT)
    assert r.returncode == 0, r.stderr


def test_renamed_step_fails(tmp_path):
    t = copy(tmp_path)
    edit(t / "README.md", "8. Storage:", "8. Disks:")
    r = run(t)
    assert r.returncode == 1
    assert "README.md step 8 is 'Disks', the code's 'Storage'" in r.stderr, r.stderr


def test_step_numbered_twice_fails(tmp_path):
    t = copy(tmp_path)
    edit(t / "common/main.c", "/* 9. Boot scan:", "/* 8. Boot scan:")
    r = run(t)
    assert r.returncode == 1
    assert "number their steps" in r.stderr, r.stderr


def test_missing_cited_file_fails(tmp_path):
    t = copy(tmp_path)
    os.unlink(t / "common/bbcharge.c")
    r = run(t)
    assert r.returncode == 1
    assert "cites common/bbcharge.c, which does not exist" in r.stderr, r.stderr


# ---- figures from the build and `make bench` (tools/docnums.py)

sys.path.insert(0, os.path.join(ROOT, "tools"))
import docnums  # noqa: E402


def figures_root(tmp_path, record, doc, mlo=None, board="gta04"):
    """A tree of one doc and docs/bench.json; mlo: the bytes of a built
    build/<board>/MLO, if any."""
    (tmp_path / "docs").mkdir(parents=True)
    (tmp_path / "docs" / "bench.json").write_text(json.dumps(record))
    (tmp_path / "docs" / "x.md").write_text(doc)
    if mlo is not None:
        (tmp_path / "build" / board).mkdir(parents=True)
        (tmp_path / "build" / board / "MLO").write_bytes(mlo)
    return tmp_path


def test_stale_figure_fails(tmp_path):
    t = copy(tmp_path)
    record = docnums.load(t) or {}
    record["handoff_ms"] = 329.0
    (t / "docs" / "bench.json").write_text(json.dumps(record))
    with open(t / "docs" / "performance.md", "a") as f:
        f.write("\nreset to hand-off <!-- bench:handoff_ms -->1.0<!-- /bench --> ms\n")
    line = len((t / "docs" / "performance.md").read_text().splitlines())
    r = run(t)
    assert r.returncode == 1
    assert "docs/performance.md:%d: bench:handoff_ms reads '1.0', docs/bench.json has '%s'" % (
        line, record["handoff_ms"]) in r.stderr, r.stderr


def test_missing_key_fails(tmp_path):
    t = figures_root(tmp_path, {"handoff_ms": 326.4},
                     "a\nb <!-- bench:handoff_ms -->326.4<!-- /bench --> ms,"
                     " c <!-- bench:no_such_ms -->1.0<!-- /bench --> ms\n")
    assert docnums.check(t) == [
        "docs/x.md:2: bench:no_such_ms is not in docs/bench.json (make bench writes it)"]


def test_format_and_rewrite(tmp_path):
    t = figures_root(tmp_path, {"rom_bytes.gta04": 18144, "rom_kb.gta04": 18.1, "x_ms": 2.0},
                     "ROM: <!-- bench:rom_bytes.gta04 ,d -->1<!-- /bench --> bytes, about "
                     "<!-- bench:rom_kb.gta04 .0f -->17<!-- /bench --> KB,\n"
                     "<!-- bench:x_ms -->2.0<!-- /bench --> ms\n")
    assert docnums.check(t) == [
        "docs/x.md:1: bench:rom_bytes.gta04 reads '1', docs/bench.json has '18 144'"
        " (make docnums rewrites it)",
        "docs/x.md:1: bench:rom_kb.gta04 reads '17', docs/bench.json has '18'"
        " (make docnums rewrites it)",
        "docs/x.md:2 starts with a marker, which Markdown shows as raw HTML:"
        " put a word before it"]
    assert docnums.update(t) == 2
    assert (t / "docs" / "x.md").read_text() == (
        "ROM: <!-- bench:rom_bytes.gta04 ,d -->18 144<!-- /bench --> bytes, about "
        "<!-- bench:rom_kb.gta04 .0f -->18<!-- /bench --> KB,\n"
        "<!-- bench:x_ms -->2.0<!-- /bench --> ms\n")
    assert len(docnums.check(t)) == 1


def test_figure_the_build_knows(tmp_path):
    """The MLO's size is checked against build/gta04/MLO when it is built;
    `docnums.py --build` takes it into the record and the doc."""
    mlo = struct.pack("<I", 18144) + bytes(130039 - 4)
    t = figures_root(tmp_path, {"mlo_kb.gta04": 126.2},
                     "the <!-- bench:mlo_kb.gta04 .0f -->126<!-- /bench --> KB file\n", mlo)
    assert docnums.check(t) == [
        "docs/x.md:1: bench:mlo_kb.gta04 reads '126', the build's build/gta04/MLO gives '130'"
        " (make docnums)"]
    os.unlink(t / "build" / "gta04" / "MLO")      # not built: not checked
    assert docnums.check(t) == []
    (t / "build" / "gta04" / "MLO").write_bytes(mlo)
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "docnums.py"), "--build",
                        str(t)], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr
    assert "the <!-- bench:mlo_kb.gta04 .0f -->130<!-- /bench --> KB" in (t / "docs" / "x.md").read_text()
    assert json.loads((t / "docs" / "bench.json").read_text())["rom_bytes.gta04"] == 18144
    assert docnums.check(t) == []


def test_marked_figures_cite_the_record():
    """The tree's docs mark figures, and docs/bench.json has every key."""
    found = list(docnums.marks(ROOT))
    assert len(found) >= 20
    record = docnums.load(ROOT)
    assert [k for _, _, k, _, _ in found if k not in record] == []


def test_mlo_near_a_rounding_edge(tmp_path):
    """The MLO's bytes move by tens with the revision string: a record of
    124.6 KB ("125") holds against a build of 124,530 bytes (124.5, shown
    as "124"), but not against one 300 bytes smaller."""
    def root(size):
        mlo = struct.pack("<I", 16256) + bytes(size - 4)
        return figures_root(tmp_path / str(size), {"mlo_kb.beagle": 124.6},
                            "the <!-- bench:mlo_kb.beagle .0f -->125<!-- /bench --> KB file\n",
                            mlo, board="beagle")
    assert docnums.check(root(124530)) == []
    assert docnums.check(root(124300)) == [
        "docs/x.md:1: bench:mlo_kb.beagle reads '125', the build's build/beagle/MLO gives '124'"
        " (make docnums)"]
