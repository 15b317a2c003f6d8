// SPDX-License-Identifier: GPL-2.0-or-later
/* MBR partition table parsing (the classic PC layout: four 16-byte entries
 * at offset 446, signature 0x55AA at 510), as the OMAP3 boot ROM reads it
 * (DM37x TRM, "Memory Booting", MMC/SD file system). */
#include "lib/part.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

#define MBR_TABLE	446
#define MBR_SIG		510

int mbr_parse(const uint8_t *sector, uint64_t nblocks, struct mbr_part p[MBR_NPART],
	      int *bad)
{
	int i, nbad = 0;

	memset(p, 0, sizeof(*p) * MBR_NPART);
	if (sector[MBR_SIG] != 0x55 || sector[MBR_SIG + 1] != 0xaa)
		return -EINVAL;
	for (i = 0; i < MBR_NPART; i++) {
		const uint8_t *e = sector + MBR_TABLE + 16 * i;

		if (e[0] != 0 && e[0] != 0x80)
			return -EINVAL;
	}
	for (i = 0; i < MBR_NPART; i++) {
		const uint8_t *e = sector + MBR_TABLE + 16 * i;
		uint32_t start = get_le32(e + 8), size = get_le32(e + 12);

		if (!e[4] || !size || !start)
			continue;
		if ((uint64_t)start + size > nblocks) {
			nbad++;
			continue;
		}
		p[i].type = e[4];
		p[i].active = e[0] == 0x80;
		p[i].start = start;
		p[i].size = size;
	}
	if (bad)
		*bad = nbad;
	return 0;
}

bool mbr_type_is_fat(uint8_t type)
{
	switch (type) {
	case 0x01: case 0x04: case 0x06: case 0x0b: case 0x0c: case 0x0e:
		return true;
	default:
		return false;
	}
}

int mbr_pick_boot(const struct mbr_part p[MBR_NPART])
{
	int i;

	for (i = 0; i < MBR_NPART; i++)
		if (p[i].type && p[i].active)
			return i;
	for (i = 0; i < MBR_NPART; i++)
		if (mbr_type_is_fat(p[i].type))
			return i;
	return -ENOENT;
}

void part_init(struct blockdev *part, struct blockdev *disk, const struct mbr_part *p,
	       const char *name)
{
	memset(part, 0, sizeof(*part));
	part->name = name;
	part->nblocks = p->size;
	part->offset = p->start;
	part->parent = disk;
}

/* A FAT boot sector starts with a jump and names its file system type. */
static bool is_fat_vbr(const uint8_t *s)
{
	if (s[0] != 0xeb && s[0] != 0xe9)
		return false;
	return !memcmp(s + 0x36, "FAT", 3) || !memcmp(s + 0x52, "FAT32", 5);
}

int part_open_boot(struct blockdev *disk, uint8_t *sector, struct blockdev *part,
		   const char *name)
{
	struct mbr_part p[MBR_NPART];
	int ret, i;

	ret = blk_read(disk, 0, 1, sector);
	if (ret)
		return ret;
	if (is_fat_vbr(sector)) {
		struct mbr_part whole = { .type = 0x0c, .start = 0 };

		whole.size = disk->nblocks > 0xffffffffu ? 0xffffffffu : (uint32_t)disk->nblocks;
		part_init(part, disk, &whole, name);
		return MBR_NPART;
	}
	ret = mbr_parse(sector, disk->nblocks, p, NULL);
	if (ret)
		return ret;
	i = mbr_pick_boot(p);
	if (i < 0)
		return i;
	part_init(part, disk, &p[i], name);
	return i;
}
