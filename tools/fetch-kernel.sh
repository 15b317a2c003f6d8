#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fetches Debian's armhf multiplatform kernel (linux-image-armmp resolves to
# linux-image-<version>-armmp) with `apt-get download` into build/deps/debs
# and extracts only what the system tests boot: the zImage and the GTA04 A5
# and BeagleBoard DTBs, plus the kernel's config (TEXT_OFFSET depends on
# it), into build/deps/kernel:
#
#   vmlinuz  omap3-gta04a5.dtb  omap3-beagle.dtb  config  version
#
# Nothing here is committed. Idempotent; exit status 1 when the package
# cannot be downloaded (offline), so callers can skip.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
debs=$top/build/deps/debs
out=$top/build/deps/kernel
mkdir -p "$debs" "$out"

pkg=$(apt-cache depends linux-image-armmp:armhf 2>/dev/null |
	sed -n 's/^ *Depends: \(linux-image-[0-9][^:]*-armmp\).*/\1/p' | head -n1)
if [ -z "$pkg" ]; then
	echo "fetch-kernel: apt knows no linux-image-armmp:armhf (run tools/install-deps.sh first)" >&2
	exit 1
fi
version=${pkg#linux-image-}

if [ -s "$out/vmlinuz" ] && [ "$(cat "$out/version" 2>/dev/null)" = "$version" ]; then
	echo "fetch-kernel: ok ($out, $version)"
	exit 0
fi

deb=$(ls "$debs/${pkg}"_*_armhf.deb 2>/dev/null | head -n1 || true)
if [ -z "$deb" ]; then
	(cd "$debs" && apt-get download -q "$pkg:armhf" >/dev/null) || {
		echo "fetch-kernel: cannot download $pkg:armhf (offline?)" >&2
		exit 1
	}
	deb=$(ls "$debs/${pkg}"_*_armhf.deb | head -n1)
fi

tmp=$(mktemp -d "$out/.x.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
dpkg-deb --fsys-tarfile "$deb" |
	tar -x -C "$tmp" --wildcards \
		"./boot/vmlinuz-$version" "./boot/config-$version" \
		"./usr/lib/linux-image-$version/omap3-gta04a5.dtb" \
		"./usr/lib/linux-image-$version/omap3-beagle.dtb"
mv "$tmp/boot/vmlinuz-$version" "$out/vmlinuz"
mv "$tmp/boot/config-$version" "$out/config"
mv "$tmp/usr/lib/linux-image-$version/omap3-gta04a5.dtb" "$out/"
mv "$tmp/usr/lib/linux-image-$version/omap3-beagle.dtb" "$out/"
echo "$version" >"$out/version"
echo "fetch-kernel: ok ($out, $version)"
