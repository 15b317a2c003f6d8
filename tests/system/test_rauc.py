# SPDX-License-Identifier: GPL-2.0-or-later
"""A RAUC A/B system booted by gtaboot, end to end: RAUC's U-Boot backend
(bootloader=uboot in system.conf) keeps the slot choice in the U-Boot
environment, BOOT_ORDER (the slots in the order to try) and BOOT_x_LEFT
(attempts left per slot), which Linux changes with fw_setenv (`rauc
status mark-active` writes BOOT_ORDER and the slot's LEFT, mark-good its
LEFT). The boot.scr (written here, in the shape of RAUC's documented U-Boot
integration) walks BOOT_ORDER, takes the first slot with attempts left,
counts one off with setexpr, saves the environment with saveenv and boots
that slot's kernel and DTB with rauc.slot=<slot> on the command line.

The card: FAT partition 1 (MLO, boot.scr, and the environment files of
an SD boot), ext4 partitions 2 (slot A) and 3 (slot B), each with its own
/boot/zImage and DTBs whose model names the slot. One image is booted
again and again (the simulator starts from it each time), so what one boot
saved is what the next one finds; between boots the harness plays Linux
with Debian's fw_printenv / fw_setenv on the saved environment: uboot.env
and uboot-redund.env taken out of the FAT with mtools on the GTA04 A5 (an
SD boot), the two NAND copies on the A4 booted from NAND."""
import os
import shutil

import pytest

import cards
import simrun
from test_distro import FDT_ADDR, KERNEL_ADDR, PAYLOAD, fdtget, mkscript, need_tools, sh
import test_ubenv
import test_ubenv_fat

ROOT = simrun.ROOT
MLO = os.path.join(ROOT, "build", "gta04", "MLO")
DTB_NAMES = ["omap3-gta04a5one", "omap3-gta04a5", "omap3-gta04a4"]
SLOT_PART = {"A": 2, "B": 3}

# The slot choice. The for list is quoted as in RAUC's documentation: U-Boot's
# hush splits a for list at blanks after expansion even inside quotes, so
# "${BOOT_ORDER}" gives one pass per slot there, and must here too.
RAUC_SCRIPT = r"""# RAUC A/B slot selection with boot attempt counting (gtaboot tests)
test -n "${BOOT_ORDER}" || setenv BOOT_ORDER "A B"
test -n "${BOOT_A_LEFT}" || setenv BOOT_A_LEFT 3
test -n "${BOOT_B_LEFT}" || setenv BOOT_B_LEFT 3
setenv rauc_slot
setenv rauc_part
for s in "${BOOT_ORDER}"; do
    if test -n "${rauc_slot}"; then
        echo "rauc: slot ${s} not tried (${rauc_slot} chosen)"
    elif test "${s}" = A && itest ${BOOT_A_LEFT} -gt 0; then
        setexpr BOOT_A_LEFT ${BOOT_A_LEFT} - 1
        setenv rauc_slot A
        setenv rauc_part 2
    elif test "${s}" = B && itest ${BOOT_B_LEFT} -gt 0; then
        setexpr BOOT_B_LEFT ${BOOT_B_LEFT} - 1
        setenv rauc_slot B
        setenv rauc_part 3
    else
        echo "rauc: slot ${s} has no attempts left"
    fi
done
if test -z "${rauc_slot}"; then
    echo "rauc: no bootable slot (BOOT_ORDER=${BOOT_ORDER} BOOT_A_LEFT=${BOOT_A_LEFT} BOOT_B_LEFT=${BOOT_B_LEFT}), not booting"
    false
else
    echo "rauc: booting slot ${rauc_slot} (BOOT_A_LEFT=${BOOT_A_LEFT} BOOT_B_LEFT=${BOOT_B_LEFT})"
    saveenv
    setenv bootargs "console=${console} root=/dev/mmcblk0p${rauc_part} rootwait rauc.slot=${rauc_slot}"
    load ${devtype} ${devnum}:${rauc_part} ${kernel_addr_r} /boot/zImage && load ${devtype} ${devnum}:${rauc_part} ${fdt_addr_r} /boot/dtbs/${fdtfile} && bootz ${kernel_addr_r} - ${fdt_addr_r}
    echo "rauc: slot ${rauc_slot} did not boot"
fi
"""

