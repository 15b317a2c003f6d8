# SPDX-License-Identifier: GPL-2.0-or-later
"""tools/check-layout.py: the tree passes, and a copy of it with one include
across a boundary fails, naming it."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cwd):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools/check-layout.py")],
                          cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL)


def test_tree_passes():
    r = run(ROOT)
    assert r.returncode == 0, r.stderr


def test_soc_header_in_common_fails(tmp_path):
    for top in ("arch", "board", "common", "drivers", "lib"):
        shutil.copytree(os.path.join(ROOT, top), tmp_path / top)
    cli = tmp_path / "common/cli.c"
    cli.write_text('#include "arch/arm/omap3/soc.h"\n' + cli.read_text())
    r = run(tmp_path)
    assert r.returncode == 1
    assert "common/cli.c includes arch/arm/omap3/soc.h" in r.stderr
