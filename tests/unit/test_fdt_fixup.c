// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/boot/fdt_fixup on DTBs built by dtc from the .dts files in tests/fixtures
 * and, when tests/fixtures/get-dtbs.sh can fetch them, Debian's real
 * omap3-gta04a*.dtb and omap3-beagle.dtb. Results are read back with libfdt
 * and cross-checked with fdtget. */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <libfdt.h>

#include "tests/unit/helpers.h"
#include "lib/errno.h"
#include "lib/boot/fdt_fixup.h"

static char dir[PATH_MAX + 64];
static char realdir[PATH_MAX + 64];
static uint8_t work[256 * 1024];

static int build_dtbs(void **state)
{
	const char *names[] = { "gta04-mini", "twocell", "bare" };

	snprintf(dir, sizeof(dir), "%s", scratch_dir("fdt"));
	for (int i = 0; i < 3; i++)
		if (sh("dtc -q -I dts -O dtb -o '%s/%s.dtb' '%s/tests/fixtures/%s.dts'", dir,
		       names[i], repo_root(), names[i]))
			return -1;
	/* Real DTBs are optional: the script exits 1 when offline. */
	{
		char cmd[PATH_MAX + 64];
		FILE *p;

		snprintf(cmd, sizeof(cmd), "'%s/tests/fixtures/get-dtbs.sh' 2>/dev/null", repo_root());
		p = popen(cmd, "r");
		if (p) {
			if (!fgets(realdir, sizeof(realdir), p))
				realdir[0] = 0;
			realdir[strcspn(realdir, "\n")] = 0;
			if (pclose(p))
				realdir[0] = 0;
		}
	}
	return 0;
}

static uint8_t *load_dtb(const char *path, size_t *len)
{
	uint8_t *b = slurp(path, len);

	assert_non_null(b);
	return b;
}

static void open_fixture(const char *name)
{
	char path[PATH_MAX * 2];
	const char *why = NULL;
	uint8_t *blob;
	size_t len;

	snprintf(path, sizeof(path), "%s/%s.dtb", dir, name);
	blob = load_dtb(path, &len);
	assert_int_equal(fdtfix_open(work, sizeof(work), blob, len, &why), 0);
	free(blob);
}

static uint32_t cell(const void *p, int i)
{
	return fdt32_to_cpu(((const fdt32_t *)p)[i]);
}

/* Writes the workspace out and asks fdtget for a property. */
static void fdtget_is(const char *path, const char *prop, const char *type, const char *want)
{
	char file[PATH_MAX * 2], out[PATH_MAX * 3], got[512] = "";
	FILE *p;

	snprintf(file, sizeof(file), "%s/out.dtb", dir);
	assert_int_equal(spew(file, work, fdt_totalsize(work)), 0);
	snprintf(out, sizeof(out), "fdtget -t %s '%s' '%s' '%s'", type, file, path, prop);
	p = popen(out, "r");
	assert_non_null(p);
	if (!fgets(got, sizeof(got), p))
		got[0] = 0;
	pclose(p);
	got[strcspn(got, "\n")] = 0;
	assert_string_equal(got, want);
}

static void test_gta04_fixups(void **state)
{
	struct mem_bank bank = { 0x80000000, 512u << 20 };
	const char *why = NULL;
	const void *p;
	uint32_t size;
	int off, len;

	open_fixture("gta04-mini");
	assert_int_equal(fdt_totalsize(work), sizeof(work));
	/* 256 MB found (a GTA04 A3 with less RAM, say). */
	bank.size = 256u << 20;
	assert_int_equal(fdtfix_memory(work, &bank, 1, &why), 0);
	off = fdt_path_offset(work, "/memory@80000000");
	assert_true(off >= 0);
	p = fdt_getprop(work, off, "reg", &len);
	assert_int_equal(len, 8);
	assert_int_equal(cell(p, 0), 0x80000000);
	assert_int_equal(cell(p, 1), 0x10000000);

	assert_int_equal(fdtfix_chosen(work, "console=ttyO2,115200n8 root=/dev/mmcblk0p2",
				       "/ocp/serial@49020000", 0x83000000, 0x83123456, &why), 0);
	off = fdt_path_offset(work, "/chosen");
	assert_string_equal(fdt_getprop(work, off, "bootargs", NULL),
			    "console=ttyO2,115200n8 root=/dev/mmcblk0p2");
	/* The tree's own stdout-path stays. */
	assert_string_equal(fdt_getprop(work, off, "stdout-path", NULL), "serial2:115200n8");
	p = fdt_getprop(work, off, "linux,initrd-start", &len);
	assert_int_equal(len, 4);
	assert_int_equal(cell(p, 0), 0x83000000);
	p = fdt_getprop(work, off, "linux,initrd-end", &len);
	assert_int_equal(cell(p, 0), 0x83123456);

	assert_int_equal(fdtfix_twl4030_bci(work, 3200000, 150, &why), 0);
	off = fdt_node_offset_by_compatible(work, -1, "ti,twl4030-bci");
	p = fdt_getprop(work, off, "ti,bb-uvolt", &len);
	assert_int_equal(len, 4);
	assert_int_equal(cell(p, 0), 3200000);
	p = fdt_getprop(work, off, "ti,bb-uamp", &len);
	assert_int_equal(cell(p, 0), 150);

	assert_int_equal(fdtfix_pack(work, &size, &why), 0);
	assert_int_equal(size, fdt_totalsize(work));
	assert_true(size < 2048);
	assert_int_equal(fdt_check_full(work, size), 0);
	fdtget_is("/ocp/i2c@48070000/twl@48/bci", "ti,bb-uvolt", "u", "3200000");
	fdtget_is("/ocp/i2c@48070000/twl@48/bci", "ti,bb-uamp", "u", "150");
	fdtget_is("/memory@80000000", "reg", "x", "80000000 10000000");
	fdtget_is("/chosen", "linux,initrd-end", "x", "83123456");
}

