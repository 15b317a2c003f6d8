# SPDX-License-Identifier: GPL-2.0-or-later
"""Whole console sessions in the simulator: stopping autoboot (key and AUX),
the boot menu, the memory, i2c, fdt, file and environment commands, bad
arguments of every command, line editing and an overlong line."""
import os
import re
import subprocess
import zlib

import pytest

import cards
import simrun

ROOT = simrun.ROOT
BIN = os.path.join(ROOT, "build", "gta04", "gtaboot.bin")
PROMPT = "gtaboot> "


@pytest.fixture(scope="module", autouse=True)
def firmware():
    # the MLO rule makes gtaboot.bin and MLO.raw, where the early part
    # finds its rest on the test card: both must be this build's
    simrun.built("build/gta04/MLO", "build/gta04/gtaboot.bin", "build/gta04/MLO.raw",
                 "build/sim/gtaboot-sim")


def cli_linked():
    nm = subprocess.run(["arm-none-eabi-nm", os.path.join(ROOT, "build", "gta04", "gtaboot.elf")],
                        capture_output=True, text=True).stdout
    return " T cli_loop" in nm


@pytest.fixture
def cli():
    """The tests that need the prompt say so; the console is in every build
    (common/cli.c), so an image without it fails them rather than skipping."""
    assert cli_linked(), "no cli_loop in build/gta04/gtaboot.elf: the console is gone"


# the console scripts, for this file and those that import it as tc
esc, script = simrun.esc, simrun.script


def session(inp, sd=None, extra=(), max_ms=8000):
    args = ["--machine", "gta04", "--rev", "A5", "--max-ms", max_ms,
            "--load-raw", BIN + "@0x40200000", "--input", inp]
    if sd:
        args += ["--sd", sd]
    return simrun.run(args + list(extra))


def outputs(serial):
    """{command line: its output} for every prompt in the session."""
    parts = serial.split(PROMPT)[1:]
    res = []
    for p in parts:
        line, _, rest = p.partition("\r\n")
        res.append((line, rest))
    return res


def run_cmds(*cmds, **kw):
    r = session(script(*cmds), **kw)
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    outs = outputs(r.serial)
    got = [c for c, _ in outs]
    for c in cmds:
        assert c in got, "command %r never ran:\n%s" % (c, r.serial)
    return [o for c, o in outs if c], r


# enough of a zImage for gtaboot's header check (also for the files that
# import this one as tc)
fake_zimage = cards.stand_in_zimage


@pytest.fixture(scope="module")
def dtb(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("dtb") / "sim.dtb")
    subprocess.run(["dtc", "-I", "dts", "-O", "dtb", "-o", out,
                    os.path.join(ROOT, "dts", "omap3-gta04-sim.dts")], check=True,
                   capture_output=True)
    with open(out, "rb") as f:
        return f.read()


EXTLINUX = b"""TIMEOUT 20
DEFAULT good
LABEL broken
  MENU LABEL Broken entry
  KERNEL /nothere
  FDT /sim.dtb
LABEL good
  MENU LABEL Good entry
  KERNEL /zImage
  FDT /sim.dtb
  APPEND console=ttyS2,115200n8 from=menu
"""


@pytest.fixture(scope="module")
def card(sdcard, dtb):
    return sdcard({"zImage": fake_zimage(), "sim.dtb": dtb, "extlinux.conf": EXTLINUX,
                   "hello.txt": b"hello, world\n" * 10})


@pytest.fixture(scope="module")
def card_conf(sdcard, dtb):
    """extlinux.conf where the boot flow looks: /extlinux/extlinux.conf."""
    return sdcard({"zImage": fake_zimage(), "sim.dtb": dtb, "extlinux/extlinux.conf": EXTLINUX})


def test_autoboot_fails_to_prompt_without_card(cli):
    outs, r = run_cmds("version")
    assert "Hit any key to stop autoboot" in r.serial
    assert "boot: nothing to boot from on mmc1" in r.serial
    assert re.search(r"gtaboot 0\.1 \(g\S+\) for GTA04 A5", outs[0])


