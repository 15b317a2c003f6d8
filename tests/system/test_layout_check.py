# SPDX-License-Identifier: GPL-2.0-or-later
"""tools/check-layout.py: the tree passes, and a copy of it with one include
across a boundary, or a NAND command sent outside drivers/mtd/, fails,
naming it."""
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


def copy_tree(tmp_path):
    for top in ("arch", "board", "common", "drivers", "lib"):
        shutil.copytree(os.path.join(ROOT, top), tmp_path / top)


def test_nand_command_outside_the_core_fails(tmp_path):
    """Issue #26: one early NAND core. A NAND page read of its own (as
    mlo_rest.c had beside drivers/mtd/nand.c) fails the check."""
    copy_tree(tmp_path)
    rest = tmp_path / "arch/arm/omap3/mlo_rest.c"
    rest.write_text(rest.read_text() + "\nstatic void twin(const struct gpmc_nand *g)\n"
                    "{\n\tgpmc_nand_cmd(g, 0x00);\n}\n")
    r = run(tmp_path)
    assert r.returncode == 1
    assert "arch/arm/omap3/mlo_rest.c calls gpmc_nand_cmd" in r.stderr, r.stderr


def load_check_layout():
    import importlib.util
    spec = importlib.util.spec_from_file_location("check_layout",
                                                  os.path.join(ROOT, "tools/check-layout.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_cycles_of_any_length():
    """Issue #34: a circle of five files (bbcharge -> vars -> envstore ->
    bootfs -> storage -> bbcharge) passed a check that looked for pairs."""
    cl = load_check_layout()
    five = {"a": {"b"}, "b": {"c"}, "c": {"d"}, "d": {"e"}, "e": {"a", "f"}, "f": set()}
    assert cl.cycles(five) == [["a", "b", "c", "d", "e"]]
    dag = {"main": {"storage", "vars", "envstore"}, "envstore": {"bootfs", "vars"},
           "bootfs": {"storage"}, "storage": set(), "vars": set()}
    assert cl.cycles(dag) == []
    assert cl.cycles({"x": {"y"}, "y": {"x"}, "p": {"q"}, "q": {"p"}}) == [["p", "q"], ["x", "y"]]


def test_built_boot_flow_has_no_circle():
    import simrun
    for board in ("gta04", "beagle"):
        objdir = simrun.built("build/%s/obj" % board)
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tools/check-layout.py"), objdir],
                           cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        assert r.returncode == 0, r.stderr
