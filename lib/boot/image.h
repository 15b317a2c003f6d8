/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Kernel and initrd image headers: the ARM zImage header and U-Boot's
 * legacy uImage header, checked before anything jumps to them. */
#ifndef LIB_BOOT_IMAGE_H
#define LIB_BOOT_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum image_kind {
	IMAGE_RAW = 0,          /* an initrd without a header */
	IMAGE_ZIMAGE,
	IMAGE_UIMAGE,
	IMAGE_FDT,              /* image_identify() only */
};

#define UIMAGE_HEADER_SIZE 64
#define UIMAGE_TYPE_KERNEL  2
#define UIMAGE_TYPE_RAMDISK 3
#define UIMAGE_TYPE_MULTI   4
#define UIMAGE_TYPE_SCRIPT  6

struct image_info {
	enum image_kind kind;
	uint32_t offset;        /* payload offset in the file: 0 or 64 */
	uint32_t size;          /* payload bytes */
	uint32_t load, entry;   /* uImage only; a zImage runs where it lies */
	uint8_t type;           /* uImage type */
	char name[33];          /* uImage name, NUL-terminated */
};

/* Checks a kernel file of len bytes: a zImage (magic 0x016F2818 at 0x24,
 * start/end at 0x28/0x2C within the file) or a uImage of type kernel, arch
 * ARM, no compression, with both CRCs right (the data CRC only when
 * verify_data; it costs a pass over the whole kernel). Fills info and
 * returns 0, or returns -EINVAL (neither format), -EBADMSG (bad CRC,
 * truncated, sizes that do not add up) or -ENOTSUP (valid, but not
 * something to boot here), with *why saying which. */
int image_check_kernel(const void *buf, size_t len, bool verify_data, struct image_info *info,
		       const char **why);

/* Checks an initrd: a uInitrd (uImage of type ramdisk, as above) or, when
 * it carries no uImage magic, raw bytes used as they are. */
int image_check_initrd(const void *buf, size_t len, bool verify_data, struct image_info *info,
		       const char **why);

/* Checks a legacy script image (mkimage -T script -C none): magic, header
 * CRC, type, data CRC, then the body's table of big-endian lengths ended
 * by a zero word. The script text is the first file: info->offset and
 * info->size locate it in buf. Refusals, *why naming the fault: "bad
 * magic" (-EINVAL), "bad header CRC", "bad data CRC", "truncated ..."
 * (-EBADMSG), "not a script image", compressed (-ENOTSUP). */
int image_check_script(const void *buf, size_t len, struct image_info *info, const char **why);

/* Part idx of a multi-file or script uImage (mkimage -T multi, -d
 * a:b:c) of len bytes whose header the caller has checked: the body is a
 * table of big-endian lengths ended by a zero word, then the parts, each
 * padded to 4 bytes. *off (from buf) and *size of the part; -ENOENT when
 * there are no more than idx parts, -EBADMSG when the table or the part
 * runs past the header's data size or len. */
int image_multi_part(const void *buf, size_t len, unsigned idx, uint32_t *off, uint32_t *size);

/* What the first len bytes of an image stored with no file around it (the
 * NAND kernel partition) say it is, and its whole size, header included,
 * in *total: a uImage (64 + its data size), a zImage (end - start of its
 * header) or a flattened device tree (its totalsize, the header checked by
 * libfdt). IMAGE_RAW when it is none of them. Only the header is looked
 * at: the image_check_*() functions check the loaded image. */
enum image_kind image_identify(const void *hdr, size_t len, uint32_t *total);

/* Of a uImage header (UIMAGE_HEADER_SIZE bytes at hdr): whether its magic
 * is right, and the data size it declares, whatever the magic (the header
 * is not checked further: image_check_*() do that). */
bool image_is_uimage(const void *hdr);
uint32_t image_uimage_data_size(const void *hdr);

/* Every field of a uImage header, for iminfo and nboot. */
struct uimage_header {
	uint32_t time, size, load, entry, dcrc;
	uint8_t os, arch, type, comp;
	char name[33];          /* NUL-terminated, as stored (not checked) */
	bool hcrc_ok;           /* the header's own CRC */
};

/* The fields of the header at hdr; -EBADMSG (and nothing filled in) when
 * its magic is wrong. A wrong header CRC is only reported in hcrc_ok. */
int image_uimage_header(const void *hdr, struct uimage_header *h);
/* Whether the len - UIMAGE_HEADER_SIZE data bytes behind the header at hdr
 * match its data CRC. */
bool image_uimage_data_ok(const void *hdr, uint32_t len);

#endif
