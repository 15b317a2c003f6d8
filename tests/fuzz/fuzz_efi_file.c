// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/efi/file.c over lib/fs (and so the offset
 * reads of lib/fs/fat_at.c and ext4_at.c): the input is a UTF-16 name
 * and a disk image. The name is opened from the root and from a
 * subdirectory, what opens is read in chunks, its directory entries and
 * infos read with short and exact buffers; nothing may be written past a
 * buffer's given size, and no loop may hang.
 * Input: byte 0 the name's length in UTF-16 units (0-63), byte 1 the
 * chunk size selector, the name, then the image. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/efi/file.h"
#include "lib/fs/part.h"
#include "tests/fuzz/membd.h"

#define GUARD 16

static uint8_t buf[70000 + GUARD];

/* Calls leave buf past *size untouched. */
static void guard_set(size_t n)
{
	memset(buf + n, 0xa5, GUARD);
}

static void guard_check(size_t n)
{
	for (size_t i = 0; i < GUARD; i++)
		if (buf[n + i] != 0xa5)
			abort();
}

static void exercise(struct efi_volume *v, struct efi_file *f, unsigned sel)
{
	static const size_t chunks[] = { 1, 511, 512, 4096, 70000 };
	const uint8_t *types[] = { efi_file_info_guid, efi_fs_info_guid, efi_fs_label_guid };
	size_t n, need, total = 0;
	uint64_t pos;
	efi_status st;

	for (int i = 0; i < 3; i++) {
		n = sel & 7;
		guard_set(n);
		st = efi_file_get_info(v, f, types[i], &n, buf);
		guard_check(sel & 7);
		if (st == EFI_BUFFER_TOO_SMALL) {
			need = n;
			if (need > 70000)
				abort();
			guard_set(need);
			if (efi_file_get_info(v, f, types[i], &n, buf) == EFI_SUCCESS && n != need)
				abort();
			guard_check(need);
		}
	}
	/* files in chunks, directories entry by entry; bounded either way */
	for (int k = 0; k < 400; k++) {
		n = chunks[sel % 5];
		guard_set(n);
		st = efi_file_read(v, f, &n, buf);
		guard_check(chunks[sel % 5]);
		if (st == EFI_BUFFER_TOO_SMALL) {
			if (n <= chunks[sel % 5] || n > 70000)
				abort();
			need = n;
			guard_set(need);
			st = efi_file_read(v, f, &n, buf);
			guard_check(need);
		}
		if (st || !n)
			break;
		total += n;
	}
	/* a file's position moved by what was read, no more */
	if (!f->is_dir && (efi_file_get_position(v, f, &pos) || pos != total))
		abort();
	efi_file_set_position(v, f, EFI_FILE_POS_END);
	efi_file_set_position(v, f, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t work[FS_WORK_SIZE];
	static struct efi_volume vol;
	uint16_t name[64 + 1];
	struct membd m = { 0 };
	struct blockdev part, *dev = &part;
	struct efi_file *root, *sub, *f;
	struct fs fs;
	uint8_t sector[512];
	size_t units;
	unsigned sel;

	if (size < 2)
		return 0;
	units = data[0] & 63;
	sel = data[1];
	if (size < 2 + 2 * units)
		return 0;
	for (size_t i = 0; i < units; i++)
		name[i] = (uint16_t)(data[2 + 2 * i] | data[3 + 2 * i] << 8);
	name[units] = 0;
	data += 2 + 2 * units;
	size -= 2 + 2 * units;
	membd_init(&m, data, size);
	if (part_open_boot(&m.bd, sector, &part, "fuzzp") < 0)
		dev = &m.bd;
	if (fs_mount(&fs, dev, work, sizeof(work), NULL))
		return 0;
	efi_volume_init(&vol, &fs);
	/* a root inode that does not read is the volume's error */
	if (efi_open_volume(&vol, &root))
		return 0;
	exercise(&vol, root, sel);
	if (!efi_file_open(&vol, root, &f, name, EFI_FILE_MODE_READ, 0)) {
		exercise(&vol, f, sel >> 3);
		efi_file_close(&vol, f);
	}
	if (!efi_file_open(&vol, root, &sub, (const uint16_t *)u"boot", EFI_FILE_MODE_READ, 0)) {
		if (!efi_file_open(&vol, sub, &f, name, EFI_FILE_MODE_READ, 0)) {
			exercise(&vol, f, sel >> 2);
			efi_file_close(&vol, f);
		}
		efi_file_close(&vol, sub);
	}
	efi_file_close(&vol, root);
	/* every handle closed again */
	for (int i = 0; i < EFI_FILE_HANDLES; i++)
		if (vol.files[i].used)
			abort();
	return 0;
}
