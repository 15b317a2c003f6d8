#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Makes the "U-Boot build directory" U-Boot's test/py reads, for gtaboot.

test/py reads the board's options from <build>/.config and
<build>/include/autoconf.mk and picks its tests by them. Here they list
only what gtaboot has: gtaboot is booted once in the simulator, its
`help` list read, and each CONFIG_CMD_* set only when every command U-Boot
builds with that option is in the list (CMDS below). The directory also
gets the fresh card u-boot-test-flash writes, the boardenv module
(u_boot_boardenv_gtaboot_<board>.py: the devices and expected values some
tests need) and gtaboot-testpy.json for the hooks.

usage: setup.py [--board gta04] BUILD_DIR
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# CONFIG option: the commands U-Boot builds with it. An option is set only
# when gtaboot has all of them: test/py runs every command of an option it
# is told about, and an unknown command ends its whole run.
CMDS = {
    "CMD_HELP": ["help", "?"],
    "CMD_ECHO": ["echo"],
    "CMD_RUN": ["run"],
    "CMD_SOURCE": ["source"],
    "CMD_ITEST": ["itest"],
    "CMD_SETEXPR": ["setexpr"],
    "CMD_SLEEP": ["sleep"],
    "CMD_TIME": ["time"],
    "CMD_MEMORY": ["md", "mm", "nm", "mw", "cp", "cmp", "base", "loop"],
    "CMD_CRC32": ["crc32"],
    "CMD_RANDOM": ["random"],
    "CMD_BDI": ["bdinfo"],
    "CMD_CONSOLE": ["coninfo"],
    "CMD_BOOTD": ["boot", "bootd"],
    "CMD_BOOTM": ["bootm"],
    "CMD_BOOTZ": ["bootz"],
    "CMD_BOOTMENU": ["bootmenu"],
    "CMD_SYSBOOT": ["sysboot"],
    "CMD_SAVEENV": ["saveenv"],
    "CMD_EDITENV": ["editenv"],
    "CMD_MMC": ["mmc", "mmcinfo"],
    "CMD_I2C": ["i2c"],
    "CMD_GPIO": ["gpio"],
    "CMD_PART": ["part"],
    "CMD_FAT": ["fatls", "fatload", "fatinfo", "fatsize"],
    "FAT_WRITE": ["fatwrite"],
    "CMD_EXT2": ["ext2ls", "ext2load"],
    "CMD_EXT4": ["ext4ls", "ext4load", "ext4size"],
    "EXT4_WRITE": ["ext4write"],
    "CMD_FS_GENERIC": ["ls", "load", "size", "fstype"],
    "CMD_FDT": ["fdt"],
    "CMD_NAND": ["nand"],
    "CMD_UMS": ["ums"],
    "CMD_DFU": ["dfu"],
    "CMD_LOADB": ["loadb", "loadx", "loady"],
    "CMD_RESET": ["reset"],
    "CMD_POWEROFF": ["poweroff"],
}
# Options of `env` subcommands, found in `help env`.
ENV_SUBS = {"CMD_IMPORTENV": "import", "CMD_EXPORTENV": "export",
            "CMD_NVEDIT_INFO": "info"}
# Always true of gtaboot: its shell is U-Boot's hush dialect (lib/shell/hush.c).
FIXED = ["HUSH_PARSER", "CMDLINE", "ARM", "ARCH_OMAP2PLUS"]

MACHINE = {"gta04": ["--machine", "gta04", "--rev", "A5"], "beagle": ["--machine", "beagle"]}
# test_mmc_fat_read_write_files writes 100 files of up to 1 MiB each
# (about 50 MiB): the FAT partition holds 120 MiB.
CARD_MB, FAT_START, FAT_SECTORS = 160, 2048, 245760
LABEL_ID = 0x67746162  # a fixed disk signature, so the MBR's CRC is known
PATTERN_START, PATTERN_SECTORS = 0x400, 0x400


def sim_help(sim, args, card):
    """gtaboot's command names and its `help env` text."""
    with tempfile.TemporaryDirectory() as tmp:
        serial = os.path.join(tmp, "serial.txt")
        script = ("{expect Hit any key} {expect gtaboot> }help\\r{expect gtaboot> }"
                  "help env\\r{expect gtaboot> }{end}")
        subprocess.run([sim] + args + ["--sd", card, "--serial", serial, "--input", script,
                                       "--max-ms", "60000"],
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=300, check=False)
        text = open(serial, "rb").read().decode("latin-1").replace("\r", "")
    if "gtaboot> help env" not in text:
        sys.exit("setup.py: gtaboot did not reach its prompt:\n" + text[-2000:])
    listing = text.split("gtaboot> help\n", 1)[1].split("gtaboot> help env\n")[0]
    names = set()
    for line in listing.splitlines():
        m = re.match(r"(\S+)\s+- ", line)
        if m:
            names.add(m.group(1))
    return names, text.split("gtaboot> help env\n", 1)[1]