def test_aux_button_stops_autoboot(cli):
    outs, r = run_cmds("version", extra=["--aux"])
    assert "Button held: autoboot stopped" in r.serial
    assert "nothing to boot from" not in r.serial
    assert "Hit any key" not in r.serial


@pytest.mark.parametrize("keys", ["x", "\r", " \r", "\r\r"])
def test_key_stops_countdown_at_prompt(cli, card_conf, keys):
    """As U-Boot: any key stops at the prompt, and only that key is taken
    (labgrid sends a newline, LAVA a blank and then a newline): none of
    them boots or opens the menu."""
    inp = "{expect stop autoboot}" + esc(keys) + script("version", start="{expect %s}" % PROMPT)
    r = session(inp, sd=card_conf)
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    assert "('m': boot menu)" in r.serial
    assert "Booting" not in r.serial and "Good entry" not in r.serial
    assert "gtaboot> version\r\ngtaboot 0.1" in r.serial


def test_bootmenu_command(cli, card_conf):
    inp = "{expect stop autoboot}x{expect %s}bootmenu\\r{expect other key: prompt\r\n}q" % \
        PROMPT + script("version")
    r = session(inp, sd=card_conf)
    assert "gtaboot> version\r\ngtaboot 0.1" in r.serial
    assert "  1  Broken entry\r\n  2  Good entry (default)\r\n" in r.serial
    assert "Booting" not in r.serial


def test_m_key_opens_menu_then_prompt(cli, card_conf):
    inp = "{expect stop autoboot}m{expect other key: prompt\r\n}q" + script("version")
    r = session(inp, sd=card_conf)
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    assert "  1  Broken entry\r\n  2  Good entry (default)\r\n" in r.serial
    assert "Booting" not in r.serial
    assert "gtaboot> version\r\ngtaboot 0.1" in r.serial


