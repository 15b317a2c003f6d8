# SPDX-License-Identifier: GPL-2.0-or-later
"""tools/check-hotcold.py, which the build runs after each link, on the
linked GTA04 image: it passes as built, and each of its two rules fails
when what it allows is taken away (docs/design.md "The ROM-loaded part")."""
import importlib.util
import os
import sys

import pytest

import simrun

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "build", "gta04")
ARGS = [os.path.join(OUT, "gtaboot.map"), os.path.join(OUT, "gtaboot.elf"),
        "arm-none-eabi-nm", "arm-none-eabi-objdump"]


@pytest.fixture
def check(monkeypatch):
    simrun.built(*ARGS[:2])
    spec = importlib.util.spec_from_file_location(
        "check_hotcold", os.path.join(ROOT, "tools", "check-hotcold.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(sys, "argv", ["check-hotcold.py"] + ARGS)
    return mod


def test_image_as_built_passes(check, capsys):
    assert check.main() == 0, capsys.readouterr().err


def test_early_part_may_not_reach_past_itself_before_the_rest(check, monkeypatch, capsys):
    """main() runs after the rest is read; treated as any early function,
    its calls into the late part and into the cold part are each named."""
    monkeypatch.setattr(check, "AFTER_REST", set())
    assert check.main() == 1
    err = capsys.readouterr().err
    assert "refers to cold_load in the late hot part" in err, err
    assert "refers to main_late in the SDRAM part" in err, err


def test_hot_part_reaches_cold_part_only_through_entry_points(check, monkeypatch, capsys):
    monkeypatch.setattr(check, "ENTRY_POINTS", check.ENTRY_POINTS - {"console_use_ring"})
    assert check.main() == 1
    err = capsys.readouterr().err
    assert "refers to console_use_ring in the SDRAM part" in err, err
    assert "main_late" not in err, err