static void test_no_initrd_removes_stale(void **state)
{
	const char *why;
	int off;

	open_fixture("gta04-mini");
	assert_int_equal(fdtfix_chosen(work, NULL, NULL, 0, 0, &why), 0);
	off = fdt_path_offset(work, "/chosen");
	assert_null(fdt_getprop(work, off, "linux,initrd-start", NULL));
	assert_null(fdt_getprop(work, off, "linux,initrd-end", NULL));
	/* NULL bootargs leaves the tree's. */
	assert_string_equal(fdt_getprop(work, off, "bootargs", NULL), "old");
	assert_int_equal(fdtfix_chosen(work, NULL, NULL, 0x1000, 0x1000, &why), -EINVAL);
	assert_int_equal(fdtfix_chosen(work, NULL, NULL, 0x100000000ull, 0x100001000ull, &why),
			 -ERANGE);
}

static void test_bare_tree_gets_nodes(void **state)
{
	struct mem_bank banks[2] = { { 0x80000000, 0x10000000 }, { 0xa0000000, 0x8000000 } };
	const char *why = NULL;
	const void *p;
	int off, len;

	open_fixture("bare");
	assert_int_equal(fdtfix_memory(work, banks, 2, &why), 0);
	off = fdt_path_offset(work, "/memory@80000000");
	assert_true(off >= 0);
	assert_string_equal(fdt_getprop(work, off, "device_type", NULL), "memory");
	p = fdt_getprop(work, off, "reg", &len);
	assert_int_equal(len, 16);
	assert_int_equal(cell(p, 2), 0xa0000000);
	assert_int_equal(cell(p, 3), 0x8000000);
	assert_int_equal(fdtfix_chosen(work, "quiet", "serial2:115200n8", 0, 0, &why), 0);
	fdtget_is("/chosen", "stdout-path", "s", "serial2:115200n8");
	fdtget_is("/chosen", "bootargs", "s", "quiet");
	assert_int_equal(fdtfix_twl4030_bci(work, 3000000, 150, &why), -ENOENT);
	assert_non_null(strstr(why, "ti,twl4030-bci"));
	assert_int_equal(fdtfix_chosen_u32(work, "gtaboot,bootcount", 3, &why), 0);
	fdtget_is("/chosen", "gtaboot,bootcount", "u", "3");
	/* Out of range for one cell, and bank counts. */
	banks[0].start = 0x100000000ull;
	assert_int_equal(fdtfix_memory(work, banks, 1, &why), -ERANGE);
	assert_int_equal(fdtfix_memory(work, banks, 0, &why), -EINVAL);
	assert_int_equal(fdtfix_memory(work, banks, FDTFIX_MAX_BANKS + 1, &why), -EINVAL);
}