FAIL_LINE = ("rauc: no bootable slot (BOOT_ORDER=%s BOOT_A_LEFT=0 BOOT_B_LEFT=0), "
             "not booting")

pytestmark = [
    pytest.mark.skipif(not shutil.which("fw_printenv") or not shutil.which("mcopy"),
                       reason="needs libubootenv-tool and mtools (tools/install-deps.sh)"),
]


def rauc_card(out):
    """MBR: FAT16 p1 (bootable: MLO, boot.scr), ext4 p2 (slot A), ext4 p3
    (slot B); each slot's DTBs say which slot they are in their model."""
    scr = mkscript(RAUC_SCRIPT, str(out / "boot.scr"))
    parts = [cards.Part(cards.fat(out / "p1.fat", {"MLO": MLO, "boot.scr": scr}), "e", boot=True)]
    base = str(out / "sim.dtb")
    sh("dtc", "-q", "-I", "dts", "-O", "dtb", "-o", base,
       os.path.join(ROOT, "dts", "omap3-gta04-sim.dts"))
    for slot in "AB":
        stage = out / ("slot" + slot)
        (stage / "boot" / "dtbs").mkdir(parents=True)
        shutil.copyfile(PAYLOAD, stage / "boot" / "zImage")
        for n in DTB_NAMES:
            d = str(stage / "boot" / "dtbs" / (n + ".dtb"))
            shutil.copyfile(base, d)
            sh("fdtput", "-t", "s", d, "/", "model", "rauc slot %s %s" % (slot, n))
        fs = cards.ext4(out / ("p%d.ext4" % SLOT_PART[slot]), stage, size_mb=24)
        parts.append(cards.Part(fs, "83"))
    return cards.disk(out / "sd.img", parts)


class SdEnv:
    """The GTA04 A5 booted from the card: the environment is uboot.env /
    uboot-redund.env on the FAT partition (docs/environment.md)."""
    rev, fdtfile, where = "A5", "omap3-gta04a5one", "FAT"

    def __init__(self, img, tmp):
        self.img, self.tmp = img, tmp

    def sim_args(self):
        return ["--machine", "gta04", "--rev", self.rev, "--sd", self.img]

    def _files(self):
        """Both files out of the FAT (zeros for one not there yet: a copy
        with a bad CRC, as the second one is before gtaboot's second save)
        and the fw_env.config naming them."""
        names = []
        for n in ("uboot.env", "uboot-redund.env"):
            out = self.tmp / n
            if out.exists():
                out.unlink()
            if test_ubenv_fat.run(["mcopy", "-D", "o", "-i", test_ubenv_fat.mt(self.img),
                                   "::/" + n, str(out)]).returncode:
                out.write_bytes(bytes(test_ubenv_fat.SIZE))
            names.append(out)
        cfg = self.tmp / "fw_env.config"
        cfg.write_text("".join("%s 0x0 0x%x\n" % (f, test_ubenv_fat.SIZE) for f in names))
        return names, cfg

    def printenv(self):
        _, cfg = self._files()
        return test_ubenv_fat.printenv(cfg)[1]

    def setenv(self, *args):
        files, cfg = self._files()
        w = test_ubenv_fat.run(["fw_setenv", "-c", str(cfg)] + list(args))
        assert w.returncode == 0, w.stderr
        # both back, as Linux would have them on the mounted partition
        test_ubenv_fat.put_back(self.img, files)


class NandEnv:
    """The GTA04 A4 booted from its NAND (MLO only), the card in the slot:
    the environment is in NAND's two blocks at 0x240000."""
    rev, fdtfile, where = "A4", "omap3-gta04a4", "NAND"

    def __init__(self, img, tmp):
        self.img, self.tmp = img, tmp
        self.nand = tmp / "nand.img"
        test_ubenv.blank_nand(self.nand)

    def sim_args(self):
        return ["--machine", "gta04", "--rev", self.rev, "--sd", self.img, "--nand",
                str(self.nand)]

    def printenv(self):
        _, cfg = test_ubenv.tools_config(self.tmp, self.nand)
        return test_ubenv.printenv(cfg)[1]

    def setenv(self, *args):
        flat, cfg = test_ubenv.tools_config(self.tmp, self.nand)
        w = test_ubenv.fw("fw_setenv", cfg, *args)
        assert w.returncode == 0, w.stderr
        test_ubenv.write_region(self.nand, flat.read_bytes())


