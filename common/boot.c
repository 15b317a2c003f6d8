// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fallback chain: extlinux.conf's DEFAULT, its other labels in order,
 * the default file names, then the NAND's kernel partition; and the
 * console's boot of what is already in memory. Every failure is printed by
 * name and the next entry is tried. Finding entries is boot_entries.c,
 * loading them boot_image.c, the hand-off boot_handoff.c.
 */
#include <libfdt.h>

#include "board/board.h"
#include "common/boot_internal.h"
#include "common/boot_nand.h"
#include "common/bootcount.h"
#include "common/cli.h"
#include "common/escape.h"
#include "common/memcheck.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/string.h"
#include "lib/boot/image.h"
#include "lib/printf.h"

/* The boot count the chain started with (-1: not counting), for altboot. */
static int chain_next = -1;

int boot_memory(uint32_t kaddr, bool is_uimage, uint32_t iaddr, uint32_t isize, uint32_t faddr,
		const char *bootargs)
{
	struct image_info info;
	const char *why = NULL;
	uint32_t entry, istart = 0, iend = 0, flen, klen;
	int err;

	/* Every image is a window first, so that a uImage payload moved to
	 * its load address cannot land on the initrd or the DTB. */
	mem_windows_reset();
	if (mem_check_free("fdt", faddr, 40))
		return -EINVAL;
	flen = fdt_totalsize((const void *)(uintptr_t)faddr);
	if (flen < 40 || flen > FDT_MAX) {
		pr_err("ERROR: Did not find a cmdline Flattened Device Tree\n"
		       "Could not find a valid device tree\n");
		pr_err("fdt: no device tree at 0x%08x (totalsize %u)\n", (unsigned)faddr,
		       (unsigned)flen);
		return -EINVAL;
	}
	err = mem_window_claim("fdt", faddr, flen + FDT_HEADROOM);
	if (!err && isize)
		err = mem_window_claim("initrd", iaddr, isize);
	if (err)
		return err;
	/* The kernel's length is in its header; a bad header is named by
	 * boot_check_kernel below. */
	klen = sys_ram_end() - kaddr;
	if (mem_check_free("kernel", kaddr, 64))
		return -EINVAL;
	if (klen > 0x4000000)
		klen = 0x4000000;
	if (!image_check_kernel((const void *)(uintptr_t)kaddr, klen, false, &info, &why)) {
		klen = info.offset + info.size;
		err = mem_window_claim("kernel", kaddr, klen);
	}
	if (!err)
		err = boot_check_kernel(kaddr, klen, is_uimage, &entry);
	if (!err && isize)
		err = boot_check_initrd(iaddr, isize, &istart, &iend);
	if (!err)
		err = boot_fixup_fdt(faddr, flen, boot_cmdline(bootargs, CMDLINE_NONE_DTB), istart,
				     iend, &flen);
	if (err)
		return err;
	boot_handoff(entry, faddr, flen);
}

int boot_fdt_for_bootm(uint32_t *faddr)
{
	uint32_t a = var_addr("fdt_addr_r", FDT_ADDR_R);
	char path[96];
	uint32_t len;
	int err;

	/* U-Boot would pass no device tree; gtaboot patches one, so it takes
	 * the one at fdt_addr_r, else the board's from the boot partition. */
	if (!mem_check_free("fdt", a, 40) && !fdt_check_header((const void *)(uintptr_t)a)) {
		printf("bootm: no fdt given: using the device tree at fdt_addr_r 0x%08x\n",
		       (unsigned)a);
		*faddr = a;
		return 0;
	}
	printf("bootm: no fdt given and none at fdt_addr_r 0x%08x: loading the board's %s\n",
	       (unsigned)a, sys_dtb_name());
	err = boot_default_fdt_path(path, sizeof(path));
	if (!err) {
		mem_windows_reset();
		err = boot_load_file("fdt", path, a, FDT_HEADROOM, &len);
	}
	if (err)
		return err;
	*faddr = a;
	return 0;
}

