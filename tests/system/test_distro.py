# SPDX-License-Identifier: GPL-2.0-or-later
"""Distro boot as U-Boot's distro_bootcmd does it, on cards made by the
real tools (sfdisk, mkfs.vfat, mke2fs -d, mkimage): a Debian flash-kernel
layout (FAT partition 1 with only MLO, ext4 partition 2 with
/boot/boot.scr, vmlinuz-V, initrd.img-V, dtbs/V/) and a Letux one (FAT
with boot.scr, bootargs.scr, a uImage and ${fdtfile}); and the commands
boot scripts use: source (a bad image named by its fault), load and
filesize, part uuid/list, mmc part, bootm moving a uImage."""
import glob
import os
import subprocess

import pytest

import cards
import simrun

ROOT = simrun.ROOT
VER = "6.1.0-57-armmp"
PAYLOAD = os.path.join(ROOT, "build", "payload", "zImage")
DEPS = os.path.join(ROOT, "build", "deps")
KERNEL_ADDR, FDT_ADDR, INITRD_ADDR = 0x82000000, 0x88000000, 0x88080000
INITRD = bytes((i * 29 + 1) & 0xFF for i in range(50001))
DISKSIG = "5eed2024"
# The simulated A5 carries the OneNAND package (board/gta04.c).
FDTFILE = "omap3-gta04a5one"
UIMAGE_LOAD = 0x80008000   # every OMAP3 uImage's load address

# A boot.scr in the dialect of flash-kernel's bootscr.uboot-generic, without
# the if/&& the line runner does not have before the hush interpreter.
FK_SCRIPT = """# made as flash-kernel's bootscr.uboot-generic does its boot
setenv bootargs "console=${console} root=/dev/mmcblk0p2 rootwait"
setenv fk_kvers '%s'
setenv fdtpath dtbs/${fk_kvers}/${fdtfile}
setenv partition ${distro_bootpart}
load ${devtype} ${devnum}:${partition} ${kernel_addr_r} ${prefix}vmlinuz-${fk_kvers}
load ${devtype} ${devnum}:${partition} ${fdt_addr_r} ${prefix}${fdtpath}
load ${devtype} ${devnum}:${partition} ${ramdisk_addr_r} ${prefix}initrd.img-${fk_kvers}
echo "Booting Debian ${fk_kvers} from ${devtype} ${devnum}:${partition}..."
bootz ${kernel_addr_r} ${ramdisk_addr_r}:${filesize} ${fdt_addr_r}
""" % VER


def sh(*args, **kw):
    if "input" not in kw:
        kw["stdin"] = subprocess.DEVNULL
    return subprocess.run(list(args), check=True, capture_output=True, **kw)


def mkscript(text, out):
    src = out + ".txt"
    with open(src, "w") as f:
        f.write(text)
    sh("mkimage", "-A", "arm", "-O", "linux", "-T", "script", "-C", "none", "-a", "0", "-e", "0",
       "-n", "boot script", "-d", src, out)
    return out


def sim_dtbs(out, names):
    base = str(out / "sim.dtb")
    sh("dtc", "-q", "-I", "dts", "-O", "dtb", "-o", base,
       os.path.join(ROOT, "dts", "omap3-gta04-sim.dts"))
    res = {}
    for n in names:
        d = str(out / (n + ".dtb"))
        sh("cp", base, d)
        sh("fdtput", "-t", "s", d, "/", "model", "gtaboot test " + n)
        res[n] = d
    return res


def card(out, fat_files, ext_stage=None, ext_mib=32):
    """MBR (disk signature DISKSIG): FAT16 partition 1 (bootable) with
    fat_files, then an ext4 partition 2 (ext_mib MiB) from ext_stage when
    given."""
    parts = [cards.Part(cards.fat(out / "p1.fat", fat_files), "e", boot=True)]
    if ext_stage:
        parts.append(cards.Part(cards.ext4(out / "p2.ext4", ext_stage, size_mb=ext_mib), "83"))
    return cards.disk(out / "sd.img", parts, label_id=DISKSIG)


def need_tools():
    for tool in ("mke2fs", "sfdisk", "mkfs.vfat", "mcopy", "mkimage", "dtc", "fdtput", "fdtget"):
        if subprocess.run(["which", tool], capture_output=True).returncode:
            pytest.skip(tool + " not installed")
    simrun.built("build/gta04/MLO", "build/payload/zImage", "build/sim/gtaboot-sim")


def flash_kernel_card(out, script_text):
    stage = out / "root"
    boot = stage / "boot"
    (boot / "dtbs" / VER).mkdir(parents=True)
    with open(PAYLOAD, "rb") as f:
        (boot / ("vmlinuz-" + VER)).write_bytes(f.read())
    (boot / ("initrd.img-" + VER)).write_bytes(INITRD)
    for n, d in sim_dtbs(out, [FDTFILE, "omap3-gta04a5", "omap3-gta04a4"]).items():
        sh("cp", d, str(boot / "dtbs" / VER / (n + ".dtb")))
    mkscript(script_text, str(boot / "boot.scr"))
    return card(out, {"MLO": os.path.join(ROOT, "build", "gta04", "MLO")}, stage)