BOARDS = {"gta04-A5-sd": SdEnv, "gta04-A4-nand": NandEnv}


@pytest.fixture(scope="module")
def card_image(sim, tmp_path_factory):
    need_tools()
    simrun.built("build/tools/mknand")
    return rauc_card(tmp_path_factory.mktemp("rauc"))


@pytest.fixture(params=sorted(BOARDS))
def board(request, card_image, tmp_path):
    img = str(tmp_path / "sd.img")
    shutil.copyfile(card_image, img)
    return BOARDS[request.param](img, tmp_path)


def boot(b, dump, expect_handoff=True):
    """One power-on from the same card (and NAND): to the kernel hand-off,
    or, when no slot is left, to the prompt the failed bootcmd leaves (a
    bounded run: a reset or a second pass of the script would show)."""
    args = b.sim_args() + ["--on-handoff", "stop", "--dump-dtb", dump, "--max-ms", 30000]
    if not expect_handoff:
        args += ["--input", r"{expect gtaboot> }poweroff\r"]
    r = simrun.run(args)
    assert r.serial.count("## Executing script at") == 1, r.serial
    if expect_handoff:
        rep = r.report
        assert rep and rep["result"] == "handoff", r.stderr + r.serial
        assert (rep["pc"], rep["r2"]) == (KERNEL_ADDR, FDT_ADDR)
    return r


def booted(b, r, dump, slot):
    """The hand-off is slot's: its kernel command line and its DTB."""
    assert "rauc: booting slot %s" % slot in r.serial, r.serial
    assert "Saving Environment to %s..." % b.where in r.serial, r.serial
    assert fdtget(dump, "/", "model") == "rauc slot %s %s" % (slot, b.fdtfile)
    args = fdtget(dump, "/chosen", "bootargs")
    assert args == "console=ttyO2,115200n8 root=/dev/mmcblk0p%d rootwait rauc.slot=%s" % (
        SLOT_PART[slot], slot), args


def counters(env):
    return env.get("BOOT_ORDER"), env.get("BOOT_A_LEFT"), env.get("BOOT_B_LEFT")


def test_first_boot_slot_a_and_the_count_survives(board, tmp_path):
    dump = str(tmp_path / "h.dtb")
    r = boot(board, dump)
    booted(board, r, dump, "A")
    assert "rauc: slot B not tried (A chosen)" in r.serial    # one pass per slot
    assert counters(board.printenv()) == ("A B", "2", "3")
    # the next power-on starts from what this one saved
    r = boot(board, dump)
    booted(board, r, dump, "A")
    assert counters(board.printenv()) == ("A B", "1", "3")


def test_mark_active_b_then_fallback_then_none_left(board, tmp_path):
    dump = str(tmp_path / "h.dtb")
    boot(board, dump)                                   # A, saved: A_LEFT 2
    # rauc status mark-active other: B first, its attempts restored
    board.setenv("BOOT_ORDER", "B A")
    board.setenv("BOOT_B_LEFT", "3")
    r = boot(board, dump)
    booted(board, r, dump, "B")
    assert "rauc: slot A not tried (B chosen)" in r.serial
    assert counters(board.printenv()) == ("B A", "2", "2")
    # B used up (as after failed boots of B): the fallback to A
    board.setenv("BOOT_B_LEFT", "0")
    r = boot(board, dump)
    assert "rauc: slot B has no attempts left" in r.serial
    booted(board, r, dump, "A")
    assert counters(board.printenv()) == ("B A", "1", "0")
    # nothing left: the failure path, once, the environment untouched
    board.setenv("BOOT_A_LEFT", "0")
    before = board.printenv()
    r = boot(board, dump, expect_handoff=False)
    assert FAIL_LINE % "B A" in r.serial, r.serial
    assert "Saving Environment" not in r.serial
    assert r.report and r.report["result"] == "poweroff", r.stderr + r.serial[-2000:]
    assert board.printenv() == before
