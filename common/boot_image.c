// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Loading and checking images: each file goes into an SDRAM window declared
 * first (common/memcheck.c), then the kernel (zImage or legacy uImage) and
 * the initrd are checked before anything runs.
 */
#include "common/display.h"
#include "common/boot_internal.h"
#include "common/escape.h"
#include "common/memcheck.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/boot/image.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"

/* What U-Boot prints for the same refusal of an image (boot/bootm.c,
 * boot/image-board.c; bootz: arch/arm/lib/zimage.c as U-Boot up to 2022
 * and Letux's print it), gtaboot's why below it: board farms recognise a
 * failed boot by U-Boot's words (LAVA's error-messages, docs/labs.md). */
static const struct { const char *why, *uboot; } uboot_words[] = {
	{ "uImage header CRC mismatch", "Bad Header Checksum" },
	{ "uImage data CRC mismatch", "Bad Data CRC" },
	{ "uImage is not a kernel", "Wrong Image Type for bootm command" },
	{ "uImage is not for ARM", "Unsupported Architecture" },
	{ "uImage is not a ramdisk", "No Linux ARM Ramdisk Image" },
};

void boot_print_uboot(const char *why, const char *otherwise)
{
	for (unsigned i = 0; why && i < sizeof(uboot_words) / sizeof(uboot_words[0]); i++) {
		if (!strcmp(why, uboot_words[i].why)) {
			printf("%s\n", uboot_words[i].uboot);
			return;
		}
	}
	printf("%s\n", otherwise);
}

void boot_print_why(const char *what, int err, const char *why)
{
	pr_err("%s: %s (%s)\n", what, why ? why : "refused", errname(err));
}

int boot_load_file(const char *what, const char *path, uint32_t addr, uint32_t extra,
		   uint32_t *size)
{
	struct fs *fs = boot_fs();
	struct fs_stat st;
	uint64_t t0;
	uint32_t us, len;
	int err;

	if (!fs)
		return -ENODEV;
	err = fs_stat(fs, path, &st);
	if (err) {
		pr_err("%s: %s: %s\n", what, esc(path), err == -ENOENT ? "not found" : errname(err));
		return err;
	}
	if (st.is_dir) {
		printf("%s: %s is a directory\n", what, esc(path));
		return -EISDIR;
	}
	err = mem_window_claim(what, addr, st.size + extra);
	if (err)
		return err;
	t0 = timer_us();
	display_progress_begin(path, st.size);
	err = fs_read(fs, path, (void *)(uintptr_t)addr, st.size, &len);
	display_progress_end(!err);
	us = (uint32_t)(timer_us() - t0);
	if (err) {
		pr_err("%s: reading %s failed (%s)\n", what, esc(path), errname(err));
		return err;
	}
	printf("%-7s %s -> 0x%08x, %u bytes, %u.%03u ms\n", what, esc(path), (unsigned)addr,
	       (unsigned)len, (unsigned)(us / 1000), (unsigned)(us % 1000));
	*size = len;
	return 0;
}

int boot_check_kernel(uint32_t kaddr, uint32_t klen, bool want_uimage, uint32_t *entry)
{
	struct image_info info;
	const char *why = NULL;
	int err = image_check_kernel((const void *)(uintptr_t)kaddr, klen, true, &info, &why);

	if (err) {
		/* otherwise: no uImage magic, and no zImage magic either */
		boot_print_uboot(why, want_uimage ? "Wrong Image Format for bootm command" :
				 "Bad Linux ARM zImage magic!");
		if (want_uimage)
			pr_err("ERROR: can't get kernel image!\n");
		boot_print_why("kernel", err, why);
		return err;
	}
	if (want_uimage && info.kind != IMAGE_UIMAGE) {
		pr_err("Wrong Image Format for bootm command\nERROR: can't get kernel image!\n");
		printf("kernel: not a uImage at 0x%08x\n", (unsigned)kaddr);
		return -EINVAL;
	}
	if (info.kind == IMAGE_ZIMAGE) {
		*entry = kaddr;
		return 0;
	}
	/* A legacy uImage runs at its load address: move the payload there
	 * unless it already is (mkimage -a with the load address we used). */
	printf("kernel: uImage '%s', load 0x%08x, entry 0x%08x\n", esc(info.name),
	       (unsigned)info.load, (unsigned)info.entry);
	if (info.load != kaddr + info.offset) {
		/* The payload moves: from now on its window is where it runs,
		 * and it must not land on the initrd or the DTB, which are
		 * loaded before it (common/boot.c). */
		mem_window_release("kernel");
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

int boot_check_initrd(uint32_t iaddr, uint32_t ilen, uint32_t *start, uint32_t *end)
{
	struct image_info info;
	const char *why = NULL;
	int err = image_check_initrd((const void *)(uintptr_t)iaddr, ilen, true, &info, &why);

	if (err) {
		boot_print_uboot(why, "Wrong Ramdisk Image Format");
		pr_err("Ramdisk image is corrupt or invalid\n");
		boot_print_why("initrd", err, why);
		return err;
	}
	*start = iaddr + info.offset;
	*end = *start + info.size;
	return 0;
}
