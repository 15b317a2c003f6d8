# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's environment commands at the gtaboot prompt in the simulator:
setexpr sub/gsub (lib/shell/regex), env import/export in text, binary and
checksummed form, setenv -f, env print/delete/default/exists, askenv,
editenv and showvar, with U-Boot's messages and exit status."""
import os

import pytest

import simrun
import test_console as tc

firmware = tc.firmware
cli = tc.cli


def test_setexpr_sub_gsub(cli):
    outs, _ = tc.run_cmds(
        "setenv fred 'this is a test'; setexpr fred sub is us; echo $fred",
        "setenv fred 'this is a test'; setexpr fred gsub is us; echo $fred",
        "setexpr mary gsub is us \"this is it\"; echo $mary",
        "setexpr v gsub '(\\w+)=(\\d+)' '\\2:\\1' 'a=1 b=22'; echo $v",
        "setexpr ba sub 'mmcblk0p(\\d)' 'mmcblk1p\\1' 'root=/dev/mmcblk0p2 rw'; echo $ba",
        "setexpr z sub '[abc' x y; echo $?",
        "setexpr nosuch sub a b; echo $?",
        "setexpr n gsub x y abc; echo $n",
        "setexpr.s s1 hello; setexpr.s s2 $s1 + ' world'; echo $s2; setexpr.s s3 a - b; echo $?",
        "setenv t abc; env export -t 80100000 t; setexpr.s s4 *80100000 + +; printenv s4")
    assert outs[0].startswith("thus is a test\r\n"), outs[0]
    assert outs[1].startswith("thus us a test\r\n"), outs[1]
    assert outs[2].startswith("thus us it\r\n"), outs[2]
    assert outs[3].startswith("1:a 22:b\r\n"), outs[3]
    assert outs[4].startswith("root=/dev/mmcblk1p2 rw\r\n"), outs[4]
    assert outs[5].startswith("Error compiling regex: No closing ']' bracket\r\n1\r\n"), outs[5]
    assert outs[6].startswith('## Error: variable "nosuch" not defined\r\n1\r\n'), outs[6]
    assert outs[7].startswith("abc\r\n"), outs[7]
    assert outs[8].startswith("hello world\r\ninvalid op\r\n1\r\n"), outs[8]
    assert outs[9].startswith("s4=t=abc\r\n+\r\n"), outs[9]   # the console: LF as CR LF


def test_env_export_import_text_binary_crc(cli):
    outs, _ = tc.run_cmds(
        "setenv a 1; setenv b 'x y'; env export -t 80100000 a b; printenv filesize",
        "md.b 80100000 c",
        "env delete a b; env import -t 80100000 ${filesize}; printenv a b",
        "env export -c 80200000; printenv filesize",
        "env delete a; env import -c 80200000 20000 a b; printenv a",
        "mw.b 80200010 ff 1; env import -c 80200000 20000; echo $?",
        "env import -c 80200000; echo $?",
        "env export -b 80300000 a b; env delete b; env import -b 80300000; printenv b",
        "setenv b 2; env import 80100000 - b; printenv b",
        "env export -t -b 80100000; echo $?",
        "env delete nosuch; echo $?",
        "env import -d -t 80100000 - a c; printenv a",
        "env exists a && echo yes; env exists c || echo no",
        "env export -t -s 4 80100000 a; echo $?",
        "env import; env export -t c0000000; env edit")
    assert outs[0].startswith("filesize=B\r\n"), outs[0]
    assert "61 3d 31 0a 62 3d 78 20 79 0a 00 00" in outs[1], outs[1]
    assert outs[2].startswith("a=1\r\nb=x y\r\n"), outs[2]
    assert outs[3].startswith("filesize=20000\r\n"), outs[3]
    assert outs[4].startswith("a=1\r\n"), outs[4]
    assert outs[5].startswith("## Error: bad CRC, import failed\r\n1\r\n"), outs[5]
    assert outs[6].startswith("## Error: external checksum format must pass size\r\n1\r\n"), \
        outs[6]
    assert "## Info: input data size = " in outs[7] and "b=x y\r\n" in outs[7], outs[7]
    assert outs[8].startswith("## Warning: defaulting to text format\r\n"
                              "## Info: input data size = 11 = 0xB\r\nb=x y\r\n"), outs[8]
    assert outs[9].startswith('## Error: export: only one of "-b", "-c" or "-t" allowed\r\n1'), \
        outs[9]
    assert outs[10].startswith("1\r\n"), outs[10]
    assert outs[11].startswith("## Info: input data size = 11 = 0xB\r\n"
                               "WARNING: 'c' neither in running nor in imported env!\r\n"
                               "a=1\r\n"), outs[11]
    assert outs[12].startswith("yes\r\nno\r\n"), outs[12]
    assert outs[13].startswith("Env export buffer too small: 4, but need 5\r\n"
                               "## Error: Cannot export environment: errno = 12\r\n1"), outs[13]
    assert outs[14].startswith("error: env: wrong number of arguments\r\nusage: env "), outs[14]
    assert "error: env: 0xc0000000-" in outs[14] and "is not free RAM" in outs[14], outs[14]
    assert "error: editenv: wrong number of arguments\r\nusage: editenv <name>" in outs[14]


