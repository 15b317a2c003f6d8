#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Installs the Debian packages gtaboot needs to build, run and test. Idempotent:
# packages already present are not fetched again. Needs root (or sudo).
set -euo pipefail

pkgs=(gcc-arm-none-eabi libnewlib-arm-none-eabi make gcc libc6-dev pkg-config git
      libfdt-dev device-tree-compiler libunicorn-dev libcmocka-dev
      python3 python3-pytest python3-pytest-xdist mtools dosfstools fdisk u-boot-tools lrzsz clang zopfli
      e2fsprogs u-boot-menu libtcmalloc-minimal4 curl
      libpng-dev libusbredirparser-dev libusb-1.0-0-dev console-setup-linux libubootenv-tool python3-labgrid)

SUDO=
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi

# U-Boot's own test/py (tools/testpy, docs/uboot-compat.md) imports filelock.
pkgs+=(python3-filelock)

# The USB host of issue #25 (docs/usb.md): QEMU for the guest
# tools/mkusbhost.sh builds, and the host's own dfu-util and lsusb.
pkgs+=(qemu-system-x86 dfu-util usbutils)

# Debian's LAVA dispatcher (lava-run runs a job without a server) and the
# telnet client docs/labs.md's device dictionary connects with
# (tests/system/test_lava.py); LAVA's device-type templates come from
# lava-server's package, unpacked by tools/fetch-debs.sh.
pkgs+=(lava-dispatcher telnet)

# loadb's real Kermit peer (tests/system/test_loadb.py).
pkgs+=(gkermit)

# grub-mkimage, which makes a GRUB EFI image from Debian's arm-efi modules
# for the PE loader's unit test (tests/unit/test_efi_pe.c).
pkgs+=(grub-common)

# pefile, with which tools/mkuki.py reads Debian's systemd-stub and checks
# the unified kernel image it makes (tests/system/test_efi_uki.py).
pkgs+=(python3-pefile)

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The ARM libfdt.a comes from libfdt-dev:armhf, which conflicts with the host
# libfdt-dev, so it is downloaded and unpacked into the build tree instead.
if ! dpkg --print-foreign-architectures | grep -qx armhf; then
	$SUDO dpkg --add-architecture armhf
	updated=no
fi
if [ ${#missing[@]} -ne 0 ] || [ "${updated:-}" = no ]; then
	# A mirror in mid-sync fails one index now and then ("File has
	# unexpected size"); apt then keeps the old lists. Try again, and go on
	# with what apt has: a package that is really missing fails below.
	$SUDO apt-get update -qq || { sleep 10; $SUDO apt-get update -qq; } ||
		echo "install-deps: apt-get update failed; going on with the lists apt has" >&2
fi
if [ ${#missing[@]} -ne 0 ]; then
	echo "install-deps: installing ${missing[*]}"
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
exec "$(dirname "$0")/fetch-debs.sh"
