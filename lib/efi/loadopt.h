/* SPDX-License-Identifier: GPL-2.0-or-later */
/* EFI_LOAD_OPTION (the data of Boot####, UEFI 2.10 section 3.1.3) and the
 * device paths in it (section 10.3): checked, walked node by node, and
 * the image's partition and file path taken out for a boot manager. */
#ifndef LIB_EFI_LOADOPT_H
#define LIB_EFI_LOADOPT_H

#include <stddef.h>
#include <stdint.h>

#define EFI_LOAD_OPTION_ACTIVE  0x00000001
#define EFI_LOAD_OPTION_HIDDEN  0x00000008

#define EFI_DP_TYPE_HARDWARE  0x01
#define EFI_DP_TYPE_ACPI      0x02
#define EFI_DP_TYPE_MESSAGING 0x03
#define EFI_DP_TYPE_MEDIA     0x04
#define EFI_DP_TYPE_END       0x7f
#define EFI_DP_END_ENTIRE     0xff
#define EFI_DP_END_INSTANCE   0x01
#define EFI_DP_MEDIA_HARD_DRIVE 0x01
#define EFI_DP_MEDIA_FILE_PATH  0x04

#define EFI_DESC_MAX 256   /* UTF-16 units of a description with its NUL: a bound of ours */

/* A load option's parts, pointing into the variable's data. */
struct efi_load_option {
	uint32_t attributes;
	const uint8_t *desc;            /* UTF-16LE with its NUL */
	uint32_t desc_units;            /* with the NUL */
	const uint8_t *paths;           /* one or more device paths */
	uint32_t paths_len;
	const uint8_t *optional;        /* what follows: the image's load options */
	uint32_t optional_len;
};

/* One device path node. */
struct efi_dp_node {
	uint8_t type, subtype;
	uint16_t len;                   /* with the 4-byte header */
	const uint8_t *data;            /* len - 4 bytes after the header */
};

/* A Hard Drive media node (section 10.3.5.1). */
struct efi_dp_hd {
	uint32_t part;                  /* partition number, from 1 */
	uint64_t start, size;           /* in the disk's logical blocks */
	uint8_t signature[16];          /* MBR: 4 bytes of the disk signature; GPT: the GUID */
	uint8_t format;                 /* 1 MBR, 2 GPT */
	uint8_t sig_type;               /* 0 none, 1 MBR signature, 2 GUID */
};

/*
 * Checks a load option (len bytes): the description ends within it, the
 * device path list fits and is whole device paths, each of nodes of at
 * least 4 bytes ending in an End Entire node. 0 and *lo; -EBADMSG, *why
 * naming what is wrong.
 */
int efi_load_option_parse(const void *data, size_t len, struct efi_load_option *lo,
			  const char **why);

/* The node at *pos of a checked device path list (len bytes), *pos moved
 * past it: 0, or -ENOENT at the end. */
int efi_dp_next(const uint8_t *dp, uint32_t len, uint32_t *pos, struct efi_dp_node *n);

/*
 * From the first device path of a checked list: the Hard Drive node, if
 * any (*hd, hd->part 0 if none), and the File Path nodes joined into a
 * UTF-8 path with '/' for '\' (path, cap bytes with the NUL). 0; -ENOENT
 * (no file path), -EBADMSG (a malformed Hard Drive or File Path node),
 * -EILSEQ (a name not UTF-16), -ENAMETOOLONG, *why naming it.
 */
int efi_dp_boot_file(const uint8_t *dp, uint32_t len, struct efi_dp_hd *hd, char *path,
		     size_t cap, const char **why);

#endif
