#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fetches Debian armhf packages that cannot be installed beside their host
# twins (libfdt-dev:armhf) or are only test data (u-boot-omap,
# flash-kernel), with
# `apt-get download`, and unpacks them under build/deps. Nothing here is
# committed. Idempotent.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
deps=$top/build/deps
mkdir -p "$deps/debs"
fetch() { # package:arch  marker-file
	local pkg=$1 marker=$2
	[ -e "$deps/$marker" ] && return 0
	(cd "$deps/debs" && apt-get download -q "$pkg" >/dev/null) || {
		echo "fetch-debs: cannot download $pkg (run tools/install-deps.sh as root first)" >&2
		return 1
	}
	for d in "$deps"/debs/"${pkg%%:*}"_*.deb; do dpkg-deb -x "$d" "$deps/root"; done
}
fetch libfdt-dev:armhf root/usr/lib/arm-linux-gnueabihf/libfdt.a
fetch u-boot-omap:armhf root/usr/lib/u-boot/omap3_beagle/MLO || echo "fetch-debs: u-boot-omap missing; the U-Boot yardstick tests will be skipped" >&2
# Debian's 32-bit ARM EFI binaries for the PE loader's unit test
# (tests/unit/test_efi_pe.c, docs/uefi.md): systemd-boot with its unified
# kernel image stub, and GRUB's arm-efi modules, from which the test makes a
# GRUB image with the host's grub-mkimage. The stub, linuxarm.efi.stub, is
# also what tools/mkuki.py makes the UKI of tests/system/test_efi_uki.py from.
fetch systemd-boot-efi:armhf root/usr/lib/systemd/boot/efi/systemd-bootarm.efi ||
	echo "fetch-debs: systemd-boot-efi missing; test_efi_pe will fail" >&2
fetch systemd-boot-efi:armhf root/usr/lib/systemd/boot/efi/linuxarm.efi.stub ||
	echo "fetch-debs: systemd-boot-efi missing; test_efi_pe and test_efi_uki will fail" >&2
fetch grub-efi-arm-bin:armhf root/usr/lib/grub/arm-efi/normal.mod ||
	echo "fetch-debs: grub-efi-arm-bin missing; test_efi_pe will fail" >&2
# flash-kernel's boot script templates (bootscr.uboot-generic): the tests
# boot a card made with Debian's own, not one written here.
if [ ! -e "$deps"/flash-kernel_*.deb ] 2>/dev/null; then
	(cd "$deps" && apt-get download -q flash-kernel:armhf >/dev/null 2>&1) ||
		echo "fetch-debs: flash-kernel missing; its template test will be skipped" >&2
fi
# LAVA's device-type templates (base-uboot.jinja2 ...), which render a
# device dictionary: only lava-server's templates, the server is not
# installed (tests/system/test_lava.py).
if [ ! -e "$deps/lava/usr/share/lava-server/device-types/base-uboot.jinja2" ]; then
	if (cd "$deps" && apt-get download -q lava-server >/dev/null 2>&1); then
		mkdir -p "$deps/lava"
		dpkg-deb --fsys-tarfile "$deps"/lava-server_*.deb |
			tar -x -C "$deps/lava" ./usr/share/lava-server/device-types
	else
		echo "fetch-debs: lava-server missing; the LAVA test will be skipped" >&2
	fi
fi
# Unicorn 2.1 for the simulator, from Debian 13 (trixie). Debian 12's 2.0.1
# takes a slow path with an allocation on every guest store to RAM (fixed
# upstream in 2.1); on 2.1.1 the system tests need about a third less CPU.
# Its library needs only glibc >= 2.34, so the trixie build runs here; it
# is unpacked under build/deps/unicorn, never installed. Pinned by SHA-256
# (trixie's Packages file); on any failure the simulator is built on the
# system's libunicorn-dev instead (Makefile, UNICORN).
uc_deb() { # file sha256
	local f=$1 sum=$2 url=http://deb.debian.org/debian/pool/main/u/unicorn-engine/$1
	[ -e "$deps/debs/$f" ] && return 0
	curl -fsS --max-time 120 -o "$deps/debs/$f.part" "$url" &&
		echo "$sum  $deps/debs/$f.part" | sha256sum -c --quiet - &&
		mv "$deps/debs/$f.part" "$deps/debs/$f" || { rm -f "$deps/debs/$f.part"; return 1; }
}
if [ ! -e "$deps/unicorn/usr/include/unicorn/unicorn.h" ] &&
   [ "$(dpkg --print-architecture 2>/dev/null)" = amd64 ]; then
	if uc_deb libunicorn2t64_2.1.1-2+b2_amd64.deb \
		3f760a28c65a93662edbcb21fceb2e0a1c0ab0e8277564fc572e6532949e3e3f &&
	   uc_deb libunicorn-dev_2.1.1-2+b2_amd64.deb \
		479613e244a6023c03708951a5f0e00fc96c83a4b74b4d74c9fe7d3a9050208b; then
		rm -rf "$deps/unicorn.tmp"
		dpkg-deb -x "$deps/debs/libunicorn2t64_2.1.1-2+b2_amd64.deb" "$deps/unicorn.tmp"
		dpkg-deb -x "$deps/debs/libunicorn-dev_2.1.1-2+b2_amd64.deb" "$deps/unicorn.tmp"
		mv "$deps/unicorn.tmp" "$deps/unicorn"
	else
		echo "fetch-debs: Debian 13's libunicorn 2.1.1 not downloaded; the simulator" \
		     "uses the system's (slower) Unicorn" >&2
	fi
fi
echo "fetch-debs: ok ($deps)"