static void test_simplefb(void **state)
{
	struct fdt_simplefb fb = { 0xbfe00000, 480 * 640 * 2, 480, 640, 960, "r5g6b5" };
	const char *why = NULL;

	open_fixture("bare");
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), 0);
	/* again: the node is updated, the reservation not doubled */
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), 0);
	fdtget_is("/chosen/framebuffer@bfe00000", "compatible", "s", "simple-framebuffer");
	fdtget_is("/chosen/framebuffer@bfe00000", "reg", "x", "bfe00000 96000");
	fdtget_is("/chosen/framebuffer@bfe00000", "width", "u", "480");
	fdtget_is("/chosen/framebuffer@bfe00000", "height", "u", "640");
	fdtget_is("/chosen/framebuffer@bfe00000", "stride", "u", "960");
	fdtget_is("/chosen/framebuffer@bfe00000", "format", "s", "r5g6b5");
	/* the pages reserved, out of the linear map, once */
	assert_int_equal(fdt_num_mem_rsv(work), 0);
	fdtget_is("/reserved-memory/framebuffer@bfe00000", "reg", "x", "bfe00000 96000");
	assert_non_null(fdt_getprop(work, fdt_path_offset(work,
			"/reserved-memory/framebuffer@bfe00000"), "no-map", NULL));
	fdtget_is("/reserved-memory", "#address-cells", "u", "1");
	fdtget_is("/reserved-memory", "#size-cells", "u", "1");
	/* /chosen maps its children's reg 1:1 onto the root's, as Linux needs
	 * to translate it */
	fdtget_is("/chosen", "#address-cells", "u", "1");
	fdtget_is("/chosen", "#size-cells", "u", "1");
	{
		int len = -1;

		assert_non_null(fdt_getprop(work, fdt_path_offset(work, "/chosen"), "ranges", &len));
		assert_int_equal(len, 0);
	}
	/* geometry that does not fit, an address beyond one cell */
	fb.stride = 400;
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), -EINVAL);
	fb.stride = 960;
	fb.size = 1000;
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), -EINVAL);
	fb.size = 480 * 640 * 2;
	fb.base = 0x1bfe00000ull;
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), -ERANGE);
	/* two-cell roots get two-cell reg */
	open_fixture("twocell");
	fb.base = 0x1bfe00000ull;
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), 0);
	fdtget_is("/chosen/framebuffer@1bfe00000", "reg", "x", "1 bfe00000 0 96000");
	fdtget_is("/reserved-memory/framebuffer@1bfe00000", "reg", "x", "1 bfe00000 0 96000");
}

/* A /chosen that already says how its children are addressed. */
static void test_simplefb_chosen_bus(void **state)
{
	struct fdt_simplefb fb = { 0xbfe00000, 480 * 640 * 2, 480, 640, 960, "r5g6b5" };
	const char *why = NULL;
	int chosen;

	/* its own two-cell space with an empty ranges: reg in two cells */
	open_fixture("bare");
	chosen = fdt_add_subnode(work, 0, "chosen");
	assert_true(chosen >= 0);
	assert_int_equal(fdt_setprop_u32(work, chosen, "#address-cells", 2), 0);
	assert_int_equal(fdt_setprop_u32(work, chosen, "#size-cells", 2), 0);
	assert_int_equal(fdt_setprop_empty(work, chosen, "ranges"), 0);
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), 0);
	fdtget_is("/chosen/framebuffer@bfe00000", "reg", "x", "0 bfe00000 0 96000");
	/* a ranges that translates: not ours to follow */
	open_fixture("bare");
	chosen = fdt_add_subnode(work, 0, "chosen");
	assert_int_equal(fdt_setprop_u32(work, chosen, "ranges", 0x1000), 0);
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), -EINVAL);
	assert_string_equal(why, "/chosen has a ranges that is not empty");
	/* its own cell counts but no ranges: not redefined */
	open_fixture("bare");
	chosen = fdt_add_subnode(work, 0, "chosen");
	assert_int_equal(fdt_setprop_u32(work, chosen, "#address-cells", 2), 0);
	assert_int_equal(fdtfix_simplefb(work, &fb, &why), -EINVAL);
	assert_string_equal(why, "/chosen has cell counts of its own and no ranges");
}

static void test_two_cells(void **state)
{
	struct mem_bank bank = { 0x80000000, 0x20000000 };
	const char *why = NULL;
	const void *p;
	int off, len;

	open_fixture("twocell");
	assert_int_equal(fdtfix_memory(work, &bank, 1, &why), 0);
	/* One memory node left, with 2+2 cells. */
	off = fdt_node_offset_by_prop_value(work, -1, "device_type", "memory", 7);
	assert_true(off >= 0);
	assert_int_equal(fdt_node_offset_by_prop_value(work, off, "device_type", "memory", 7),
			 -FDT_ERR_NOTFOUND);
	p = fdt_getprop(work, off, "reg", &len);
	assert_int_equal(len, 16);
	assert_int_equal(cell(p, 0), 0);
	assert_int_equal(cell(p, 1), 0x80000000);
	assert_int_equal(cell(p, 3), 0x20000000);
	assert_int_equal(fdtfix_chosen(work, "x", NULL, 0x123456789ull, 0x223456789ull, &why), 0);
	off = fdt_path_offset(work, "/chosen");
	p = fdt_getprop(work, off, "linux,initrd-start", &len);
	assert_int_equal(len, 8);
	assert_int_equal(cell(p, 0), 1);
	assert_int_equal(cell(p, 1), 0x23456789);
}

