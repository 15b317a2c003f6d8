#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs U-Boot's own test/py, unmodified, against gtaboot in the simulator:
#   UBOOT_SRC=/path/to/u-boot tools/testpy/run.sh [BOARD=gta04] [pytest args] [test files]
# e.g. tools/testpy/run.sh -ra $UBOOT_SRC/test/py/tests/test_mmc.py; without a
# test file, the files of tools/testpy/tests.txt. Needs make sim and
# make BOARD=gta04 first. The build directory test/py reads is
# build/testpy-<board> (TESTPY_BUILD overrides); docs/uboot-compat.md,
# "U-Boot's test/py", says what the hooks here adapt and why.
set -eu
: "${UBOOT_SRC:?set UBOOT_SRC to a U-Boot source tree}"
UBOOT_SRC=$(cd "$UBOOT_SRC" && pwd)
board=gta04
case "${1:-}" in BOARD=*) board=${1#BOARD=}; shift ;; esac
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${TESTPY_BUILD:-$root/build/testpy-$board}
mkdir -p "$build"
build=$(cd "$build" && pwd)
# TESTPY_SETUP=no: the build directory is there already (one setup for
# several runs, as tests/system/test_uboot_testpy.py does)
[ "${TESTPY_SETUP:-yes}" = no ] || /usr/bin/python3 "$here/setup.py" --board "$board" "$build"
# pytest as test/py's test.py calls it (--tb=short), on the files of
# tests.txt unless a test path is given; from the build directory: a test
# that runs make (test_cleanup_build) must not find gtaboot's Makefile.
# The hooks by name on PATH (u-boot-test-hooks' way), the generated
# boardenv module on PYTHONPATH; nothing is written into the U-Boot tree.
tests=$UBOOT_SRC/test/py/tests
paths=
n=$#
for a in "$@"; do
	case "$a" in
	*.py|*.py::*)
		# test paths made absolute: pytest runs from the build directory
		paths=yes
		f=${a%%::*}
		[ ! -e "$f" ] || a="$(cd "$(dirname "$f")" && pwd)/$(basename "$f")${a#"$f"}" ;;
	esac
	set -- "$@" "$a"
done
shift "$n"
set -- --tb=short "$@"
while read -r f rest; do
	case "$f" in
	'#'*|'') ;;
	-) set -- "$@" --deselect "tests/${rest%% *}" ;;
	*) [ -n "$paths" ] || set -- "$@" "$tests/$f" ;;
	esac
done < "$here/tests.txt"
cd "$build"
PATH="$here:$PATH" PYTHONPATH="$build${PYTHONPATH:+:$PYTHONPATH}" PYTHONDONTWRITEBYTECODE=1 \
	exec /usr/bin/python3 -m pytest -p no:cacheprovider -c "$UBOOT_SRC/test/py/pytest.ini" \
	"$@" --bd "gtaboot_$board" --build-dir "$build"
