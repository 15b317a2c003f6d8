# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's own test suite (test/py), unmodified, against gtaboot in the
simulated GTA04: tools/testpy/run.sh with the hooks and the build directory
of tools/testpy (docs/uboot-compat.md, "U-Boot's test/py"). One test here
per test/py file of tools/testpy/tests.txt, each a session of its own (a
fresh card, a fresh boot); every one must end with 0 failed and 0 errors.

It needs a U-Boot source tree, given as UBOOT_SRC (CI has none: it
reaches no GitHub), and skips with that reason without one."""
import os
import re
import subprocess

import pytest

import simrun

ROOT = simrun.ROOT
TESTPY = os.path.join(ROOT, "tools", "testpy")
UBOOT_SRC = os.environ.get("UBOOT_SRC")


def files():
    out = []
    with open(os.path.join(TESTPY, "tests.txt")) as f:
        for line in f:
            w = line.split()
            if w and not w[0].startswith("#") and w[0] != "-":
                out.append(w[0])
    return out


def env(build):
    e = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    e.update(UBOOT_SRC=UBOOT_SRC, TESTPY_BUILD=build)
    return e


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    if not UBOOT_SRC:
        pytest.skip("UBOOT_SRC not set: U-Boot's test/py needs a U-Boot source tree "
                    "(UBOOT_SRC=/path/to/u-boot)")
    if not os.path.exists(os.path.join(UBOOT_SRC, "test", "py", "conftest.py")):
        pytest.skip("UBOOT_SRC=%s has no test/py/conftest.py" % UBOOT_SRC)
    simrun.built("build/sim/gtaboot-sim", "build/gta04/MLO")
    d = str(tmp_path_factory.mktemp("testpy"))
    r = subprocess.run(["/usr/bin/python3", os.path.join(TESTPY, "setup.py"), d],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return d


def counts(out):
    """{"passed": n, "failed": n, ...} from pytest's last summary line."""
    lines = [ln for ln in out.splitlines() if re.match(r"=+ .* in [\d.]+s", ln)]
    assert lines, out[-3000:]
    return {w: int(n) for n, w in re.findall(r"(\d+) (\w+)", lines[-1])}


@pytest.mark.parametrize("name", files())
def test_uboot_testpy(build, name):
    path = os.path.join(UBOOT_SRC, "test", "py", "tests", name)
    r = subprocess.run([os.path.join(TESTPY, "run.sh"), "-ra", path],
                       env=dict(env(build), TESTPY_SETUP="no"), stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=3600)
    c = counts(r.stdout)
    assert c.get("failed", 0) == 0 and c.get("error", 0) + c.get("errors", 0) == 0, \
        r.stdout[-6000:]
    # a run that stopped early (test/py gives up on a dead console) says so
    assert "Marking connection bad" not in r.stdout, r.stdout[-6000:]
    assert r.returncode in (0, 5), r.stdout[-6000:]  # 5: all deselected/skipped
