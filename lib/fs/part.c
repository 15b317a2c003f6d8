// SPDX-License-Identifier: GPL-2.0-or-later
/* MBR partition table parsing (the classic PC layout: four 16-byte entries
 * at offset 446, signature 0x55AA at 510), as the OMAP3 boot ROM reads it
 * (DM37x TRM, "Memory Booting", MMC/SD file system). */
#include "lib/fs/part.h"
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

static bool is_extended(uint8_t type)
{
	return type == 0x05 || type == 0x0f || type == 0x85;
}

int part_scan(struct blockdev *disk, uint8_t *sector, struct part_info p[PART_SCAN_MAX])
{
	uint32_t end = (uint32_t)MIN(disk->nblocks, 0xffffffffu), ext = 0, ext_end = end;
	uint32_t lba = 0, next;
	int i, n = 0, ret, links;
	unsigned num = 5;

	/* The MBR, then each EBR (at most PART_SCAN_MAX of them, so that a
	 * chain that loops ends): in an EBR, entry 0 is the logical partition
	 * (from the EBR), entry 1 the next EBR (from the extended partition's
	 * start). */
	for (links = 0; links <= PART_SCAN_MAX; links++) {
		ret = blk_read(disk, lba, 1, sector);
		if (ret && !links)
			return ret;
		if (ret || sector[MBR_SIG] != 0x55 || sector[MBR_SIG + 1] != 0xaa)
			break;
		next = 0;
		for (i = 0; i < MBR_NPART; i++) {
			const uint8_t *e = sector + MBR_TABLE + 16 * i;
			uint64_t start = (uint64_t)lba + get_le32(e + 8);
			uint32_t size = get_le32(e + 12);

			if (!links && (e[0] & 0x7f)) {  /* not an MBR */
				n = 0;
				break;
			}
			if (is_extended(e[4])) {
				if (links || !ext)
					next = ext + get_le32(e + 8);
				if (!links && !ext) {
					ext = next;
					ext_end = (uint32_t)MIN((uint64_t)ext + size, end);
				}
			} else if (e[4] && size && start > lba &&
				   start + size <= (links ? ext_end : end) &&
				   n < PART_SCAN_MAX && (!links || !i)) {
				p[n++] = (struct part_info){ (uint8_t)(links ? num++ : (unsigned)i + 1), e[4],
							     e[0] == 0x80, (uint32_t)start, size };
			}
		}
		if (i < MBR_NPART || !next || next >= ext_end)
			break;
		lba = next;
	}
	/* No MBR, or none that names a partition: a file system from
	 * sector 0, as the OMAP boot ROM also accepts ("superfloppy"). */
	if (!n)
		p[n++] = (struct part_info){ 0, 0, false, 0, end };
	return n;
}

uint32_t mbr_disk_signature(const uint8_t *sector)
{
	return get_le32(sector + 440);
}

void mbr_part_uuid(char *buf, uint32_t disksig, unsigned num)
{
	static const char hex[] = "0123456789abcdef";

	/* lib/ has no printf dependency here: 8 + 1 + 2 hex digits. */
	for (int i = 0; i < 8; i++)
		buf[i] = hex[(disksig >> (28 - 4 * i)) & 15];
	buf[8] = '-';
	buf[9] = hex[(num >> 4) & 15];
	buf[10] = hex[num & 15];
	buf[11] = 0;
}
