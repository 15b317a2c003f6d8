/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Finding a file in the root directory of the FAT volume the ROM boots
 * from (the active partition, or sector 0 of a card without an MBR) and
 * reading part of it, as small as the hot part needs to read the rest of
 * its own MLO (docs/design.md "Two images"). lib/fs/fat.c is the full
 * reader the boot flow uses; this one has no cache, no long names and no
 * subdirectories, like the boot ROM's own (TRM chapter 26, MMC/SD booting).
 */
#ifndef LIB_FS_FATMLO_H
#define LIB_FS_FATMLO_H

#include <stdint.h>

/* Read count 512-byte sectors from lba; 0 or a negative errno. */
typedef int (*fatmlo_read_fn)(void *ctx, uint32_t lba, uint32_t count, void *buf);

/*
 * Read bytes [off, off + len) of the root-directory file name83 (11 bytes,
 * space padded) into dst. off must be a multiple of 512; dst receives whole
 * sectors, so it needs len rounded up to 512 bytes. sec is a 512-byte
 * scratch buffer. Returns 0, -ENOENT (no MBR or boot sector, no FAT partition, no file), -EBADMSG
 * (inconsistent file system), -ENODATA (file shorter than off + len), or
 * the read function's error.
 */
int fatmlo_read(fatmlo_read_fn rd, void *ctx, const char name83[11], uint32_t off,
		uint32_t len, uint8_t *dst, uint8_t *sec);

#endif
