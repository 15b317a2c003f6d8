# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's environment commands at the gtaboot prompt in the simulator:
setexpr sub/gsub (lib/regex), env import/export in text, binary and
checksummed form, setenv -f, env print/delete/default/exists, askenv,
editenv and showvar, with U-Boot's messages and exit status."""
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
        "setexpr n gsub x y abc; echo $n")
    assert outs[0].startswith("thus is a test\r\n"), outs[0]
    assert outs[1].startswith("thus us a test\r\n"), outs[1]
    assert outs[2].startswith("thus us it\r\n"), outs[2]
    assert outs[3].startswith("1:a 22:b\r\n"), outs[3]
    assert outs[4].startswith("root=/dev/mmcblk1p2 rw\r\n"), outs[4]
    assert outs[5].startswith("Error compiling regex: No closing ']' bracket\r\n1\r\n"), outs[5]
    assert outs[6].startswith('## Error: variable "nosuch" not defined\r\n1\r\n'), outs[6]
    assert outs[7].startswith("abc\r\n"), outs[7]
