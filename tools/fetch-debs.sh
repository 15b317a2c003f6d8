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
echo "fetch-debs: ok ($deps)"