/* Load and start kernel/initrd/fdt paths (NULL initrd: none). */
static int boot_files(const char *kernel, const char *initrd, const char *fdtpath,
		      const char *append)
{
	uint32_t kaddr = var_addr("kernel_addr_r", KERNEL_ADDR_R);
	uint32_t faddr = var_addr("fdt_addr_r", FDT_ADDR_R);
	uint32_t iaddr = var_addr("ramdisk_addr_r", RAMDISK_ADDR_R);
	uint32_t klen, ilen, flen, entry, istart = 0, iend = 0;
	int err;

	/* DTB and initrd first, the kernel last: what the console says about
	 * them then leaves the UART while the kernel loads, and the hand-off
	 * follows the kernel's last block (docs/performance.md). */
	mem_windows_reset();
	err = boot_load_file("fdt", fdtpath, faddr, FDT_HEADROOM, &flen);
	if (!err && flen > FDT_MAX) {
		pr_err("fdt: %s is %u bytes: too large for a device tree\n", fdtpath, (unsigned)flen);
		err = -EFBIG;
	}
	if (!err && initrd) {
		err = boot_load_file("initrd", initrd, iaddr, 0, &ilen);
		if (!err)
			err = boot_check_initrd(iaddr, ilen, &istart, &iend);
	}
	if (!err)
		err = boot_fixup_fdt(faddr, flen, boot_cmdline(append, CMDLINE_NONE_DTB), istart,
				     iend, &flen);
	if (!err)
		err = boot_load_file("kernel", kernel, kaddr, 0, &klen);
	if (!err)
		err = boot_check_kernel(kaddr, klen, false, &entry);
	if (err)
		return err;
	boot_handoff(entry, faddr, flen);
}

int boot_label(unsigned idx)
{
	const struct extlinux_conf *conf = boot_conf();
	const struct extlinux_label *l;
	char kernel[EXTLINUX_PATH_MAX], initrd[EXTLINUX_PATH_MAX], fdtpath[EXTLINUX_PATH_MAX + 64];
	int err;

	if (!conf || idx >= conf->nlabels)
		return -ENOENT;
	l = &conf->labels[idx];
	printf("Booting '%s'\n", esc(l->menu[0] ? l->menu : l->name));
	if (!l->kernel[0]) {
		printf("boot: label '%s' names no KERNEL\n", esc(l->name));
		return -EINVAL;
	}
	err = boot_label_paths(l, kernel, initrd, fdtpath, sizeof(fdtpath));
	if (err)
		return err;
	return boot_files(kernel, initrd[0] ? initrd : NULL, fdtpath, l->append);
}

/* zImage or uImage, in / or /boot, with the board's DTB. */
static int boot_default_names(void)
{
	const char *kernel, *initrd;
	char fdtpath[96];
	int err = boot_default_paths(&kernel, &initrd, fdtpath, sizeof(fdtpath));

	if (err)
		return err;
	printf("Booting default files\n");
	return boot_files(kernel, initrd, fdtpath, NULL);
}

/* Without bootargs and with no command line in its DTB, the NAND's
 * kernel gets the board's own (console, the UBIFS root), as Letux's
 * nandargs would give it: an empty one leaves Linux without its root. */
static const char *nand_cmdline(uint32_t faddr)
{
	static char line[160];
	const void *fdt = (const void *)(uintptr_t)faddr;
	const char *con = var_get("console");

	if (var_get("bootargs") || !board_env.nand_root ||
	    fdt_getprop(fdt, fdt_path_offset(fdt, "/chosen"), "bootargs", NULL))
		return NULL;
	snprintf(line, sizeof(line), "console=%s %s", con ? con : board_env.linux_console,
		 board_env.nand_root);
	printf("boot: no command line given: the board's for its NAND\n");
	return line;
}

/* The kernel and DTB stored raw in the NAND's kernel partition. */
static int boot_nand(void)
{
	uint32_t kaddr = var_addr("kernel_addr_r", KERNEL_ADDR_R);
	uint32_t faddr = var_addr("fdt_addr_r", FDT_ADDR_R);
	uint32_t entry, flen;
	struct nand_img k, f;
	struct nand_chip *c;
	int err;

	if (!board.nand_kernel_size) {
		printf("boot: this board keeps no kernel in NAND\n");
		return -ENOENT;
	}
	c = storage_nand(&err);
	if (!c) {
		pr_warn("boot: no NAND (%s)\n", errname(err));
		return err;
	}
	mem_windows_reset();
	err = mem_window_claim("kernel", kaddr, board.nand_kernel_size);
	if (!err)
		err = mem_window_claim("fdt", faddr, FDT_MAX);
	if (err)
		return err;
	printf("Booting from NAND (kernel partition at 0x%x)\n", (unsigned)board.nand_kernel_off);
	err = nand_load_boot_images(c, board.nand_kernel_off, board.nand_kernel_size, kaddr,
				    board.nand_kernel_size, faddr, FDT_MAX - FDT_HEADROOM, &k, &f);
	if (err) {
		printf("boot: NAND kernel partition: %s\n",
		       err == -ENOENT ? "no kernel found" : errname(err));
		return err;
	}
	printf("kernel  nand 0x%08x -> 0x%08x, %u bytes\n", (unsigned)k.nand_off, (unsigned)kaddr,
	       (unsigned)k.size);
	if (!f.found) {
		printf("boot: NAND kernel partition holds no device tree\n");
		return -ENOENT;
	}
	printf("fdt     nand 0x%08x -> 0x%08x, %u bytes\n", (unsigned)f.nand_off, (unsigned)faddr,
	       (unsigned)f.size);
	err = boot_check_kernel(kaddr, k.size, false, &entry);
	if (!err)
		err = boot_fixup_fdt(faddr, f.size,
				     boot_cmdline(nand_cmdline(faddr), CMDLINE_NONE_DTB), 0, 0, &flen);
	if (err)
		return err;
	boot_handoff(entry, faddr, flen);
}

