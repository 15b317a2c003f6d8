/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the parts of the boot flow share, for common/boot*.c only:
 * boot_entries.c finds what to boot, boot_image.c loads and checks it,
 * boot_handoff.c fixes the device tree up and starts Linux, boot.c walks
 * the fallback chain. The console sees common/boot.h.
 */
#ifndef COMMON_BOOT_INTERNAL_H
#define COMMON_BOOT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/boot.h"
#include "lib/boot/extlinux.h"
#include "lib/fs/fs.h"

/* ---- boot_entries.c: extlinux.conf, uEnv.txt, default file names */

/* Index of the label called name in boot_conf(), or -ENOENT. */
int boot_find_label(const char *name);
/* The label's KERNEL, INITRD (initrd[0] = 0: none) and FDT as absolute
 * paths, the FDT found by the board's name when the label gives none. */
int boot_label_paths(const struct extlinux_label *l, char *kernel, char *initrd, char *fdt,
		     size_t fdt_size);
/* zImage or uImage in / or /boot, an initrd next to it (*initrd NULL:
 * none) and the board's DTB. */
int boot_default_paths(const char **kernel, const char **initrd, char *fdt, size_t fdt_size);

/* The board's DTB in /, /boot or /boot/dtbs of the boot partition. */
int boot_default_fdt_path(char *out, size_t size);

/* ---- boot_image.c: loading into declared windows, image checks */

/* U-Boot's line for an image refusal image_check_*() explained with why
 * ("Bad Data CRC" ...), or otherwise when U-Boot has none of its own. */
void boot_print_uboot(const char *why, const char *otherwise);
/* "what: why (errno name)", the one form every refusal is printed in. */
void boot_print_why(const char *what, int err, const char *why);
/* Declare the window [addr, addr + file size + extra), then read path from
 * the boot file system into it; *size gets the bytes read. */
int boot_load_file(const char *what, const char *path, uint32_t addr, uint32_t extra,
		   uint32_t *size);
/* The kernel at kaddr (klen bytes at most): zImage or, when want_uimage or
 * it is one, a uImage moved to its load address. *entry: where to jump. */
int boot_check_kernel(uint32_t kaddr, uint32_t klen, bool want_uimage, uint32_t *entry);
/* The initrd at iaddr, bare or a uImage ramdisk: [*start, *end) for Linux. */
int boot_check_initrd(uint32_t iaddr, uint32_t ilen, uint32_t *start, uint32_t *end);

/* ---- boot_handoff.c: command line, DTB fix-ups, hand-off */

/* The boot count this boot stores when it reaches the hand-off (-1: the
 * board keeps none). Set once by the chain before the first entry. */
void boot_count_set(int next);
/* APPEND, else the bootargs variable, plus bootcount=N when counting;
 * printed, and NULL when there is none, which the line then explains
 * with none: what the image will use instead. */
#define CMDLINE_NONE_DTB "the kernel uses the DTB's"
const char *boot_cmdline(const char *append, const char *none);
/* Patch the DTB at faddr (flen bytes, FDT_HEADROOM behind it) in place:
 * memory banks, /chosen, the board's fix-ups; *newlen gets its size. */
int boot_fixup_fdt(uint32_t faddr, uint32_t flen, const char *bootargs, uint32_t istart,
		   uint32_t iend, uint32_t *newlen);
/* Store the boot count and start the kernel. Never returns. */
void boot_handoff(uint32_t entry, uint32_t faddr, uint32_t flen) __attribute__((noreturn));

#endif