@pytest.fixture(scope="module")
def fk_card(sim, tmp_path_factory):
    need_tools()
    return flash_kernel_card(tmp_path_factory.mktemp("fk"), FK_SCRIPT)


def fdtget(dtb, node, prop, kind="s"):
    p = subprocess.run(["fdtget", "-t", kind, dtb, node, prop], capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else None


def check_handoff(r, dump, pc, append, initrd=None):
    rep = r.report
    assert rep and rep["result"] == "handoff", r.stderr + r.serial
    assert (rep["pc"], rep["r0"], rep["r1"], rep["r2"]) == (pc, 0, 0xFFFFFFFF, FDT_ADDR)
    assert fdtget(dump, "/", "model") == "gtaboot test " + FDTFILE
    assert fdtget(dump, "/chosen", "bootargs") == append
    if initrd:
        start = fdtget(dump, "/chosen", "linux,initrd-start", "x").split()
        end = fdtget(dump, "/chosen", "linux,initrd-end", "x").split()
        assert (int(start[-1], 16), int(end[-1], 16)) == (INITRD_ADDR, INITRD_ADDR + initrd)


def boot(img, dump, *extra, max_ms=40000):
    return simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img, "--on-handoff", "stop",
                       "--dump-dtb", dump, "--max-ms", max_ms] + list(extra))


def test_flash_kernel_card_boots(fk_card, tmp_path):
    dump = str(tmp_path / "handoff.dtb")
    r = boot(fk_card, dump)
    out = r.serial
    assert "Scanning mmc 0:1..." in out and "Scanning mmc 0:2..." in out, out
    assert "Found U-Boot script /boot/boot.scr" in out, out
    assert "## Executing script at 80000000" in out, out
    assert "Booting Debian %s from mmc 0:2..." % VER in out, out
    check_handoff(r, dump, KERNEL_ADDR, "console=ttyO2,115200n8 root=/dev/mmcblk0p2 rootwait",
                  len(INITRD))


def flash_kernel_template(x, kvers=VER, cmdline="root=/dev/mmcblk0p2", defaults=""):
    """The boot script flash-kernel makes for a generic U-Boot board:
    bootscr.uboot-generic out of Debian's flash-kernel package
    (build/deps/flash-kernel_*.deb, which tools/fetch-debs.sh downloads;
    else apt-get download into build/deps), unpacked into directory x, its
    markers filled in as flash-kernel's mkimage_script() does for armhf
    (BOOT_CMD bootz, no ubootenv.d or preboot snippets): (text, the .deb's
    name), or None when the package is not reachable. tools/bench.py
    boots it too."""
    debs = glob.glob(os.path.join(DEPS, "flash-kernel_*.deb"))
    if not debs:
        os.makedirs(DEPS, exist_ok=True)
        subprocess.run(["apt-get", "download", "flash-kernel"], cwd=DEPS, capture_output=True,
                       stdin=subprocess.DEVNULL, timeout=50)
        debs = glob.glob(os.path.join(DEPS, "flash-kernel_*.deb"))
    if not debs:
        return None
    sh("dpkg-deb", "-x", sorted(debs)[-1], str(x))
    tpl = (x / "etc" / "flash-kernel" / "bootscript" / "bootscr.uboot-generic").read_text()
    for k, v in {"@@KERNEL_VERSION@@": kvers, "@@LINUX_KERNEL_CMDLINE@@": cmdline,
                 "@@LINUX_KERNEL_CMDLINE_DEFAULTS@@": defaults, "@@UBOOT_ENV_EXTRA@@": "",
                 "@@UBOOT_PREBOOT_EXTRA@@": "", "@@BOOT_CMD@@": "bootz"}.items():
        tpl = tpl.replace(k, v)
    return tpl, os.path.basename(sorted(debs)[-1])


def flash_kernel_script(tmp_path, kvers, cmdline, defaults=""):
    """flash_kernel_template's text for a test: skips when the package is
    not reachable."""
    t = flash_kernel_template(tmp_path / "fk", kvers, cmdline, defaults)
    if t is None:
        pytest.skip("flash-kernel package not reachable (apt-get download)")
    return t[0]


def test_real_flash_kernel_template(sim, tmp_path):
    """flash-kernel's own bootscr.uboot-generic (Debian's package, fetched
    at test time) needs hush's if and &&."""
    need_tools()
    img = flash_kernel_card(tmp_path, flash_kernel_script(tmp_path, VER, "root=/dev/mmcblk0p2"))
    dump = str(tmp_path / "handoff.dtb")
    r = boot(img, dump)
    assert r.report and r.report["result"] == "handoff", r.stderr + r.serial
    assert fdtget(dump, "/", "model") == "gtaboot test " + FDTFILE
    assert "root=/dev/mmcblk0p2" in fdtget(dump, "/chosen", "bootargs")


