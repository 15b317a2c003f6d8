// SPDX-License-Identifier: GPL-2.0-or-later
/* zImage and legacy uImage headers, and legacy script images (the body of
 * `mkimage -T script`). The zImage layout is the one Linux's decompressor
 * documents (booting.rst); the uImage header is 64 big-endian bytes as
 * U-Boot describes it (docs/references.md, "Image headers"). */
#include <libfdt.h>

#include "lib/boot/image.h"
#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/string.h"

#define ZIMAGE_MAGIC	0x016f2818
#define UIMAGE_MAGIC	0x27051956
#define UIMAGE_ARCH_ARM	2
#define UIMAGE_COMP_NONE 0

static int fail(const char **why, const char *msg, int err)
{
	if (why)
		*why = msg;
	return err;
}

/* A uImage header's CRC covers its 64 bytes with the CRC field as zeros. */
static bool hdr_crc_ok(const uint8_t *b)
{
	uint8_t copy[UIMAGE_HEADER_SIZE];

	memcpy(copy, b, sizeof(copy));
	memset(copy + 4, 0, 4);
	return crc32(0, copy, sizeof(copy)) == get_be32(b + 4);
}

static bool is_uimage(const uint8_t *b, size_t len)
{
	return len >= 4 && get_be32(b) == UIMAGE_MAGIC;
}

static int check_uimage(const uint8_t *b, size_t len, bool verify_data, uint8_t want_type,
			struct image_info *info, const char **why)
{
	uint32_t size;
	int i;

	if (len < UIMAGE_HEADER_SIZE)
		return fail(why, "uImage header truncated", -EBADMSG);
	if (!hdr_crc_ok(b))
		return fail(why, "uImage header CRC mismatch", -EBADMSG);
	size = get_be32(b + 12);
	info->kind = IMAGE_UIMAGE;
	info->offset = UIMAGE_HEADER_SIZE;
	info->size = size;
	info->load = get_be32(b + 16);
	info->entry = get_be32(b + 20);
	info->type = b[30];
	for (i = 0; i < 32 && b[32 + i]; i++) {
		if (b[32 + i] < 0x20 || b[32 + i] > 0x7e)
			return fail(why, "uImage name not printable", -EBADMSG);
		info->name[i] = (char)b[32 + i];
	}
	info->name[i] = 0;
	if (size > len - UIMAGE_HEADER_SIZE)
		return fail(why, "uImage data truncated (file shorter than header size)", -EBADMSG);
	if (b[29] != UIMAGE_ARCH_ARM)
		return fail(why, "uImage is not for ARM", -ENOTSUP);
	if (b[31] != UIMAGE_COMP_NONE)
		return fail(why, "uImage is compressed (only 'none' is supported)", -ENOTSUP);
	if (b[30] != want_type)
		return fail(why, want_type == UIMAGE_TYPE_KERNEL ? "uImage is not a kernel" :
			    "uImage is not a ramdisk", -ENOTSUP);
	if (verify_data && crc32_bulk(0, b + UIMAGE_HEADER_SIZE, size) != get_be32(b + 24))
		return fail(why, "uImage data CRC mismatch", -EBADMSG);
	return 0;
}

int image_check_kernel(const void *buf, size_t len, bool verify_data, struct image_info *info,
		       const char **why)
{
	const uint8_t *b = buf;
	uint32_t start, end;

	memset(info, 0, sizeof(*info));
	if (is_uimage(b, len))
		return check_uimage(b, len, verify_data, UIMAGE_TYPE_KERNEL, info, why);
	if (len < 0x30)
		return fail(why, "file too small for a kernel", -EINVAL);
	if (get_le32(b + 0x24) != ZIMAGE_MAGIC) {
		if (get_be32(b + 0x24) == ZIMAGE_MAGIC)
			return fail(why, "big-endian zImage", -ENOTSUP);
		return fail(why, "neither zImage nor uImage (bad magic)", -EINVAL);
	}
	start = get_le32(b + 0x28);
	end = get_le32(b + 0x2c);
	if (end <= start || end - start < 0x30)
		return fail(why, "zImage start/end fields are inconsistent", -EBADMSG);
	if (end - start > len)
		return fail(why, "zImage truncated (file shorter than its header says)", -EBADMSG);
	info->kind = IMAGE_ZIMAGE;
	info->size = end - start;
	return 0;
}

int image_check_initrd(const void *buf, size_t len, bool verify_data, struct image_info *info,
		       const char **why)
{
	memset(info, 0, sizeof(*info));
	if (is_uimage(buf, len))
		return check_uimage(buf, len, verify_data, UIMAGE_TYPE_RAMDISK, info, why);
	if (!len)
		return fail(why, "empty initrd", -EINVAL);
	if (len > 0xffffffffu)
		return fail(why, "initrd larger than 4 GiB", -EINVAL);
	info->kind = IMAGE_RAW;
	info->size = (uint32_t)len;
	return 0;
}

