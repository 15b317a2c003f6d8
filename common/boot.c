// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The boot flow: the SD card's boot partition, extlinux.conf or the default
 * file names, loading into declared SDRAM windows, the device tree fix-ups
 * and the hand-off (Documentation/arch/arm/booting.rst). Every failure is
 * printed by name and the next entry is tried.
 */
#include "common/boot.h"

#include <libfdt.h>
#include <stdarg.h>

#include "board/board.h"
#include "common/bootcount.h"
#include "common/console.h"
#include "common/display.h"
#include "common/memcheck.h"
#include "common/storage.h"
#include "common/sys.h"
#include "common/vars.h"
#include "arch/arm/omap3/gpmc_nand.h"
#include "drivers/mtd/nand_boot.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/fdt_fixup.h"
#include "lib/image.h"
#include "lib/part.h"
#include "lib/printf.h"
#include "lib/string.h"

void linux_jump(uint32_t entry, uint32_t machid, uint32_t dtb) __attribute__((noreturn));

#define CONF_MAX 0x10000u   /* extlinux.conf larger than 64 KiB is refused */

static struct blockdev bootpart;
static struct fat_fs fs;
static bool fs_ok;
static struct extlinux_conf *conf;
static bool conf_ok;
static const char *conf_path;

/* The count this boot will store if it reaches the hand-off; -1: none. */
static int next_bootcount = -1;
static char cmdline[EXTLINUX_APPEND_MAX + 24];

static const char *const conf_paths[] = {
	"/extlinux/extlinux.conf",
	"/boot/extlinux/extlinux.conf",
};

struct fat_fs *boot_fs(void)
{
	return fs_ok ? &fs : NULL;
}

const struct extlinux_conf *boot_conf(void)
{
	return conf_ok ? conf : NULL;
}