UENV = (b"# BeagleBoard uEnv.txt\r\nmyargs=console=ttyO2,115200n8 vram=12M\r\n"
        b"uenvcmd=echo uenvcmd ran; run myboot\r\nmyboot=echo booting \\\r\n  now\r\n")


def test_importbootenv_flow(cli, sdcard):
    card = sdcard({"my.txt": UENV})
    outs, _ = tc.run_cmds(
        "setenv importbootenv 'echo Importing environment from mmc ...; "
        "env import -t -r ${loadaddr} ${filesize}'",
        "load mmc 0 ${loadaddr} my.txt; run importbootenv; printenv myargs; run uenvcmd",
        sd=card)
    out = outs[1]
    assert "Importing environment from mmc ...\r\n" in out, out
    assert "myargs=console=ttyO2,115200n8 vram=12M\r\n" in out, out
    assert "uenvcmd ran\r\nbooting \r\n" in out or "uenvcmd ran\r\nbooting" in out, out


def test_setenv_f_print_default_showvar(cli):
    outs, _ = tc.run_cmds(
        "setenv -f x 1; env print -a x; printenv -a x",
        "setenv bootdelay 9; setenv extra 1; env default bootdelay extra nosuch; "
        "printenv bootdelay; env exists extra || echo gone",
        "X=1; Y=two; showvar; showvar Y; showvar nosuch; echo $?",
        "printenv arch cpu soc vendor board board_name ver")
    assert outs[0].startswith("x=1\r\nx=1\r\n"), outs[0]
    assert outs[1].startswith("WARNING: 'extra' not in imported env, deleting it!\r\n"
                              "WARNING: 'nosuch' neither in running nor in imported env!\r\n"
                              "bootdelay=1\r\ngone\r\n"), outs[1]
    assert outs[2].startswith('X=1\r\nY=two\r\nY=two\r\n## Error: "nosuch" not defined\r\n1\r\n'), \
        outs[2]
    assert outs[3].startswith("arch=arm\r\ncpu=armv7\r\nsoc=omap3\r\nvendor=goldelico\r\n"
                              "board=gta04\r\nboard_name=gta04\r\nver=gtaboot "), outs[3]


def test_editenv_askenv(cli):
    p = tc.PROMPT
    inp = ("{expect %s}" % p + tc.esc("setenv e abc; editenv e") + "\\r{expect edit: abc}"
           + "def\\r{expect %s}" % p + tc.esc("printenv e") + "\\r{expect %s}" % p
           + tc.esc("askenv q Your name? 3") + "\\r{expect Your name? }hello\\r{expect %s}" % p
           + tc.esc("printenv q; askenv r") + "\\r{expect Please enter 'r': }\\r{expect %s}" % p
           + tc.esc("printenv r") + "\\r{expect %s}" % p)
    r = tc.session(inp)
    out = r.serial
    assert "e=abcdef\r\n" in out, out
    assert "q=hel\r\n" in out, out
    assert '## Error: "r" not defined' in out, out


BEAGLE_BIN = os.path.join(tc.ROOT, "build", "beagle", "gtaboot.bin")


@pytest.mark.parametrize("machine,rev,dtb", [("beagle", "C4", "omap3-beagle.dtb"),
                                             ("beaglexm", "xMC", "omap3-beagle-xm.dtb")])
def test_beagle_variables_and_findfdt(machine, rev, dtb):
    """beaglerev as U-Boot's Beagle code sets it, and Debian's findfdt
    picking the same DTB as gtaboot's fdtfile."""
    if not os.path.exists(BEAGLE_BIN):
        pytest.skip("no build/beagle/gtaboot.bin (make BOARD=beagle)")
    r = simrun.run(["--machine", machine, "--max-ms", 8000, "--load-raw",
                    BEAGLE_BIN + "@0x40200000", "--input",
                    tc.script("printenv beaglerev fdtfile vendor board",
                              "setenv fdtfile undefined; run findfdt; echo $fdtfile")])
    outs = tc.outputs(r.serial)
    got = dict(outs)
    assert got["printenv beaglerev fdtfile vendor board"].startswith(
        "beaglerev=%s\r\nfdtfile=%s\r\nvendor=ti\r\nboard=beagle\r\n" % (rev, dtb)), r.serial
    assert got["setenv fdtfile undefined; run findfdt; echo $fdtfile"].startswith(
        dtb + "\r\n"), r.serial