def test_menu_picks_label_and_boots(card_conf, tmp_path):
    out = str(tmp_path / "out.dtb")
    inp = "{expect stop autoboot}m{expect other key: prompt\r\n}2"
    r = session(inp, sd=card_conf, extra=["--dump-dtb", out])
    assert r.rc == 0 and r.report["result"] == "handoff", r.stderr + r.serial
    assert "Booting 'Good entry'" in r.serial
    args = subprocess.run(["fdtget", out, "/chosen", "bootargs"], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert args.startswith("console=ttyS2,115200n8 from=menu")


def test_menu_failed_label_falls_to_prompt(cli, card_conf):
    inp = "{expect stop autoboot}m{expect other key: prompt\r\n}1" + \
        script("version", start="{expect failed}{expect %s}" % PROMPT)
    r = session(inp, sd=card_conf)
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    assert "Booting 'Broken entry'" in r.serial
    assert "boot: label 'broken' failed" in r.serial
    assert "gtaboot> version\r\ngtaboot 0.1" in r.serial


def test_menu_enter_boots_default(card_conf):
    r = session("{expect stop autoboot}m{expect other key: prompt\r\n}\r", sd=card_conf)
    assert r.rc == 0 and r.report["result"] == "handoff", r.stderr + r.serial
    assert "Booting 'Good entry'" in r.serial


def test_md_mw_cmp_crc32_round_trip(cli):
    outs, _ = run_cmds("mw.l 80100000 deadbeef 4", "mw.w 80100004 1234", "mw.b 80100007 99",
                       "md.l 80100000 4", "md.w 80100000 4", "md.b 80100004 4",
                       "crc32 80100000 10",
                       "mw 80200000 deadbeef 4", "mw.w 80200004 1234", "mw.b 80200007 99",
                       "cmp 80100000 80200000 4", "mw.b 8020000c 0", "cmp.b 80100000 80200000 10",
                       "md 40200000 1")
    data = bytes.fromhex("efbeadde3412ad99efbeaddeefbeadde")
    assert outs[3].startswith("80100000: deadbeef 99ad1234 deadbeef deadbeef")
    assert outs[4].startswith("80100000: beef dead 1234 99ad")
    assert outs[5].startswith("80100004: 34 12 ad 99")
    assert outs[6] == "crc32 for 80100000 ... 8010000f ==> %08x\r\n" % zlib.crc32(data)
    assert "Total of 4 word(s) were the same" in outs[10]
    # U-Boot's texts (cmd/mem.c): a zero printed by %#x is "0"
    assert "byte at 0x8010000c (0x%02x) != byte at 0x8020000c (0)" % data[12] in outs[12]
    assert "Total of 12 byte(s) were the same" in outs[12]
    assert re.match(r"40200000: [0-9a-f]{8}", outs[13])


def test_i2c_twl4030(cli):
    outs, _ = run_cmds("i2c probe", "i2c md 49 85 4", "i2c mw 49 97 49", "i2c md 49 85 4",
                       "i2c mw 49 97 0", "i2c dev", "i2c md 12 0 1", "i2c dev 0", "i2c bus",
                       "i2c bus 3")
    assert outs[0].startswith("Valid chip addresses: 48 49 4a 4b\r\n"), outs[0]
    assert outs[1].startswith("85: 00 00 00 00")
    assert outs[3].startswith("85: 2f 80 09 10")  # the model's IDCODE 0x1009802F
    assert "Current bus is 0" in outs[5]
    assert "error: i2c: chip 0x12: no acknowledge" in outs[6]
    assert outs[7] == "Setting bus to 0\r\n"
    assert outs[8] == "Bus 0:\ti2c@48070000  (active 0)\r\n"
    assert "Invalid bus 3" in outs[9]


def test_battery(cli):
    outs, _ = run_cmds("battery")
    assert re.search(r"battery: 3[78]\d\d mV", outs[0])
    assert "backup battery: 3000 mV, charger enabled at 3200 mV, 150 uA (BB_CFG 0x1d)" in outs[0]


def test_env_and_expansion(cli):
    outs, _ = run_cmds("setenv foo bar  baz", "echo [$foo] \"${foo}\"", "printenv foo",
                       "setenv foo", "printenv foo", "printenv")
    assert outs[1].startswith("[bar baz] bar baz")
    assert outs[2].startswith("foo=bar baz")
    assert '## Error: "foo" not defined' in outs[4]
    assert "bootdelay=1\r\n" in outs[5] and "Environment size" in outs[5]
    # the board's name for its console UART (board/gta04.c linux_console)
    assert "console=ttyO2,115200n8\r\n" in outs[5]


def test_files_load_and_ls(cli, card):
    outs, _ = run_cmds("ls", "fatls mmc 0:1 /", "load 80100000 /hello.txt", "printenv filesize",
                       "md.b 80100000 5", "fatload mmc 0:1 80200000 /hello.txt",
                       "load 80100000 /missing", "load bff80000 /hello.txt",
                       "load 10000000 /hello.txt", "fatls mmc 1 /", sd=card)
    assert "hello.txt" in outs[0] and "      130 hello.txt" in outs[0]
    assert outs[1] == outs[0]
    assert "130 bytes read" in outs[2]
    assert outs[3].startswith("filesize=82")
    assert "68 65 6c 6c 6f" in outs[4]
    assert "130 bytes read" in outs[5]
    assert "ENOENT" in outs[6]
    assert "overlaps gtaboot's buffers" in outs[7]
    assert "outside RAM" in outs[8]
    assert "bad device 'mmc 1'" in outs[9]


def test_mmc_info(cli, card):
    """U-Boot's mmc words: info/mmcinfo lines, list, dev, read and write
    bounded to the card and to free RAM."""
    outs, _ = run_cmds("mmc info", "mmcinfo", "mmc list", "mmc dev 0 0 0", "mmc dev 1",
                       "mmc dev 0 1", "mmc read 80000000 0 1", "crc32 80000000 200",
                       "mmc write 80000000 10 1", "mmc read 80200000 10 1",
                       "cmp.b 80000000 80200000 200", "mmc read 80000000 1ffff 2",
                       "mmc read 40200000 0 1", "mmc rescan", sd=card)
    for line in ("Device: OMAP SD/MMC", "Bus Speed: 48000000", "Mode: SD High Speed (50MHz)",
                 "Rd Block Len: 512", "High Capacity: No", "Capacity: 40 MiB",
                 "Bus Width: 4-bit", "Erase Group Size: 512 Bytes", "SD version 2.0"):
        assert line + "\r\n" in outs[0], outs[0]
    assert outs[1] == outs[0]
    assert outs[2] == "OMAP SD/MMC: 0 (SD)\r\n"
    assert outs[3] == "switch to partitions #0, OK\r\nmmc0 is current device\r\n"
    assert "no mmc device at slot 1" in outs[4]
    assert "switch to partitions #1, ERROR" in outs[5]
    assert "MMC read: dev # 0, block # 0, count 1 ... 1 blocks read: OK" in outs[6]
    mbr = open(card, "rb").read(512)
    assert "%08x" % zlib.crc32(mbr) in outs[7]
    assert "MMC write: dev # 0, block # 16, count 1 ... 1 blocks written: OK" in outs[8]
    assert "1 blocks read: OK" in outs[9]
    assert "Total of 512 byte(s) were the same" in outs[10]
    assert "0 blocks read: ERROR" in outs[11] and "past the card's end" in outs[11]
    assert "not free RAM" in outs[12]
    assert outs[13] == ""


def test_fdt_set_then_bootz(cli, card, tmp_path):
    out = str(tmp_path / "out.dtb")
    cmds = ["setenv bootargs console=ttyS2 root=/dev/mmcblk0p2",
            "load 82000000 /zImage", "load 81c00000 /sim.dtb", "fdt addr 81c00000",
            "fdt set / gtaboot,test \"hello world\"", "fdt set / test-cells <1 0x20>",
            "fdt set / test-bytes [0a 0b]", "fdt get / model",
            "fdt get value m / test-cells", "echo $m", "fdt rm / test-bytes",
            "fdt print /aliases", "fdt resize 100"]
    r = session(script(*cmds) + "bootz 82000000 - 81c00000\\r", sd=card,
                extra=["--dump-dtb", out])
    assert r.rc == 0 and r.report["result"] == "handoff", r.stderr + r.serial
    outs = dict(outputs(r.serial))
    assert outs["fdt get / model"].startswith('"Goldelico GTA04 (gtaboot simulator)"')
    assert outs["echo $m"].startswith("0x00000001 0x00000020")

    def get(node, prop, *opt):
        return subprocess.run(["fdtget"] + list(opt) + [out, node, prop], capture_output=True,
                              text=True, check=True).stdout.strip()
    assert get("/", "gtaboot,test") == "hello world"
    assert get("/", "test-cells", "-tx") == "1 20"
    assert get("/chosen", "bootargs").startswith("console=ttyS2 root=/dev/mmcblk0p2")
    r2 = subprocess.run(["fdtget", out, "/", "test-bytes"], capture_output=True)
    assert r2.returncode != 0


BAD = [
    # (command line, error text)
    ("md xyz", "error: md: bad address 'xyz'"),
    ("md 80000000 zz", "error: md: bad count 'zz'"),
    ("md 80000000 0", "error: md: bad count '0'"),
    ("md", "error: md: wrong number of arguments"),
    ("md.q 80000000", "error: md.q: bad size suffix"),
    ("md 00001000 1", "error: md: 0x00001000-0x00001004 is not RAM"),
    ("md 48000000", "is not RAM"),
    ("md.l 80000002", "error: md.l: address 0x80000002 is not 4-byte aligned"),
    ("mw.b 80000000 100", "error: mw.b: bad value '100'"),
    ("mw 80000000", "error: mw: wrong number of arguments"),
    ("mw 40200000 0", "error: mw: 0x40200000-0x40200004 is not free RAM"),
    ("cmp 80000000 80000010", "error: cmp: wrong number of arguments"),
    ("cmp 80000000 x 1", "error: cmp: bad address 'x'"),
    ("crc32 80000000 -1", "error: crc32: bad length '-1'"),
    ("crc32 ffffff00 1000", "is not RAM"),
    ("i2c md 80 0", "error: i2c: bad chip '80'"),
    ("i2c md 49 85 200", "error: i2c: bad count '200'"),
    ("i2c mw 49 97 1ff", "error: i2c: bad value '1ff'"),
    ("i2c dev 2", "error: i2c: bus 2 is not set up"),
    ("i2c frob", "error: i2c: wrong number of arguments"),
    ("bootz x - 81c00000", "error: bootz: bad kernel address 'x'"),
    ("bootz 82000000 83000000:zz 81c00000", "error: bootz: bad initrd '83000000:zz'"),
    ("bootz 82000000 83000000 81c00000", "error: bootz: no uInitrd at 0x83000000"),
    ("bootz 82000000", "error: bootz: wrong number of arguments"),
    ("bootm 82000000 - q", "error: bootm: bad fdt address 'q'"),
    ("boot nolabel", "error: boot: no label 'nolabel'"),
    ("load x /zImage", "error: load: bad address 'x'"),
    ("load 82000000", "error: load: wrong number of arguments"),
    ("fatload mmc 2 82000000 /zImage", "error: fatload: bad device 'mmc 2'"),
    ("ls a b", "error: ls: wrong number of arguments"),
    ("fdt addr zz", "error: fdt: bad address 'zz'"),
    ("fdt addr 80000000", "error: fdt: no device tree at 0x80000000 (FDT_ERR_BADMAGIC)"),
    ("fdt frob", "error: fdt: wrong number of arguments"),
    ("setenv", "error: setenv: wrong number of arguments"),
    ("setenv a-b 1", "error: setenv: bad name 'a-b'"),
    ("loady q", "error: loady: bad address 'q'"),
    ("mmc frob", "error: mmc: wrong number of arguments"),
    ("battery now", "error: battery: wrong number of arguments"),
    ("poweroff now", "error: poweroff: wrong number of arguments"),
    ("reset now", "error: reset: wrong number of arguments"),
    ("version x", None),
]


def test_bad_arguments(cli):
    outs, r = run_cmds(*[c for c, _ in BAD])
    assert len(outs) >= len(BAD)
    for (cmd, want), out in zip(BAD, outs):
        if want is None:
            continue
        assert want in out, "%s:\n%s" % (cmd, out)
        name = cmd.split()[0].split(".")[0]
        assert re.search(r"\r\nusage: %s\S* " % re.escape(name), "\r\n" + out) or \
            "\r\nusage: %s" % name in "\r\n" + out, "%s: no usage line:\n%s" % (cmd, out)
    # The session is still alive: the last prompt came and nothing faulted.
    assert r.serial.rstrip().endswith(PROMPT.strip())


def test_help_per_command(cli):
    outs, _ = run_cmds("help", "help md", "help i2c", "? nosuch", "help")
    # U-Boot's list: "name      - text", ? (its alias) first
    assert outs[0].startswith("?         - alias for 'help'\r\n"), outs[0][:200]
    assert outs[4] == outs[0]
    assert "Unknown command 'nosuch' - try 'help' without arguments" in outs[3]
    for name in ("md", "mw", "cmp", "crc32", "i2c", "fdt", "bootz", "bootm", "boot", "loady",
                 "fatload", "load", "ls", "fatls", "mmc", "printenv", "setenv", "battery",
                 "poweroff", "reset", "version", "help"):
        assert re.search(r"(^|\n)%s +- \S" % name, outs[0]), name
    assert outs[1].startswith("md - memory display (RAM only; count in units, hex; Enter: the next ones)\r\n\r\n"
                              "Usage:\r\nmd[.b|.w|.l] <addr> [count]\r\n"), outs[1]
    assert "\r\nUsage:\r\ni2c " in outs[2]


def test_line_editing(cli):
    inp = ("{expect %s}versiom\bn\r" % PROMPT +  # backspace
           "{expect %s}garbage\x15version\r" % PROMPT +  # Ctrl-U
           "{expect %s}\x1b[A\r" % PROMPT +  # history: the last line again
           "{expect %s}junk\x03" % PROMPT +  # Ctrl-C
           "{expect %s}vrsion\x1b[D\x1b[D\x1b[D\x1b[D\x1b[De\r" % PROMPT +  # cursor left
           "{expect %s}vers\t\r" % PROMPT +  # tab completion
           "{expect %s}" % PROMPT)
    r = session(esc(inp).replace("\\{expect %s\\}" % PROMPT, "{expect %s}" % PROMPT))
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    assert r.serial.count("built with gcc") == 5, r.serial
    assert "Unknown command" not in r.serial
    assert "junk^C" in r.serial


def test_overlong_line_refused(cli):
    """The line holds 1023 characters, U-Boot's CONFIG_SYS_CBSIZE (1024)
    with its NUL; each one more beeps and is dropped."""
    line = "a" * 1100
    r = session(script(line))
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    assert "\x07" in r.serial
    m = re.search(r"Unknown command '(a+)' - try 'help'", r.serial)
    assert m and len(m.group(1)) == 1023, r.serial[-600:]
    assert r.serial.rstrip().endswith(PROMPT.strip())


def test_poweroff_and_reset(cli):
    r = session(script() + "poweroff\\r")
    assert r.report and r.report["result"] == "poweroff", r.stderr + r.serial
    r = session(script() + "reset\\r", max_ms=3000)
    assert r.report and r.report["result"] == "reset", r.stderr + r.serial


def test_bootmenu_env(cli):
    """U-Boot's bootmenu of bootmenu_0..N (test/py's test_bootmenu, and
    its screen): bootmenu_default lit first, ENTER runs it, UP/DOWN move,
    ESC quits (status 0), a shortcut key picks, delay 0 runs bootmenu_0,
    and a countdown left alone runs the lit entry."""
    P = "{expect %s}" % PROMPT
    inp = script("setenv bootmenu_default 1", "setenv bootmenu_0 test 1=echo ok 1",
                 "setenv bootmenu_1 test 2=echo ok 2", "setenv bootmenu_2 test 3=echo ok 3")
    inp += "bootmenu 2\\r{expect autoboot}\\r" + P
    inp += "bootmenu 2\\r{expect autoboot}\\e[A\\r" + P
    inp += "bootmenu 2\\r{expect autoboot}\\e[B\\r" + P
    inp += "bootmenu 2; echo rc:$?\\r{expect autoboot}\\e" + P
    inp += "bootmenu 2\\r{expect autoboot}3" + P
    inp += esc("bootmenu 0") + "\\r" + P
    inp += esc("bootmenu 1") + "\\r" + P
    r = session(inp, max_ms=20000)
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "\n", r.serial)
    assert "*** U-Boot Boot Menu ***" in text
    for entry in ("1. test 1", "2. test 2", "3. test 3", "0. Exit",
                  "Press UP/DOWN to move, ENTER to select, ESC to quit",
                  "Hit any key to stop autoboot: 2"):
        assert entry in text, entry
    oks = re.findall(r"\nok (\d)|rc:(\d)", text)
    assert [a or "rc" + b for a, b in oks] == ["2", "1", "3", "rc0", "3", "1", "2"], oks