def test_letux_card_bootm_uimage(sim, tmp_path):
    """FAT with boot.scr, bootargs.scr and a uImage: the uImage's payload
    is moved to its load address; bootm without an fdt takes the DTB the
    script loaded to fdt_addr_r."""
    need_tools()
    dt = sim_dtbs(tmp_path, [FDTFILE])[FDTFILE]
    uimg = str(tmp_path / "uImage")
    sh("mkimage", "-A", "arm", "-O", "linux", "-T", "kernel", "-C", "none",
       "-a", "0x%x" % UIMAGE_LOAD, "-e", "0x%x" % UIMAGE_LOAD, "-n", "Letux", "-d", PAYLOAD, uimg)
    bargs = mkscript("setenv bootargs console=${console} root=/dev/mmcblk0p2 letux\n",
                     str(tmp_path / "bootargs.scr"))
    bscr = mkscript("mmc rescan\nfatload mmc 0 ${loadaddr} bootargs.scr\nsource ${loadaddr}\n"
                    "fatload mmc 0 ${fdt_addr_r} ${fdtfile}\nfatload mmc 0 ${loadaddr} uImage\n"
                    "bootm ${loadaddr}\n", str(tmp_path / "boot.scr"))
    img = card(tmp_path, {"MLO": os.path.join(ROOT, "build", "gta04", "MLO"), "boot.scr": bscr, "bootargs.scr": bargs, "uImage": uimg,
                          FDTFILE + ".dtb": dt})
    dump = str(tmp_path / "handoff.dtb")
    r = boot(img, dump)
    out = r.serial
    assert "Found U-Boot script /boot.scr" in out, out
    assert "bootm: no fdt given: using the device tree at fdt_addr_r 0x88000000" in out, out
    assert "kernel: uImage 'Letux', load 0x%08x" % UIMAGE_LOAD in out, out
    check_handoff(r, dump, UIMAGE_LOAD, "console=ttyO2,115200n8 root=/dev/mmcblk0p2 letux")


def test_console_commands(fk_card):
    cmds = ["part uuid mmc 0:2", "part uuid mmc 0:1 puuid", "printenv puuid",
            "part list mmc 0 plist", "printenv plist", "mmc part",
            "load mmc 0:2 0x84000000 /boot/initrd.img-%s" % VER, "printenv filesize",
            "load mmc 0:2 0x84000000 /boot/initrd.img-%s 10 4" % VER, "printenv filesize",
            "md.b 0x84000000 4",
            "source 0x84000000",
            "load mmc 0:2 0x84000000 /boot/boot.scr", "mw.b 0x84000050 0x21", "source 0x84000000",
            "mw.b 0x84000010 0x21", "source 0x84000000",
            "printenv fdtfile board scriptaddr bootcmd", "mmc dev", "mmc dev 1", "i2c dev 0"]
    script = r"{expect autoboot}x" + "".join(r"{expect > }%s\r" % c for c in cmds) + \
        r"{expect > }"
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", fk_card, "--input", script,
                    "--max-ms", 40000])
    parts = r.serial.split("gtaboot> ")[1:]
    outs = {}
    for p in parts:
        line, _, rest = p.partition("\r\n")
        outs.setdefault(line, []).append(rest)
    assert outs["part uuid mmc 0:2"][0].startswith(DISKSIG + "-02"), r.serial
    assert ("puuid=%s-01" % DISKSIG) in outs["printenv puuid"][0]
    assert "plist=1 2" in outs["printenv plist"][0]
    assert "Partition Map for MMC device 0  --   Partition Type: DOS" in outs["mmc part"][0]
    assert "%s-02\t83" % DISKSIG in outs["mmc part"][0]
    assert outs["printenv filesize"][0].startswith("filesize=%x" % len(INITRD))
    assert outs["printenv filesize"][1].startswith("filesize=10")
    assert "84000000: %02x %02x %02x %02x" % tuple(INITRD[4:8]) in outs["md.b 0x84000000 4"][0]
    assert "bad magic" in outs["source 0x84000000"][0], r.serial
    assert "error: source: bad data CRC at 0x84000000" in outs["source 0x84000000"][1], r.serial
    assert "error: source: bad header CRC at 0x84000000" in outs["source 0x84000000"][2], r.serial
    env = outs["printenv fdtfile board scriptaddr bootcmd"][0]
    assert "fdtfile=%s.dtb" % FDTFILE in env and "board=gta04" in env
    assert "scriptaddr=0x80000000" in env and "bootcmd=run distro_bootcmd" in env
    assert "mmc0 is current device" in outs["mmc dev"][0]
    assert "no mmc device at slot 1" in outs["mmc dev 1"][0]
    assert "Setting bus to 0" in outs["i2c dev 0"][0]
