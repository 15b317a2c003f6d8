# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's dcache and icache (the SCTLR state as the simulated CPU has
it, switched off and on with the memory commands still right) and panic
(the message, "resetting ...", then a reset the simulator reports)."""
import pytest

import test_console as tc

firmware = tc.firmware
cli = tc.cli


@pytest.fixture(autouse=True)
def need_cli(cli):
    pass


def test_dcache_icache():
    cmds = ("dcache", "icache", "mw.l 80000000 12345678; dcache off", "dcache",
            "md.l 80000000 1", "mw.l 80000000 9abcdef0; dcache on", "dcache", "md.l 80000000 1",
            "icache off", "icache", "icache on; icache", "dcache flush; icache flush; echo st=$?",
            "dcache sometimes")
    outs, _ = tc.run_cmds(*cmds)
    o = dict(zip(cmds, outs))
    assert outs[0].startswith("Data (writethrough) Cache is ON\r\n")
    assert outs[1].startswith("Instruction Cache is ON\r\n")
    assert outs[3].startswith("Data (writethrough) Cache is OFF\r\n")
    assert outs[4].startswith("80000000: 12345678")
    assert outs[6].startswith("Data (writethrough) Cache is ON\r\n")
    assert outs[7].startswith("80000000: 9abcdef0")
    assert outs[9].startswith("Instruction Cache is OFF\r\n")
    assert outs[10].startswith("Instruction Cache is ON\r\n")
    assert outs[11].startswith("st=0\r\n")
    assert "usage: dcache [on|off|flush]" in outs[12]


def test_panic_resets():
    r = tc.session(tc.script("panic 'it is over'", start="{expect %s}" % tc.PROMPT))
    assert "gtaboot> panic 'it is over'\r\nit is over\r\nresetting ...\r\n" in r.serial
    assert r.report["result"] == "reset", r.report