def test_bdinfo_coninfo(cli):
    """U-Boot's bdinfo lines with the SDRAM the simulated GTA04 A5 has
    (2 x 512 MiB), and coninfo's one serial device."""
    outs, _ = run_cmds("bdinfo", "coninfo", "bdinfo x")
    for line in ("arch_number = 0xffffffff", "DRAM bank   = 0x00000000",
                 "-> start    = 0x80000000", "-> size     = 0x20000000",
                 "DRAM bank   = 0x00000001", "-> start    = 0xa0000000",
                 "baudrate    = 115200 bps", "Build       = 32-bit"):
        assert line + "\r\n" in outs[0], outs[0]
    m = re.search(r"relocaddr   = 0x([0-9a-f]{8})\r\nreloc off   = 0x([0-9a-f]{8})", outs[0])
    assert m and (int(m.group(1), 16) - 0xC0000000) % (1 << 32) == int(m.group(2), 16), outs[0]
    assert outs[1].startswith("List of available devices\r\n|-- serial@49020000 (IO)\r\n")
    assert "wrong number of arguments" in outs[2]


def test_long_line_setenv_and_run(cli):
    """A 1000-character setenv line (U-Boot's CBSIZE is 1024) is taken
    whole, and run expands the variable whole."""
    value = "echo " + "".join("w%03d" % i for i in range(240))  # 965 characters
    outs, _ = run_cmds("setenv long '%s'" % value, "run long", "printenv long")
    assert outs[1] == value[5:] + "\r\n", outs[1][:200]
    assert outs[2] == "long=%s\r\n" % value