int boot_count_next(void)
{
	/* Counting is opt-in, as in U-Boot: only a set bootlimit (environment or
	 * /uEnv.txt; 0 counts without a limit) lets gtaboot touch the TWL4030's
	 * backup registers, which other software may own. upgrade_available=0
	 * stops it, as it stops U-Boot's environment-kept counter (RAUC and
	 * SWUpdate set it while an update is on trial). */
	const char *up = var_get("upgrade_available");
	int count;

	if (!var_get("bootlimit") || (up && !strcmp(up, "0")))
		return -1;
	count = bootcount_read();
	return count >= 0 ? count + 1 : -1;
}

void boot_chain_begin(void)
{
	int next = boot_count_next();

	chain_next = next;
	boot_count_set(next);
	if (next >= 0)
		printf("boot: boot count %d, limit %lu\n", next, var_num("bootlimit", 0));
}

int boot_extlinux_chain(void)
{
	const struct extlinux_conf *conf = boot_conf();
	unsigned long limit = var_num("bootlimit", 0);
	int first, next = chain_next, err = -ENOENT;

	if (!conf)
		return -ENOENT;
	first = extlinux_default(conf);
	if (conf->default_label[0] && boot_find_label(conf->default_label) < 0 && first >= 0)
		printf("boot: DEFAULT '%s' names no label; starting with '%s'\n",
		       esc(conf->default_label), esc(conf->labels[first].name));
	if (limit && next > (int)limit) {
		const char *alt = var_get("altboot");
		int a = boot_find_label(alt);

		if (a >= 0) {
			printf("boot: boot count %d exceeds bootlimit %lu: booting altboot '%s'\n",
			       next, limit, esc(alt));
			first = a;
		} else {
			printf("boot: boot count %d exceeds bootlimit %lu, but altboot '%s' "
			       "names no label\n", next, limit, esc(alt));
		}
	}
	if (first >= 0) {
		err = boot_label((unsigned)first);
		pr_err("boot: label '%s' failed (%s); trying the next entry\n",
		       esc(conf->labels[first].name), errname(err));
	}
	for (unsigned i = 0; i < conf->nlabels; i++) {
		if ((int)i == first)
			continue;
		err = boot_label(i);
		pr_err("boot: label '%s' failed (%s); trying the next entry\n",
		       esc(conf->labels[i].name), errname(err));
	}
	printf("boot: no extlinux label booted; trying the default file names\n");
	return err;
}

int boot_default_files(void)
{
	int err;

	if (!boot_fs()) {
		printf("boot: nothing to boot from on mmc1; trying NAND\n");
		return -ENODEV;
	}
	err = boot_default_names();
	pr_err("boot: default files failed (%s); trying NAND\n", errname(err));
	return err;
}

/* The boot script Letux's flashing leaves in NAND, read and run as
 * Letux's bootcmd does (`nand read ${scriptaddr} 1b0000 40000`, then
 * `source ${scriptaddr}`; docs/references.md, "Letux's NAND boot"). */
#define NAND_SCRIPT_MAX 0x40000u

int boot_nand_script(void)
{
	uint32_t addr = var_addr("scriptaddr", SCRIPT_ADDR), off = board_env.nand_script_off;
	char *const argv[] = { "source", NULL };
	struct nand_chip *c;
	uint32_t size;
	int err;

	if (!off)
		return -ENOENT;
	c = storage_nand(&err);
	if (!c)
		return err;
	mem_windows_reset();
	err = mem_window_claim("script", addr, NAND_SCRIPT_MAX);
	if (!err)
		err = nand_load_script(c, off, NAND_SCRIPT_MAX, addr, &size);
	if (err == -ENOENT) {
		printf("boot: no boot script in NAND at 0x%x\n", (unsigned)off);
		return err;
	}
	if (err) {
		pr_err("boot: NAND boot script at 0x%x: %s\n", (unsigned)off, errname(err));
		return err;
	}
	printf("Running bootscript from NAND at 0x%x ...\n", (unsigned)off);
	err = cmd_source_at(argv, addr);
	printf("boot: NAND boot script ended (%s); trying the kernel partition\n",
	       err ? errname(err) : "no boot");
	return err;
}

int boot_nand_partition(void)
{
	int err = boot_nand();

	pr_err("boot: nothing booted (%s)\n", errname(err));
	return err;
}

int boot_default_chain(void)
{
	boot_chain_begin();
	boot_extlinux_chain();
	boot_default_files();
	boot_nand_script();
	return boot_nand_partition();
}
