# SPDX-License-Identifier: GPL-2.0-or-later
"""tools/check-docs.py (issue #34): the tree's docs pass; a copy whose
README renames a step, whose main.c numbers a step twice, or whose doc
cites a file that is not there fails, naming it."""
import os
import shutil
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
