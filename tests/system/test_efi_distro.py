# SPDX-License-Identifier: GPL-2.0-or-later
"""The distro scan's EFI step (common/distro.c scan_efi, U-Boot's
scan_dev_for_efi): a card whose only boot path is efi/boot/bootarm.efi
reaches bootefi, with the DTB from the first of efi_dtb_prefixes that
holds $fdtfile, else the board's DTB from the boot partition, as bootm
takes it; an application that returns is "EFI LOAD FAILED" and the scan
goes on (docs/uefi.md)."""
import re

import simrun
from test_efi import hello_pe, mkcard

SIM_DTB = "build/gta04/omap3-gta04-sim.dtb"


def autoboot(card, tail="{expect %s}{end}" % simrun.PROMPT):
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", card, "--max-ms", "8000",
                    "--input", tail], timeout=600)
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
    return r.serial


def test_scan_finds_bootarm_efi_with_dtb_from_prefix(tmp_path, sim):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    pe = tmp_path / "hello.efi"
    pe.write_bytes(hello_pe())
    dtb = simrun.built(SIM_DTB)
    # $fdtfile of the simulated GTA04 A5, which has OneNAND
    card = mkcard(tmp_path / "card.img", extra=[(str(pe), "efi/boot/bootarm.efi"),
                                                (dtb, "dtb/omap3-gta04a5one.dtb")])
    out = autoboot(card)
    assert "Scanning mmc 0:1...\r\n" in out, out[-3000:]
    efi = out[out.index("Scanning mmc 0:1..."):]
    # U-Boot's words; the DTB loaded from /dtb/ first, then the binary
    assert re.search(r"\d+ bytes read in \d+ ms\r\n"
                     r"Found EFI removable media binary efi/boot/bootarm.efi\r\n"
                     r"\d+ bytes read in \d+ ms\r\n"
                     r"bootefi: no fdt given: using the device tree at fdt_addr_r 0x88000000\r\n",
                     efi), efi[:2000]
    # the image knows the partition and file it came from
    assert re.search(r"Booting /VenHw\(c4b3f03a-713d-4f47-87e2-025a3ce66876\)/SD\(0\)/"
                     r"HD\(1,MBR,0x[0-9a-f]+,0x800,0x[0-9a-f]+\)/\\efi\\boot\\bootarm.efi\r\n"
                     r"hi from efi\r\n", efi), efi[:2000]
    # it returned EFI_UNSUPPORTED: the scan goes on to the next step
    assert ("## Application failed, r = 3\r\n"
            "bootefi: the image returned without ExitBootServices (EFI_UNSUPPORTED)\r\n"
            "EFI LOAD FAILED: continuing...\r\n") in efi, efi[:2000]
    assert out.rstrip().endswith(simrun.PROMPT.strip())


def test_scan_efi_without_dtb_takes_the_boards(tmp_path, sim):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    pe = tmp_path / "hello.efi"
    pe.write_bytes(hello_pe())
    card = mkcard(tmp_path / "card.img", extra=[(str(pe), "efi/boot/bootarm.efi")])
    out = autoboot(card)
    efi = out[out.index("Found EFI removable media binary"):]
    assert "bootefi: no fdt given and none at fdt_addr_r 0x88000000: loading the board's " \
        "omap3-gta04a5one.dtb\r\n" in efi, efi[:2000]
    assert "bootefi: no device tree for the image\r\n" in efi
    assert "hi from efi\r\n" in efi and "EFI LOAD FAILED: continuing...\r\n" in efi