def make_card(path, mlo, ext4):
    """The card u-boot-test-flash writes: partition 1 FAT32 (bootable,
    type 0c) with the MLO, partition 2 ext4 (type 83) when gtaboot can name
    its file system type (test_mmc_part asks `fstype` for each type 83)."""
    with open(path, "wb") as f:
        f.truncate(CARD_MB << 20)
    table = "label: dos\nlabel-id: 0x%08x\nstart=%d, size=%d, type=c, bootable\n" % (
        LABEL_ID, FAT_START, FAT_SECTORS)
    if ext4:
        table += "start=%d, type=83\n" % (FAT_START + FAT_SECTORS)
    subprocess.run(["sfdisk", "-q", path], input=table, text=True, check=True,
                   capture_output=True)
    subprocess.run(["mkfs.vfat", "-F", "32", "-i", "67746162", "--offset", str(FAT_START),
                    path, str(FAT_SECTORS // 2)], check=True, capture_output=True)
    subprocess.run(["mcopy", "-i", "%s@@%d" % (path, FAT_START * 512), mlo, "::MLO"],
                   check=True, capture_output=True)
    # known data in the gap before partition 1, which nothing writes
    # (saveenv changes the FAT): what test_mmc_rd's sd-large reads
    with open(path, "r+b") as f:
        f.seek(PATTERN_START * 512)
        for n in range(PATTERN_START, PATTERN_START + PATTERN_SECTORS):
            f.write(("gtaboot test/py sector %08x\n" % n).encode().ljust(32, b".") * 16)
    if ext4:
        start = FAT_START + FAT_SECTORS
        kib = (CARD_MB << 10) - start // 2
        subprocess.run(["mkfs.ext4", "-q", "-F", "-E", "offset=%d" % (start * 512), path,
                        "%dk" % kib], check=True, capture_output=True)


def crc_of(path, sector, count):
    with open(path, "rb") as f:
        f.seek(sector * 512)
        return "%08x" % (zlib.crc32(f.read(count * 512)) & 0xFFFFFFFF)


BOARDENV = '''# SPDX-License-Identifier: GPL-2.0-or-later
"""test/py's board environment for gtaboot in the simulated %(board)s, written
by tools/testpy/setup.py (docs/uboot-compat.md, "U-Boot's test/py")."""

# gtaboot sets no $modeboot; the board boots from the SD card
env__saveenv_test = {"bootmode": "sdboot"}
env__reset_test = {"bootmode": "sdboot"}

# I2C1, the TWL4030's bus, is the one gtaboot drives: U-Boot's bus 0
env__i2c_device_test = {"bus_list": [0], "probe_all": True}

# the SD card on MMC1, U-Boot's mmc 0; the simulated card runs at 48 MHz in
# SD High Speed mode on 4 data lines
env__mmc_device_test_skip = False
env__mmc_device = {"mmc_modes": ["SD High Speed (50MHz)"]}
env__mmc_dev_configs = (
    {"fixture_id": "sd", "is_emmc": False, "devid": 0, "partid": 0,
     "info_device": "OMAP SD/MMC", "info_speed": 48000000,
     "info_mode": "SD High Speed (50MHz)", "info_buswidth": "4-bit"},
)
# the card tools/testpy/setup.py made: its MBR (fixed disk signature) and
# the 512 KiB of known data written before partition 1, CRC-32 as U-Boot's
# crc32 prints it
env__mmc_rd_configs = (
    {"fixture_id": "sd-mbr", "is_emmc": False, "devid": 0, "partid": None,
     "sector": 0, "count": 1, "crc32": "%(crc_mbr)s"},
    {"fixture_id": "sd-large", "is_emmc": False, "devid": 0, "partid": None,
     "sector": 0x400, "count": 0x400, "crc32": "%(crc_large)s"},
)
# test_mmc_wr writes random data and reads it back: sectors 0x10-0x4f, in
# the gap before partition 1 that the card's MBR leaves unused
env__mmc_wr_configs = (
    {"fixture_id": "sd-gap", "is_emmc": False, "devid": 0, "partid": None,
     "sector": 0x10, "count": 0x40, "test_iterations": 4},
)
%(gpio)s'''

# test_gpio's pins, by board. Numbers are U-Boot's (bank n/32, bit n%32);
# names U-Boot's OMAP bank names, "gpio@<bank base>_" (drivers/gpio/
# omap_gpio.c), as gtaboot's gpio prints them. Levels are the board's:
# the simulator models the same pulls (tools/sim/machine.c).
GPIO = {"gta04": '''
# test_gpio (the GTA04 A5's pins):
# - inputs: gpio_7 is the AUX button, active high (board/gta04.c, Linux's
#   omap3-gta04.dtsi gpio-keys), released: 0; gpio_171..173 are the
#   revision straps, read as GPIO inputs with pull-ups at every boot
#   (arch/arm/omap3/gpio.c), the A5's idx 6 = 110b: gpio_171 0, gpio_172
#   and gpio_173 1 (board/gta04.c rev_by_straps; tools/sim/machine.c strap 6)
# - outputs: gpio_14..17 (pads etk_d0..d3) are the pins Linux's
#   omap3-gta04.dtsi hogs as plain GPIO outputs with pull-downs
#   (mcspi3hog_pins): no device on them, so driving them harms nothing; an
#   output's value reads back from DATAOUT (U-Boot's and gtaboot's OMAP
#   GPIO driver, tools/sim/gpio.c)
# - no input/output pair: no two GTA04 GPIOs are wired to each other, so
#   gpio_ip_op_list is left out (test_gpio_pins_input_output_generic skips)
env__gpio_dev_config = {
    "gpio_str_count": 5,
    # the first bank's header, U-Boot's OMAP3 GPIO1 at 0x48310000
    "gpio_str_1": "Bank gpio@48310000_:",
    # AUX released
    "gpio_str_2": "gpio@48310000_7: input: 0 [ ]",
    # gpio_171, gpio_172: the A5's revision straps
    "gpio_str_3": "gpio@49058000_11: input: 0 [ ]",
    "gpio_str_4": "gpio@49058000_12: input: 1 [ ]",
    # the last of the 192 pins: status -a lists every bank to its end
    "gpio_str_5": "gpio@49058000_31: ",
    "gpio_op_pin": "14",
    "gpio_ip_pin_set": "172",
    "gpio_ip_pin_clear": "7",
    "gpio_clear_value": "value is 0",
    "gpio_set_value": "value is 1",
    "gpio_pin_list": ["gpio@48310000_15", "gpio@48310000_16", "gpio@48310000_17"],
}
'''}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="gta04", choices=sorted(MACHINE))
    ap.add_argument("build")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    os.makedirs(os.path.join(build, "include"), exist_ok=True)
    sim = os.path.join(ROOT, "build", "sim", "gtaboot-sim")
    mlo = os.path.join(ROOT, "build", a.board, "MLO")
    for f in (sim, mlo):
        if not os.path.exists(f):
            sys.exit("setup.py: %s missing (make sim; make BOARD=%s)" % (f, a.board))
    args = MACHINE[a.board]
    probe = os.path.join(build, "card-probe.img")
    make_card(probe, mlo, False)
    names, env_help = sim_help(sim, args, probe)
    os.remove(probe)

    opts = [o for o, cmds in CMDS.items() if all(c in names for c in cmds)]
    opts += [o for o, sub in ENV_SUBS.items()
             if "env" in names and re.search(r"\b%s\b" % sub, env_help)]
    if "CMD_FAT" in opts:
        opts.append("FS_FAT")
    if "CMD_EXT4" in opts:
        opts.append("FS_EXT4")
    card = os.path.join(build, "card-fresh.img")
    make_card(card, mlo, "fstype" in names)

    with open(os.path.join(build, ".config"), "w") as f:
        f.write("# gtaboot for U-Boot's test/py: what gtaboot has (tools/testpy/setup.py)\n")
        f.write('CONFIG_SYS_PROMPT="gtaboot> "\n')
        f.write("CONFIG_SYS_CBSIZE=1024\n")
        for o in sorted(FIXED + opts):
            f.write("CONFIG_%s=y\n" % o)
    open(os.path.join(build, "include", "autoconf.mk"), "w").close()
    with open(os.path.join(build, "u_boot_boardenv_gtaboot_%s.py" % a.board), "w") as f:
        f.write(BOARDENV % {"board": a.board, "crc_mbr": crc_of(card, 0, 1),
                            "crc_large": crc_of(card, PATTERN_START, PATTERN_SECTORS),
                            "gpio": GPIO.get(a.board, "")})
    with open(os.path.join(build, "gtaboot-testpy.json"), "w") as f:
        json.dump({"sim": sim, "args": args + ["--max-ms", "3600000"],
                   "card": os.path.join(build, "sd.img")}, f, indent=1)
    print("setup.py: %s: %d commands; %s" % (build, len(names), " ".join(sorted(opts))))


if __name__ == "__main__":
    main()