static void fat_log(const char *fmt, ...)
{
	va_list ap;

	printf("fat: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static void conf_warn(void *arg, unsigned line, const char *msg, const char *word)
{
	printf("%s:%u: %s%s%s\n", (const char *)arg, line, msg, word && *word ? ": " : "",
	       word ? word : "");
}

static int read_conf(void)
{
	char *text = scratch_alloc(CONF_MAX);
	struct fat_stat st;
	uint32_t len;
	int err;

	conf = scratch_alloc(sizeof(*conf));
	if (!text || !conf)
		return -ENOMEM;
	for (unsigned i = 0; i < sizeof(conf_paths) / sizeof(conf_paths[0]); i++) {
		err = fat_stat(&fs, conf_paths[i], &st);
		if (err == -ENOENT || err == -ENOTDIR)
			continue;
		if (!err)
			err = fat_read(&fs, conf_paths[i], text, CONF_MAX, &len);
		if (err) {
			printf("boot: cannot read %s (%s)\n", conf_paths[i], errname(err));
			continue;
		}
		conf_path = conf_paths[i];
		extlinux_parse(conf, text, len, conf_warn, (void *)conf_path);
		printf("boot: %s, %u label%s\n", conf_path, conf->nlabels,
		       conf->nlabels == 1 ? "" : "s");
		conf_ok = conf->nlabels > 0;
		if (!conf_ok)
			printf("boot: %s has no LABEL: using the default file names\n", conf_path);
		return 0;
	}
	return -ENOENT;
}

static void env_warn(void *arg, unsigned line, const char *why)
{
	printf("%s:%u: %s: line ignored\n", (const char *)arg, line, why);
}

/* Variables from /uEnv.txt (U-Boot's convention) or /boot/uEnv.txt:
 * bootargs, bootdelay, bootlimit, altboot ... gtaboot keeps no other
 * persistent environment. */
static void read_uenv(void)
{
	static const char *const paths[] = { "/uEnv.txt", "/boot/uEnv.txt" };
	const uint32_t max = 0x1000;
	char *text = scratch_alloc(max);
	uint32_t len;
	int n;

	for (unsigned i = 0; text && i < sizeof(paths) / sizeof(paths[0]); i++) {
		int err = fat_read(&fs, paths[i], text, max, &len);

		if (err == -ENOENT || err == -ENOTDIR)
			continue;
		if (err) {
			printf("boot: cannot read %s (%s)\n", paths[i], errname(err));
			return;
		}
		n = env_import(&sysenv, text, len, env_warn, (void *)paths[i]);
		printf("boot: %s: %d variable%s\n", paths[i], n, n == 1 ? "" : "s");
		return;
	}
}

int boot_scan(void)
{
	struct blockdev *mmc = storage_mmc1();
	void *work;
	uint8_t *sector;
	int err;

	fs_ok = conf_ok = false;
	if (!mmc)
		return -ENODEV;
	sector = scratch_alloc(BLOCK_SIZE);
	work = scratch_alloc(FAT_WORK_SIZE);
	if (!sector || !work)
		return -ENOMEM;
	err = part_open_boot(mmc, sector, &bootpart, "mmc1p");
	if (err < 0) {
		printf("boot: no boot partition on mmc1 (%s)\n", errname(err));
		return err;
	}
	err = fat_mount(&fs, &bootpart, work, FAT_WORK_SIZE, fat_log);
	if (err) {
		printf("boot: mmc1 partition %d is not a usable FAT file system (%s)\n", err + 1,
		       errname(err));
		return err;
	}
	fs_ok = true;
	read_uenv();
	read_conf();
	return 0;
}

unsigned boot_delay_ms(void)
{
	if (conf_ok && conf->has_timeout)
		return conf->timeout * 100;
	return (unsigned)var_num("bootdelay", 1) * 1000;
}

/* Load path to addr, declaring its window first. *size gets the bytes. */
static int load_file(const char *what, const char *path, uint32_t addr, uint32_t extra,
		     uint32_t *size)
{
	struct fat_stat st;
	uint64_t t0;
	uint32_t us, len;
	int err;

	err = fat_stat(&fs, path, &st);
	if (err) {
		printf("%s: %s: %s\n", what, path, err == -ENOENT ? "not found" : errname(err));
		return err;
	}
	if (st.is_dir) {
		printf("%s: %s is a directory\n", what, path);
		return -EISDIR;
	}
	err = mem_window_claim(what, addr, st.size + extra);
	if (err)
		return err;
	t0 = timer_us();
	display_progress_begin(path, st.size);
	err = fat_read(&fs, path, (void *)(uintptr_t)addr, st.size, &len);
	display_progress_end(!err);
	us = (uint32_t)(timer_us() - t0);
	if (err) {
		printf("%s: reading %s failed (%s)\n", what, path, errname(err));
		return err;
	}
	printf("%-7s %s -> 0x%08x, %u bytes, %u.%03u ms\n", what, path, (unsigned)addr,
	       (unsigned)len, (unsigned)(us / 1000), (unsigned)(us % 1000));
	*size = len;
	return 0;
}

static void print_why(const char *what, int err, const char *why)
{
	printf("%s: %s (%s)\n", what, why ? why : "refused", errname(err));
}

static int chosen_u32(void *fdt, const char *name, uint32_t v, const char **why)
{
	int off = fdt_path_offset(fdt, "/chosen");

	if (off >= 0)
		off = fdt_setprop_u32(fdt, off, name, v);
	if (off < 0) {
		*why = fdt_strerror(off);
		return off == -FDT_ERR_NOSPACE ? -ENOSPC : -EINVAL;
	}
	return 0;
}

/* Patch the DTB at faddr in place (it has FDT_HEADROOM behind it). */
static int fixup_fdt(uint32_t faddr, uint32_t flen, const char *bootargs, uint32_t istart,
		     uint32_t iend, uint32_t *newlen)
{
	void *fdt = (void *)(uintptr_t)faddr;
	struct mem_bank banks[2];
	unsigned nbanks = 0;
	const char *why = NULL;
	int err;

	/* booting.rst: the DTB must sit on an 8-byte boundary. */
	if (faddr & 7) {
		printf("fdt: 0x%08x is not 8-byte aligned, as the kernel requires: change "
		       "fdt_addr_r\n", (unsigned)faddr);
		return -EINVAL;
	}
	for (int cs = 0; cs < 2; cs++) {
		if (sys.dram.size[cs])
			banks[nbanks++] = (struct mem_bank){ sys.dram.base[cs], sys.dram.size[cs] };
	}
	err = fdtfix_open(fdt, flen + FDT_HEADROOM, fdt, flen, &why);
	if (!err)
		err = fdtfix_memory(fdt, banks, nbanks, &why);
	if (!err)
		err = fdtfix_chosen(fdt, bootargs, "serial2:115200n8", istart, iend, &why);
	if (!err && next_bootcount >= 0)
		err = chosen_u32(fdt, "gtaboot,bootcount", (uint32_t)next_bootcount, &why);
	if (err) {
		print_why("fdt", err, why);
		return err;
	}
	if (board.bb_uvolt) {
		err = fdtfix_twl4030_bci(fdt, board.bb_uvolt, board.bb_uamp, &why);
		if (err == -ENOENT)
			printf("fdt: no ti,twl4030-bci node: backup-battery values not passed on\n");
		else if (err) {
			print_why("fdt", err, why);
			return err;
		}
	}
	err = display_fdt(fdt, &why);
	if (err) {
		print_why("fdt: simple-framebuffer", err, why);
		return err;
	}
	if (board.fixup_fdt) {
		err = board.fixup_fdt(fdt, sys.board_rev);
		if (err) {
			printf("fdt: board fix-up failed (%s)\n", errname(err));
			return err;
		}
	}
	err = fdtfix_pack(fdt, newlen, &why);
	if (err)
		print_why("fdt", err, why);
	return err;
}

static int check_kernel(uint32_t kaddr, uint32_t klen, bool want_uimage, uint32_t *entry)
{
	struct image_info info;
	const char *why = NULL;
	int err = image_check_kernel((const void *)(uintptr_t)kaddr, klen, true, &info, &why);

	if (err) {
		print_why("kernel", err, why);
		return err;
	}
	if (want_uimage && info.kind != IMAGE_UIMAGE) {
		printf("kernel: not a uImage at 0x%08x\n", (unsigned)kaddr);
		return -EINVAL;
	}
	if (info.kind == IMAGE_ZIMAGE) {
		*entry = kaddr;
		return 0;
	}
	/* A legacy uImage runs at its load address: move the payload there
	 * unless it already is (mkimage -a with the load address we used). */
	printf("kernel: uImage '%s', load 0x%08x, entry 0x%08x\n", info.name,
	       (unsigned)info.load, (unsigned)info.entry);
	if (info.load != kaddr + info.offset) {
		/* The payload moves: from now on its window is where it runs,
		 * so the initrd and the DTB loaded next cannot land on it. The
		 * file's window was the only one claimed so far. */
		mem_windows_reset();
		err = mem_window_claim("kernel", info.load, info.size);
		if (err)
			return err;
		memmove((void *)(uintptr_t)info.load, (const void *)(uintptr_t)(kaddr + info.offset),
			info.size);
	}
	if (info.entry < info.load || info.entry >= info.load + info.size) {
		printf("kernel: uImage entry 0x%08x lies outside its image\n", (unsigned)info.entry);
		return -EINVAL;
	}
	*entry = info.entry;
	return 0;
}

static int check_initrd(uint32_t iaddr, uint32_t ilen, uint32_t *start, uint32_t *end)
{
	struct image_info info;
	const char *why = NULL;
	int err = image_check_initrd((const void *)(uintptr_t)iaddr, ilen, true, &info, &why);

	if (err) {
		print_why("initrd", err, why);
		return err;
	}
	*start = iaddr + info.offset;
	*end = *start + info.size;
	return 0;
}

static int handoff(uint32_t entry, uint32_t faddr, uint32_t flen)
{
	if (next_bootcount >= 0 && bootcount_write((unsigned)next_bootcount))
		printf("warning: boot counter not stored\n");
	printf("Starting kernel at 0x%08x, DTB at 0x%08x (%u bytes)\n\n", (unsigned)entry,
	       (unsigned)faddr, (unsigned)flen);
	display_handoff();
	console_flush();
	linux_jump(entry, 0xFFFFFFFFu, faddr);
}

/* APPEND, else the bootargs variable, plus bootcount=N when counting. */
static const char *cmdline_for(const char *append)
{
	const char *v = append && *append ? append : var_get("bootargs");
	int n;

	if (next_bootcount >= 0) {
		n = snprintf(cmdline, sizeof(cmdline), "%s%sbootcount=%d", v ? v : "",
			     v ? " " : "", next_bootcount);
		if (n < (int)sizeof(cmdline))
			v = cmdline;
		else
			printf("warning: command line too long for bootcount=\n");
	}
	printf("Command line: %s\n", v ? v : "(none: the kernel uses the DTB's)");
	return v;
}

int boot_memory(uint32_t kaddr, bool is_uimage, uint32_t iaddr, uint32_t isize, uint32_t faddr,
		const char *bootargs)
{
	const uint8_t *h = (const uint8_t *)(uintptr_t)faddr;
	uint32_t entry, istart = 0, iend = 0, flen, klen;
	int err;

	mem_windows_reset();
	if (mem_check_free("fdt", faddr, 40))
		return -EINVAL;
	flen = (uint32_t)h[4] << 24 | (uint32_t)h[5] << 16 | (uint32_t)h[6] << 8 | h[7];
	if (flen < 40 || flen > FDT_MAX) {
		printf("fdt: no device tree at 0x%08x (totalsize %u)\n", (unsigned)faddr,
		       (unsigned)flen);
		return -EINVAL;
	}
	/* The kernel's length is not known here: its header says it. */
	klen = sys_ram_end() - kaddr;
	if (mem_check_free("kernel", kaddr, 64))
		return -EINVAL;
	err = check_kernel(kaddr, klen > 0x4000000 ? 0x4000000 : klen, is_uimage, &entry);
	if (!err && isize)
		err = check_initrd(iaddr, isize, &istart, &iend);
	if (!err)
		err = mem_window_claim("fdt", faddr, flen + FDT_HEADROOM);
	if (!err)
		err = fixup_fdt(faddr, flen, cmdline_for(bootargs), istart, iend, &flen);
	if (err)
		return err;
	return handoff(entry, faddr, flen);
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

	mem_windows_reset();
	err = load_file("kernel", kernel, kaddr, 0, &klen);
	if (!err)
		err = check_kernel(kaddr, klen, false, &entry);
	if (!err && initrd) {
		err = load_file("initrd", initrd, iaddr, 0, &ilen);
		if (!err)
			err = check_initrd(iaddr, ilen, &istart, &iend);
	}
	if (!err)
		err = load_file("fdt", fdtpath, faddr, FDT_HEADROOM, &flen);
	if (!err && flen > FDT_MAX) {
		printf("fdt: %s is %u bytes: too large for a device tree\n", fdtpath, (unsigned)flen);
		err = -EFBIG;
	}
	if (!err)
		err = fixup_fdt(faddr, flen, cmdline_for(append), istart, iend, &flen);
	if (err)
		return err;
	return handoff(entry, faddr, flen);
}

/* The board's DTB in /, /boot or /boot/dtbs. */
static int find_default_fdt(char *out, size_t size)
{
	static const char *const dirs[] = { "", "/boot", "/boot/dtbs" };
	const char *name = board.dtb_name(sys.board_rev);
	struct fat_stat st;

	for (unsigned i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(out, size, "%s/%s", dirs[i], name);
		if (!fat_stat(&fs, out, &st) && !st.is_dir)
			return 0;
	}
	printf("fdt: %s not found in /, /boot or /boot/dtbs\n", name);
	return -ENOENT;
}

int boot_label(unsigned idx)
{
	const struct extlinux_label *l;
	char kernel[EXTLINUX_PATH_MAX], initrd[EXTLINUX_PATH_MAX], fdtpath[EXTLINUX_PATH_MAX + 64];
	int err;

	if (!conf_ok || idx >= conf->nlabels)
		return -ENOENT;
	l = &conf->labels[idx];
	printf("Booting '%s'\n", l->menu[0] ? l->menu : l->name);
	if (!l->kernel[0]) {
		printf("boot: label '%s' names no KERNEL\n", l->name);
		return -EINVAL;
	}
	if (extlinux_path(kernel, sizeof(kernel), conf_path, l->kernel) ||
	    (l->initrd[0] && extlinux_path(initrd, sizeof(initrd), conf_path, l->initrd))) {
		printf("boot: label '%s': path too long\n", l->name);
		return -ENAMETOOLONG;
	}
	err = extlinux_fdt_path(fdtpath, sizeof(fdtpath), conf_path, l,
				board.dtb_name(sys.board_rev));
	if (err == -ENOENT)
		err = find_default_fdt(fdtpath, sizeof(fdtpath));
	if (err)
		return err;
	return boot_files(kernel, l->initrd[0] ? initrd : NULL, fdtpath, l->append);
}

/* zImage or uImage, in / or /boot, with the board's DTB. */
static int boot_default_names(void)
{
	static const char *const kernels[] = { "/zImage", "/uImage", "/boot/zImage",
					       "/boot/uImage" };
	static const char *const initrds[] = { "/uInitrd", "/initrd.img", "/boot/uInitrd",
					       "/boot/initrd.img" };
	const char *kernel = NULL, *initrd = NULL;
	char fdtpath[96];
	struct fat_stat st;

	for (unsigned i = 0; i < sizeof(kernels) / sizeof(kernels[0]) && !kernel; i++) {
		if (!fat_stat(&fs, kernels[i], &st) && !st.is_dir)
			kernel = kernels[i];
	}
	if (!kernel) {
		printf("boot: no zImage or uImage in / or /boot\n");
		return -ENOENT;
	}
	for (unsigned i = 0; i < sizeof(initrds) / sizeof(initrds[0]) && !initrd; i++) {
		if (!fat_stat(&fs, initrds[i], &st) && !st.is_dir)
			initrd = initrds[i];
	}
	if (find_default_fdt(fdtpath, sizeof(fdtpath)))
		return -ENOENT;
	printf("Booting default files\n");
	return boot_files(kernel, initrd, fdtpath, NULL);
}

static int find_label(const char *name)
{
	for (unsigned i = 0; conf_ok && name && i < conf->nlabels; i++) {
		if (!strcmp(conf->labels[i].name, name))
			return (int)i;
	}
	return -ENOENT;
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

	c = omap3_nand(&err);
	if (!c) {
		printf("boot: no NAND (%s)\n", errname(err));
		return err;
	}
	mem_windows_reset();
	err = mem_window_claim("kernel", kaddr, NAND_KERNEL_PART_SIZE);
	if (!err)
		err = mem_window_claim("fdt", faddr, FDT_MAX);
	if (err)
		return err;
	printf("Booting from NAND (kernel partition at 0x%x)\n", NAND_KERNEL_PART_OFF);
	err = nand_load_boot_images(c, NAND_KERNEL_PART_OFF, NAND_KERNEL_PART_SIZE, kaddr,
				    NAND_KERNEL_PART_SIZE, faddr, FDT_MAX - FDT_HEADROOM, &k, &f);
	if (err) {
		printf("boot: NAND kernel partition: %s\n",
		       err == -ENOENT ? "no kernel found" : errname(err));
		return err;
	}
	printf("kernel  nand 0x%08x -> 0x%08x, %u bytes\n", (unsigned)k.nand_off, (unsigned)kaddr,
	       (unsigned)k.size);
	if (f.kind != NAND_IMG_FDT) {
		printf("boot: NAND kernel partition holds no device tree\n");
		return -ENOENT;
	}
	printf("fdt     nand 0x%08x -> 0x%08x, %u bytes\n", (unsigned)f.nand_off, (unsigned)faddr,
	       (unsigned)f.size);
	err = check_kernel(kaddr, k.size, false, &entry);
	if (!err)
		err = fixup_fdt(faddr, f.size, cmdline_for(NULL), 0, 0, &flen);
	if (err)
		return err;
	return handoff(entry, faddr, flen);
}

int boot_default_chain(void)
{
	int first, err = -ENOENT, count = bootcount_read();
	unsigned long limit = var_num("bootlimit", 0);

	next_bootcount = count >= 0 ? count + 1 : -1;
	if (count >= 0)
		printf("boot: boot count %d, limit %lu\n", next_bootcount, limit);
	if (fs_ok && conf_ok) {
		first = extlinux_default(conf);
		if (conf->default_label[0] && find_label(conf->default_label) < 0 && first >= 0)
			printf("boot: DEFAULT '%s' names no label; starting with '%s'\n",
			       conf->default_label, conf->labels[first].name);
		if (limit && next_bootcount > (int)limit) {
			const char *alt = var_get("altboot");
			int a = find_label(alt);

			if (a >= 0) {
				printf("boot: boot count %d exceeds bootlimit %lu: booting altboot '%s'\n",
				       next_bootcount, limit, alt);
				first = a;
			} else {
				printf("boot: boot count %d exceeds bootlimit %lu, but altboot '%s' "
				       "names no label\n", next_bootcount, limit, alt ? alt : "");
			}
		}
		if (first >= 0) {
			err = boot_label((unsigned)first);
			printf("boot: label '%s' failed (%s); trying the next entry\n",
			       conf->labels[first].name, errname(err));
		}
		for (unsigned i = 0; i < conf->nlabels; i++) {
			if ((int)i == first)
				continue;
			err = boot_label(i);
			printf("boot: label '%s' failed (%s); trying the next entry\n",
			       conf->labels[i].name, errname(err));
		}
		printf("boot: no extlinux label booted; trying the default file names\n");
	}
	if (fs_ok) {
		err = boot_default_names();
		printf("boot: default files failed (%s); trying NAND\n", errname(err));
	} else {
		printf("boot: nothing to boot from on mmc1; trying NAND\n");
	}
	err = boot_nand();
	printf("boot: nothing booted (%s)\n", errname(err));
	return err;
}
