/* SPDX-License-Identifier: GPL-2.0-or-later */
/* EFI device paths (UEFI 2.10 section 10.3): building the ones the
 * firmware installs for the SD card, its partitions and files, and
 * EFI_DEVICE_PATH_TO_TEXT_PROTOCOL's text forms (10.6) of them and of the
 * common node types, on any bytes, never reading past the path. */
#ifndef LIB_EFI_DEVPATH_H
#define LIB_EFI_DEVPATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EFI_DP_HW               0x01
#define EFI_DP_ACPI             0x02
#define EFI_DP_MSG              0x03
#define EFI_DP_MEDIA            0x04
#define EFI_DP_BBS              0x05
#define EFI_DP_END              0x7f

#define EFI_DP_HW_VENDOR        0x04
#define EFI_DP_MSG_SD           0x1a
#define EFI_DP_MSG_EMMC         0x1d
#define EFI_DP_MEDIA_HD         0x01
#define EFI_DP_MEDIA_FILE       0x04
#define EFI_DP_END_INSTANCE     0x01
#define EFI_DP_END_ENTIRE       0xff

#define EFI_DP_HD_LEN           42

/* The vendor GUID of gtaboot's root hardware node,
 * c4b3f03a-713d-4f47-87e2-025a3ce66876, in memory order. */
extern const uint8_t efi_gtaboot_root_guid[16];

/* A device path being built in buf (cap bytes). A node that does not fit
 * sets overflow and is left out; the length stays that of whole nodes. */
struct efi_dp_builder {
	uint8_t *buf;
	size_t cap, len;
	bool overflow;
};

void efi_dp_init(struct efi_dp_builder *b, void *buf, size_t cap);
/* VenHw(guid) with len bytes of vendor data. */
void efi_dp_vendor_hw(struct efi_dp_builder *b, const uint8_t guid[16], const void *data,
		      size_t len);
/* SD(slot) (messaging 0x1A) or eMMC(slot) (0x1D). */
void efi_dp_sd(struct efi_dp_builder *b, uint8_t slot, bool emmc);
/* HD(part,MBR,sig,start,size): a partition of an MBR disk (signature the
 * disk's, at byte 440); start and size in 512-byte blocks. */
void efi_dp_hd_mbr(struct efi_dp_builder *b, uint32_t part, uint64_t start, uint64_t size,
		   uint32_t disk_sig);
/* HD(part,GPT,guid,start,size): a GPT partition by its unique GUID. */
void efi_dp_hd_gpt(struct efi_dp_builder *b, uint32_t part, uint64_t start, uint64_t size,
		   const uint8_t guid[16]);
/* A File Path node: path in UTF-8, '/' written as '\'. */
void efi_dp_file(struct efi_dp_builder *b, const char *path);
/* Ends the path (End Entire); returns its length with the End node, or 0
 * when something did not fit. */
size_t efi_dp_end(struct efi_dp_builder *b);

/* The firmware's paths: VenHw(gtaboot)/SD(slot) for the card as a whole,
 * then /HD(...) for an MBR partition. Return the length or 0 (no room). */
size_t efi_dp_sd_card(void *buf, size_t cap, uint8_t slot);
size_t efi_dp_sd_partition(void *buf, size_t cap, uint8_t slot, uint32_t part, uint64_t start,
			   uint64_t size, uint32_t disk_sig);

/* The length of the device path at dp (at most max bytes) up to and with
 * its End Entire node; 0 when a node is shorter than 4 bytes, runs past
 * max, or no End Entire comes. */
size_t efi_dp_size(const void *dp, size_t max);

/*
 * ConvertDeviceNodeToText: the text of the node at node (avail bytes may
 * be read) into out (cap bytes, always NUL-terminated when cap > 0), in
 * UTF-8 (File Path names may be non-ASCII). Returns the length the whole
 * text needs without its NUL (more than cap - 1: cut short), or -1 for a
 * node whose length is under 4 or past avail. Node types it does not know,
 * and known ones of the wrong length, are written in the generic forms of
 * 10.6.1.1 (HardwarePath(subtype,hex), Msg(...), Path(type,subtype,hex)).
 * Shortcut and display-only forms are not made: the full forms are valid
 * text for both.
 */
int efi_dp_node_to_text(const void *node, size_t avail, char *out, size_t cap);
/* ConvertDevicePathToText: the nodes joined by '/', an End Instance as
 * ',', up to the End Entire node; -1 for a path efi_dp_size refuses. */
int efi_dp_to_text(const void *dp, size_t max, char *out, size_t cap);

#endif