static void test_corrupt_and_truncated(void **state)
{
	char path[PATH_MAX * 2];
	const char *why = NULL;
	uint8_t *blob;
	size_t len;

	snprintf(path, sizeof(path), "%s/gta04-mini.dtb", dir);
	blob = load_dtb(path, &len);
	/* Truncated: shorter than its header says, or than a header. */
	assert_int_equal(fdtfix_open(work, sizeof(work), blob, len - 1, &why), -EBADMSG);
	assert_string_equal(why, fdt_strerror(-FDT_ERR_TRUNCATED));
	assert_int_equal(fdtfix_open(work, sizeof(work), blob, 20, &why), -EBADMSG);
	/* Bad magic. */
	blob[0] ^= 0xff;
	assert_int_equal(fdtfix_open(work, sizeof(work), blob, len, &why), -EBADMSG);
	assert_string_equal(why, fdt_strerror(-FDT_ERR_BADMAGIC));
	blob[0] ^= 0xff;
	/* A broken structure block: a bad token right after the root. */
	{
		uint32_t off_struct = fdt_off_dt_struct(blob);

		blob[off_struct + 8 + 3] = 0x7;
		assert_int_equal(fdtfix_open(work, sizeof(work), blob, len, &why), -EBADMSG);
		assert_non_null(why);
	}
	free(blob);
	blob = load_dtb(path, &len);
	/* A workspace too small to hold it. */
	assert_int_equal(fdtfix_open(work, len - 8, blob, len, &why), -ENOSPC);
	assert_string_equal(why, fdt_strerror(-FDT_ERR_NOSPACE));
	/* Too small to grow: the fix-up says so with libfdt's words. */
	assert_int_equal(fdtfix_open(work, len, blob, len, &why), 0);
	{
		static char args[4096];

		memset(args, 'a', sizeof(args) - 1);
		assert_int_equal(fdtfix_chosen(work, args, NULL, 0, 0, &why), -ENOSPC);
		assert_string_equal(why, fdt_strerror(-FDT_ERR_NOSPACE));
	}
	/* In place: blob and workspace the same buffer. */
	{
		uint8_t *big = calloc(1, 65536);

		memcpy(big, blob, len);
		assert_int_equal(fdtfix_open(big, 65536, big, len, &why), 0);
		assert_int_equal(fdt_totalsize(big), 65536);
		free(big);
	}
	free(blob);
}

/* Debian's kernel DTBs: every GTA04 revision and the BeagleBoard. */
static void test_real_dtbs(void **state)
{
	const char *names[] = { "omap3-gta04a3", "omap3-gta04a4", "omap3-gta04a5",
				"omap3-gta04a5one", "omap3-beagle" };
	struct mem_bank bank = { 0x80000000, 512u << 20 };

	if (!realdir[0])
		skip();
	for (int i = 0; i < 5; i++) {
		char path[PATH_MAX * 2];
		const char *why = NULL;
		uint8_t *blob;
		uint32_t size;
		size_t len;
		int off, ret;

		snprintf(path, sizeof(path), "%s/%s.dtb", realdir, names[i]);
		blob = slurp(path, &len);
		if (!blob)
			continue;
		assert_int_equal(fdtfix_open(work, sizeof(work), blob, len, &why), 0);
		assert_int_equal(fdtfix_memory(work, &bank, 1, &why), 0);
		assert_int_equal(fdtfix_chosen(work, "console=ttyO2,115200n8", "serial2:115200n8",
					       0x83000000, 0x83400000, &why), 0);
		ret = fdtfix_twl4030_bci(work, 3200000, 150, &why);
		assert_int_equal(ret, 0);
		assert_int_equal(fdtfix_pack(work, &size, &why), 0);
		assert_int_equal(fdt_check_full(work, size), 0);
		fdtget_is("/memory@80000000", "reg", "x", "80000000 20000000");
		off = fdt_path_offset(work, "/chosen");
		/* GTA04 trees name their console; Beagle's gets ours. */
		if (strstr(names[i], "gta04"))
			assert_string_equal(fdt_getprop(work, off, "stdout-path", NULL),
					    "/ocp@68000000/serial@49020000");
		else
			assert_string_equal(fdt_getprop(work, off, "stdout-path", NULL),
					    "serial2:115200n8");
		off = fdt_node_offset_by_compatible(work, -1, "ti,twl4030-bci");
		assert_int_equal(fdt32_to_cpu(*(const fdt32_t *)fdt_getprop(work, off,
							"ti,bb-uvolt", NULL)), 3200000);
		free(blob);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gta04_fixups),
		cmocka_unit_test(test_no_initrd_removes_stale),
		cmocka_unit_test(test_bare_tree_gets_nodes),
		cmocka_unit_test(test_simplefb),
		cmocka_unit_test(test_simplefb_chosen_bus),
		cmocka_unit_test(test_two_cells),
		cmocka_unit_test(test_corrupt_and_truncated),
		cmocka_unit_test(test_real_dtbs),
	};

	return cmocka_run_group_tests(tests, build_dtbs, NULL);
}
