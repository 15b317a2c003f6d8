/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Device tree fix-ups before the hand-off to Linux, all through libfdt:
 * /memory, /chosen, the TWL4030 backup-battery charger. */
#ifndef LIB_BOOT_FDT_FIXUP_H
#define LIB_BOOT_FDT_FIXUP_H

#include <stddef.h>
#include <stdint.h>

#define FDTFIX_MAX_BANKS 8

struct mem_bank {
	uint64_t start;
	uint64_t size;
};

/* Every function returns 0 or a negative errno (-EBADMSG for a corrupt or
 * truncated blob, -ENOSPC when the workspace is full, -ENOENT, -ERANGE,
 * -EINVAL) and sets *why (may be NULL) to libfdt's message for the failure
 * (fdt_strerror) or to a sentence of its own. */

/* Checks blob (len bytes, as read from the file: the header's totalsize
 * must fit in it, and fdt_check_full must pass) and opens it into the
 * workspace fdt of size bytes, which leaves the rest as room to grow. blob
 * and fdt may be the same buffer. */
int fdtfix_open(void *fdt, size_t size, const void *blob, size_t len, const char **why);
/* Only the checks fdtfix_open makes of blob, for code that works on a tree
 * in place (the console's fdt command): every later libfdt walk of a blob
 * that passes them ends. */
int fdtfix_check(const void *blob, size_t len, const char **why);

/* Sets the reg of the memory node (device_type "memory", else /memory,
 * else a new memory@<start>) to the banks, in the root's #address-cells and
 * #size-cells; other memory nodes are removed, so each bank is there once. */
int fdtfix_memory(void *fdt, const struct mem_bank *banks, unsigned nbanks, const char **why);

/* /chosen (created if missing): bootargs (when not NULL), stdout-path (when
 * not NULL and the tree has none), and linux,initrd-start/-end in the root's
 * #address-cells when initrd_end > initrd_start; with no initrd (both 0)
 * stale initrd properties are removed. */
int fdtfix_chosen(void *fdt, const char *bootargs, const char *stdout_path,
		  uint64_t initrd_start, uint64_t initrd_end, const char **why);

/* /chosen (created if missing) gets the one-cell property name = value
 * (gtaboot,bootcount: the count this boot stores). */
int fdtfix_chosen_u32(void *fdt, const char *name, uint32_t value, const char **why);

/* Sets ti,bb-uvolt and ti,bb-uamp on every node compatible with
 * "ti,twl4030-bci" (the TWL4030 charger: backup battery voltage in uV and
 * current in uA). -ENOENT when the tree has none. */
int fdtfix_twl4030_bci(void *fdt, uint32_t bb_uvolt, uint32_t bb_uamp, const char **why);

/* A framebuffer the kernel may keep drawing on (Linux simplefb; the
 * simple-framebuffer binding, docs/references.md). */
struct fdt_simplefb {
	uint64_t base;
	uint32_t size, width, height, stride;
	const char *format;       /* "r5g6b5", "a8r8g8b8" ... */
};

/* /chosen/framebuffer@<base> (compatible "simple-framebuffer", reg in the
 * root's cells, width, height, stride, format; no status, which reads as
 * "okay" to Linux's of_platform code that creates its device; an existing
 * node of that name is updated) and a /memreserve/ entry for the memory, so
 * the kernel never allocates it. */
int fdtfix_simplefb(void *fdt, const struct fdt_simplefb *fb, const char **why);

/* Packs the tree; *size (may be NULL) gets its new total size. */
int fdtfix_pack(void *fdt, uint32_t *size, const char **why);

#endif