int image_check_script(const void *buf, size_t len, struct image_info *info, const char **why)
{
	const uint8_t *b = buf;
	uint32_t size, first, off;

	memset(info, 0, sizeof(*info));
	if (len < 4 || get_be32(b) != UIMAGE_MAGIC)
		return fail(why, "bad magic: not a legacy image", -EINVAL);
	if (len < UIMAGE_HEADER_SIZE)
		return fail(why, "truncated: shorter than the 64-byte header", -EBADMSG);
	if (!hdr_crc_ok(b))
		return fail(why, "bad header CRC", -EBADMSG);
	size = get_be32(b + 12);
	if (b[30] != UIMAGE_TYPE_SCRIPT)
		return fail(why, "not a script image", -ENOTSUP);
	if (size > len - UIMAGE_HEADER_SIZE)
		return fail(why, "truncated: data shorter than the header says", -EBADMSG);
	if (crc32_bulk(0, b + UIMAGE_HEADER_SIZE, size) != get_be32(b + 24))
		return fail(why, "bad data CRC", -EBADMSG);
	if (b[31] != UIMAGE_COMP_NONE)
		return fail(why, "compressed script (only 'none' is supported)", -ENOTSUP);
	/* The body is the multi-file layout: big-endian lengths ended by a
	 * zero word, then the files, each padded to 4 bytes. A script's text
	 * is the first file, as U-Boot's source command takes it. */
	b += UIMAGE_HEADER_SIZE;
	for (off = 0;; off += 4) {
		if (size - off < 4)
			return fail(why, "truncated: length table has no end", -EBADMSG);
		if (!get_be32(b + off))
			break;
	}
	off += 4;
	if (off == 4)
		return fail(why, "empty length table: no script in the image", -EBADMSG);
	first = get_be32(b);
	if (first > size - off)
		return fail(why, "truncated: script longer than the image's data", -EBADMSG);
	info->kind = IMAGE_UIMAGE;
	info->type = UIMAGE_TYPE_SCRIPT;
	info->offset = UIMAGE_HEADER_SIZE + off;
	info->size = first;
	info->load = get_be32(b - UIMAGE_HEADER_SIZE + 16);
	info->entry = get_be32(b - UIMAGE_HEADER_SIZE + 20);
	return 0;
}

int image_multi_part(const void *buf, size_t len, unsigned idx, uint32_t *off, uint32_t *size)
{
	const uint8_t *b = buf;
	uint64_t data = UIMAGE_HEADER_SIZE, end = (uint64_t)UIMAGE_HEADER_SIZE + get_be32(b + 12);
	uint64_t at = 0;
	uint32_t n;

	if (end > len)
		return -EBADMSG;
	/* past the table: its words, the zero word */
	for (unsigned i = 0;; i++, data += 4) {
		if (data + 4 > end)
			return -EBADMSG;
		n = get_be32(b + data);
		if (!n)
			break;
		if (i < idx)
			at += ((uint64_t)n + 3) & ~3ull;
		else if (i == idx)
			*size = n;
	}
	data += 4;
	if (idx >= (data - UIMAGE_HEADER_SIZE) / 4 - 1)
		return -ENOENT;
	if (data + at + *size > end)
		return -EBADMSG;
	*off = (uint32_t)(data + at);
	return 0;
}

int image_uimage_header(const void *hdr, struct uimage_header *h)
{
	const uint8_t *b = hdr;

	if (!image_is_uimage(hdr))
		return -EBADMSG;
	h->hcrc_ok = hdr_crc_ok(b);
	h->time = get_be32(b + 8);
	h->size = get_be32(b + 12);
	h->load = get_be32(b + 16);
	h->entry = get_be32(b + 20);
	h->dcrc = get_be32(b + 24);
	h->os = b[28];
	h->arch = b[29];
	h->type = b[30];
	h->comp = b[31];
	memcpy(h->name, b + 32, 32);
	h->name[32] = 0;
	return 0;
}

bool image_uimage_data_ok(const void *hdr, uint32_t len)
{
	const uint8_t *b = hdr;

	return len >= UIMAGE_HEADER_SIZE &&
	       crc32_bulk(0, b + UIMAGE_HEADER_SIZE, len - UIMAGE_HEADER_SIZE) == get_be32(b + 24);
}

bool image_is_uimage(const void *hdr)
{
	return get_be32(hdr) == UIMAGE_MAGIC;
}

uint32_t image_uimage_data_size(const void *hdr)
{
	return get_be32((const uint8_t *)hdr + 12);
}

enum image_kind image_identify(const void *hdr, size_t len, uint32_t *total)
{
	const uint8_t *b = hdr;

	if (len >= UIMAGE_HEADER_SIZE && get_be32(b) == UIMAGE_MAGIC) {
		uint32_t n = get_be32(b + 12);

		if (n && n <= 0x7fffffffu - UIMAGE_HEADER_SIZE) {
			*total = UIMAGE_HEADER_SIZE + n;
			return IMAGE_UIMAGE;
		}
	}
	if (len >= 0x30 && get_le32(b + 0x24) == ZIMAGE_MAGIC) {
		uint32_t start = get_le32(b + 0x28), end = get_le32(b + 0x2c);

		if (end > start) {
			*total = end - start;
			return IMAGE_ZIMAGE;
		}
	}
	if (len >= sizeof(struct fdt_header) && fdt_check_header(hdr) == 0) {
		*total = fdt_totalsize(hdr);
		return IMAGE_FDT;
	}
	return IMAGE_RAW;
}
