# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's memory commands at the gtaboot prompt in the simulator: md
repeated at the next address by an empty line, mm and nm answering their
'?' prompts, base applied to the addresses, loop ended by Ctrl-C,
random's bytes for a seed (U-Boot's xorshift32)."""
import struct

import pytest

import test_console as tc

firmware = tc.firmware
cli = tc.cli

P = tc.PROMPT


@pytest.fixture(autouse=True)
def need_cli(cli):
    pass


def typed(*steps):
    """steps: (text to type and Enter (none after a Ctrl-C), what to wait
    for afterwards)."""
    s = "{expect %s}" % P
    for text, wait in steps:
        enter = "" if text.endswith("\x03") else "\\r"
        s += tc.esc(text) + enter + "{expect %s}" % tc.esc(wait)
    return s


def session(*steps):
    r = tc.session(typed(*steps))
    assert r.rc == 2, r.stderr + r.serial
    return r.serial


def test_md_repeats_at_next_address():
    out = session(("mw.l 80000000 11223344 8", P), ("md.l 80000000 2", P), ("", P),
                  ("", P), ("md.b 80000000 3", P), ("", P), ("md nothere", P), ("", P))
    assert "80000000: 11223344 11223344" in out
    assert "\r\n80000008: 11223344 11223344" in out
    assert "\r\n80000010: 11223344 11223344" in out
    assert "80000000: 44 33 22" in out and "\r\n80000003: 11 44 33" in out
    # a failed line is not repeated
    tail = out.split("md nothere", 1)[1]
    assert "error: md: bad address 'nothere'" in tail
    assert tail.count("error: md:") == 1, tail


def test_ctrl_c_line_is_not_repeated():
    r = tc.session("{expect %s}md.l 80000000 1\\r{expect %s}x\\x03{expect %s}\\r{expect %s}"
                   % (P, P, P, P))
    assert r.serial.count("80000000:") == 1, r.serial


def test_base_offsets_memory_commands():
    out = session(("base", P), ("base 80000000", P), ("mw.l 20 cafef00d", P),
                  ("md.l 20 1", P), ("cmp.l 20 20 1", P), ("base 0", P),
                  ("md.l 80000020 1", P), ("base xyz", P))
    assert "Base Address: 0x00000000" in out and "Base Address: 0x80000000" in out
    assert out.count("80000020: cafef00d") == 2, out
    assert "Total of 1 word(s) were the same" in out
    assert "error: base: bad offset 'xyz'" in out


def test_mm_and_nm():
    out = session(("mw.l 80000100 0 4", P), ("mw.l 80000200 0 4", P),
                  ("mm.l 80000100", " ? "), ("deadbeef", " ? "),
                  ("", " ? "), ("-", " ? "), ("0x1234", " ? "), ("q", P),
                  ("md.l 80000100 3", P),
                  ("nm.b 80000200", " ? "), ("5a", " ? "), ("a5", " ? "), ("", " ? "),
                  ("x", P), ("md.b 80000200 2", P),
                  ("nm.b 80000200", " ? "), ("\x03", P),
                  ("", "? "), ("77", "? "), ("\x03", P), ("md.b 80000200 1", P),
                  ("mm.w 90000001", P), ("mm", P))
    assert "80000100: 00000000 ? deadbeef" in out
    assert "80000104: 00000000 ? \r\n80000108: 00000000 ? -" in out
    assert "80000104: 00000000 ? 0x1234\r\n80000108: 00000000 ? q" in out
    assert "80000100: deadbeef 00001234 00000000" in out
    assert "80000200: 00 ? 5a\r\n80000200: 5a ? a5\r\n80000200: a5 ? \r\n80000200: a5 ? x" in out
    assert "80000200: a5 00" in out
    # Ctrl-C ends nm, and an empty line starts it again where it stopped
    assert "80000200: a5 ? ^C\r\ngtaboot> \r\n80000200: a5 ? 77\r\n80000200: 77 ? ^C" in out
    assert "80000200: 77   " in out
    assert "error: mm.w: address 0x90000001 is not 2-byte aligned" in out
    assert "error: mm: wrong number of arguments" in out


def xorshift_bytes(seed, n):
    s, out = seed, b""
    while len(out) < n:
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        out += struct.pack("<I", s) if n - len(out) >= 4 else bytes([s & 0xFF])
    return out


def test_random_fills_with_seed():
    out = session(("random 80000300 13 1234", P), ("md.b 80000300 13", P),
                  ("random 80000400 4 0", P), ("random 80000400", P),
                  ("random 40200000 10", P))
    assert "19 bytes filled with random data" in out
    want = xorshift_bytes(0x1234, 0x13)
    assert "80000300: " + " ".join("%02x" % b for b in want[:16]) in out, out
    assert "The seed cannot be 0. Using 0xDEADBEEF.\r\n4 bytes filled" in out
    assert "error: random: wrong number of arguments" in out
    assert "error: random: 0x40200000-0x40200010 is not free RAM" in out


def test_loop_ends_with_ctrl_c():
    r = tc.session("{expect %s}loop.l 80000000 10\\r{wait 50}\\x03{expect %s}echo st=$?\\r"
                   "{expect %s}loop.b 40300000 1\\r{expect %s}" % (P, P, P, P))
    assert r.rc == 2, r.stderr + r.serial
    assert "^C\r\n" in r.serial and "st=1" in r.serial
    assert "error: loop.b: 0x40300000-0x40300001 is not RAM" in r.serial

