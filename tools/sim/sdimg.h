/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the boot ROM's view of an SD card image (sdimg.c): sectors,
 * the MBR, and a file in the root directory of a FAT12/16/32 volume.
 */
#ifndef GTABOOT_SIM_SDIMG_H
#define GTABOOT_SIM_SDIMG_H

#include <stddef.h>
#include <stdint.h>

struct sdimg {
	int fd;
	uint64_t size;
	uint64_t sectors_read;   /* for the ROM's transfer time */
	/* Optional, for sdimg_fat_read(): given the file's first got bytes,
	 * how many the reader wants in all, or -1 while it cannot tell yet.
	 * The ROM reads what the image header declares, not the whole file. */
	long (*want)(const uint8_t *buf, size_t got);
};

int sdimg_open(struct sdimg *img, const char *path);
void sdimg_close(struct sdimg *img);
/* Read 512-byte sector lba; -1 past the end of the image. */
int sdimg_sector(struct sdimg *img, uint64_t lba, uint8_t buf[512]);
/*
 * Find the FAT volume, at sector 0 of a floppy-like card or in the first
 * active primary partition of type 0x01/0x04/0x06/0x0B/0x0C/0x0E of the
 * MBR (docs/rom.md), and read the file whose 8.3 name
 * is name83 (11 bytes, space padded) from its root directory into buf (at
 * most max bytes). The ROM reads whole sectors, so *avail (the bytes placed
 * in buf) runs to the end of the file's last sector: what lies there past
 * the end of the file is what a loader whose header overstates its size
 * (U-Boot's omapimage counts the GP header in it) gets. Returns the file
 * size, or -1 with *why saying what was missing.
 */
long sdimg_fat_read(struct sdimg *img, const char name83[11], uint8_t *buf, size_t max,
		    size_t *avail, const char **why);

#endif
