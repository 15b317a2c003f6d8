# SPDX-License-Identifier: GPL-2.0-or-later
"""The hush shell at the gtaboot prompt in the simulator: labgrid's marker
line around a command and its exit status, if/for/while, && and ||, the
scripting commands (run, test, itest, setexpr, env, sleep), U-Boot's
messages for an unknown command and an unset variable, and a syntax error
that runs nothing."""
import re

import test_console as tc

firmware = tc.firmware
cli = tc.cli
dtb = tc.dtb
card = tc.card

LABGRID = "echo 'MA''RK'; %s; echo \"$?\"; echo 'MA''RK';"


def marked(out):
    """What labgrid reads between its markers: the output and the status."""
    m = re.search(r"MARK\r\n(.*?)(\d)\r\nMARK\r\n", out, re.S)
    assert m, out
    return m.group(1), int(m.group(2))


def test_labgrid_wrapper(cli):
    outs, _ = tc.run_cmds(LABGRID % "version", LABGRID % "false", LABGRID % "md xyz",
                          LABGRID % "nosuch")
    text, st = marked(outs[0])
    assert st == 0 and "gtaboot 0.1" in text
    assert marked(outs[1]) == ("", 1)
    text, st = marked(outs[2])
    assert st == 1 and "error: md: bad address 'xyz'" in text
    text, st = marked(outs[3])
    assert st == 1 and text == "Unknown command 'nosuch' - try 'help'\r\n"


def test_if_for_while_at_prompt(cli):
    outs, _ = tc.run_cmds(
        "if itest 2 > 1; then echo yes; else echo no; fi",
        "for i in a b c; do echo item $i; done",
        "setenv n 0; while itest $n < 3; do setexpr n $n + 1; echo n=$n; done",
        "true && echo and; false || echo or; ! false && echo not",
        "X=local; echo $X ${X}; printenv X",
        "if test -n \"$bootdelay\" -a $bootdelay -eq 1; then echo delay one; fi",
        "if true; then echo never", "fi")
    assert outs[0].startswith("yes\r\n")
    assert outs[1].startswith("item a\r\nitem b\r\nitem c\r\n")
    assert outs[2].startswith("n=1\r\nn=2\r\nn=3\r\n")
    assert outs[3].startswith("and\r\nor\r\nnot\r\n")
    assert outs[4].startswith('local local\r\n## Error: "X" not defined\r\n')
    assert outs[5].startswith("delay one\r\n")
    assert outs[6].startswith("syntax error: line 1: 'if' without 'fi'\r\n")
    assert "never" not in outs[6]
    assert outs[7].startswith("syntax error: line 1: 'fi' without 'if'\r\n")


def test_run_env_and_setexpr(cli):
    outs, _ = tc.run_cmds(
        "setenv s1 'echo one; run s2'; setenv s2 'echo two'; run s1",
        "setenv loop 'run loop'; run loop; echo $?",
        "setexpr v 0x10 * 3; printenv v; setexpr v ffffffff + 2; echo $v",
        "env set e1 a b; env print e1; env exists e1 && echo there; env delete e1; "
        "env exists e1 || echo gone",
        "setenv bootdelay 7; env default -a; printenv bootdelay",
        "env save; echo $?",
        "echo -n no newline; echo .",
        "sleep 0.2 && echo slept; sleep x",
        "run nosuch; echo $?", "printenv nosuch; echo $?")
    assert outs[0].startswith("one\r\ntwo\r\n")
    assert "run: nesting too deep (16)\r\n1\r\n" in outs[1]
    assert outs[2].startswith("v=30\r\n1\r\n")
    assert outs[3].startswith("e1=a b\r\nthere\r\ngone\r\n")
    assert outs[4].startswith("## Resetting to default environment\r\nbootdelay=1\r\n")
    # env save is saveenv (common/envstore.c): this card's board says where
    assert "saveenv" in outs[5] or "Saving Environment" in outs[5], outs[5]
    assert outs[6].startswith("no newline.\r\n")
    assert outs[7].startswith("slept\r\nerror: sleep: bad seconds 'x'")
    assert outs[8].startswith('## Error: "nosuch" not defined\r\n1\r\n')
    assert outs[9].startswith('## Error: "nosuch" not defined\r\n1\r\n')


def test_ctrlc_stops_loop(cli):
    inp = tc.script() + tc.esc("while true; do; done; echo after") + "\\r{wait 100}\\x03" + "{expect %s}" % tc.PROMPT + \
        tc.esc("echo alive") + "\\r{expect %s}" % tc.PROMPT
    r = tc.session(inp)
    assert "^C" in r.serial, r.serial[-500:]
    assert "after" not in r.serial.split("echo after", 1)[1]
    assert "alive\r\n" in r.serial


def test_test_e_on_card(cli, card):
    outs, _ = tc.run_cmds(
        "test -e mmc 0:1 /hello.txt && echo part1; test -e mmc 0:1 /nope || echo none",
        "test -e mmc 0 /hello.txt && echo bootfs; test -e mmc 0:7 /hello.txt; echo $?",
        "if test -e mmc 0:1 /zImage; then load 82000000 /zImage; fi", sd=card)
    assert outs[0].startswith("part1\r\nnone\r\n")
    assert outs[1].startswith("bootfs\r\n") and outs[1].endswith("1\r\n")
    assert "4096 bytes read" in outs[2]


def test_ctrlc_in_sleep_stops_loop(cli):
    """sleep takes the Ctrl-C; the loop around it stops too."""
    inp = tc.script() + tc.esc("while true; do sleep 0.1; done; echo after") + \
        "\\r{wait 300}\\x03{expect %s}" % tc.PROMPT + tc.esc("echo alive") + \
        "\\r{expect %s}" % tc.PROMPT
    r = tc.session(inp)
    tail = r.serial.split("echo after", 1)[1]
    assert "^C" in tail and "after" not in tail, r.serial[-500:]
    assert "alive\r\n" in tail


def test_cp_copies_and_refuses_gtaboot(cli):
    """U-Boot's cp with its size suffixes (Letux's flashing script copies
    its MLO into four slots with cp.l); a target in gtaboot's own area is
    refused, naming it."""
    outs, _ = tc.run_cmds("mw.l 80200000 12345678 4; cp.l 80200000 80220000 4; "
                          "cmp.l 80200000 80220000 4",
                          "cp.b 80200001 80230003 3; md.b 80230000 8",
                          "cp.w 80200000 fff00000 1")
    assert "Total of 4 word(s) were the same" in outs[0]
    assert "80230000: 00 00 00 56 34 12 00 00" in outs[1], outs[1]   # little-endian bytes
    assert "error: cp.w" in outs[2] and "usage: cp[.b|.w|.l]" in outs[2], outs[2]


def test_exit_leaves_script_with_status():
    outs, _ = tc.run_cmds("setenv s 'echo in; exit 3; echo out'", "run s; echo st=$?",
                          "setenv t 'for i in 1 2 3; do echo i$i; exit; done; echo no'",
                          "run t && echo ok", "exit 2; echo still")
    out = "".join(outs)
    assert "in\r\nst=1\r\n" in out and "out\r\n" not in out
    assert "i1\r\nok\r\n" in out and "i2" not in out
    assert "exit not allowed from main input shell.\r\nstill\r\n" in out
