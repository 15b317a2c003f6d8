/* SPDX-License-Identifier: GPL-2.0-or-later */
/* MBR partition table: the four primary entries and the choice of the boot
 * partition. */
#ifndef LIB_FS_PART_H
#define LIB_FS_PART_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/fs/blockdev.h"

#define MBR_NPART 4

struct mbr_part {
	uint8_t type;     /* 0: unused entry */
	bool active;      /* boot indicator 0x80 */
	uint32_t start;   /* first LBA */
	uint32_t size;    /* in blocks */
};

/* Parses the MBR in sector (512 bytes, LBA 0 of a device of nblocks blocks).
 * Entries that are unused, empty or run past nblocks come back with type 0
 * (and *bad is counted for the latter). Returns 0, or -EINVAL when there is
 * no 0x55AA signature or a boot indicator is neither 0x00 nor 0x80 (which is
 * what a FAT boot sector without a partition table usually looks like). */
int mbr_parse(const uint8_t *sector, uint64_t nblocks, struct mbr_part p[MBR_NPART],
	      int *bad);

/* True for the partition types that hold FAT: 0x01, 0x04, 0x06, 0x0B, 0x0C,
 * 0x0E. */
bool mbr_type_is_fat(uint8_t type);

/* The boot partition: the active entry if there is one, else the first FAT
 * one. Returns its index (0..3) or -ENOENT. */
int mbr_pick_boot(const struct mbr_part p[MBR_NPART]);

/* Makes part a view of blocks [start, start+size) of disk. */
void part_init(struct blockdev *part, struct blockdev *disk, const struct mbr_part *p,
	       const char *name);

/* Reads the MBR of disk (sector: a 512-byte buffer) and sets up part for
 * the boot partition. A disk whose sector 0 is a FAT boot sector rather than
 * an MBR ("superfloppy", as the OMAP boot ROM also accepts) is used whole.
 * Returns the partition index (0..3), 4 for a whole-disk FAT, or a negative
 * errno: -EIO family from the device, -ENOENT when there is no usable
 * partition, -EINVAL when sector 0 is neither an MBR nor a FAT boot sector. */
int part_open_boot(struct blockdev *disk, uint8_t *sector, struct blockdev *part,
		   const char *name);

/* The partitions of a disk as distributions expect them to be searched:
 * the MBR's primary entries, then the logical partitions of its extended
 * partition (types 0x05, 0x0F, 0x85; the EBR chain), numbered as Linux and
 * U-Boot do (1-4 primary, 5 on logical). The caller tries the bootable
 * (active) ones first. */
#define PART_SCAN_MAX 16

struct part_info {
	uint8_t num;      /* 1-4 primary, 5.. logical; 0 the whole disk */
	uint8_t type;
	bool active;
	uint32_t start, size;
};

/* Fills p (PART_SCAN_MAX entries) from disk's MBR, sector being a 512-byte
 * buffer, in table order. A disk without an MBR, or with none that names a
 * partition (a FAT or ext file system from sector 0), gives the whole disk
 * as entry 0. The EBR chain is followed at most PART_SCAN_MAX links and
 * only inside the extended partition, so a chain that loops ends. Returns
 * the number of entries (at least 1), or a device error. */
int part_scan(struct blockdev *disk, uint8_t *sector, struct part_info p[PART_SCAN_MAX]);

/* The disk signature of an MBR (the le32 at offset 440). */
uint32_t mbr_disk_signature(const uint8_t *sector);
/* The PARTUUID Linux and U-Boot give partition num of an MBR disk:
 * "<signature %08x>-<num %02x>" (buf: at least 12 bytes). */
void mbr_part_uuid(char *buf, uint32_t disksig, unsigned num);

#endif
