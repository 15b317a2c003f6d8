// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The initrd of `bootefi <image> <initrd>:<size>` for Linux's EFI stub, as
 * U-Boot offers it: a handle whose device path is one vendor media node of
 * LINUX_EFI_INITRD_MEDIA_GUID, with EFI_LOAD_FILE2_PROTOCOL (UEFI 2.10,
 * 13.2) handing out a copy. The stub (5.8 and later) finds it with
 * LocateDevicePath, loads it into pages of its own and tells the kernel in
 * a configuration table.
 */
#include "efi/efi.h"

#include "lib/string.h"

static const efi_guid guid_load_file2 = GUID(0x4006c0c1, 0xfcb3, 0x403e, 0x99, 0x6d, 0x4a, 0x6c,
					     0x87, 0x24, 0xe0, 0x6d);
static const efi_guid guid_initrd_media = GUID(0x5568e427, 0x68fc, 0x4f3d, 0xac, 0x74, 0xca,
					       0x55, 0x52, 0x31, 0xcc, 0x68);

struct load_file2 {
	efi_status (*load_file)(struct load_file2 *self, void *dp, bool boot_policy,
				uint32_t *size, void *buf);
};

static struct load_file2 lf2;
static uint8_t dp[24] __attribute__((aligned(4)));
static const uint8_t *initrd;
static uint32_t initrd_size;

static efi_status load_file(struct load_file2 *self, void *rest, bool boot_policy,
			    uint32_t *size, void *buf)
{
	const uint8_t *r = rest;

	if (!size || !r)
		return EFI_INVALID_PARAMETER;
	if (boot_policy)
		return EFI_UNSUPPORTED;   /* LoadFile2 has no boot policy */
	if (r[0] != 0x7f || r[1] != 0xff)
		return EFI_NOT_FOUND;     /* a file below the initrd: none */
	if (!buf || *size < initrd_size) {
		*size = initrd_size;
		return EFI_BUFFER_TOO_SMALL;
	}
	memcpy(buf, initrd, initrd_size);
	*size = initrd_size;
	return EFI_SUCCESS;
}

efi_status efi_initrd_register(const void *start, uint32_t size)
{
	efi_handle h = NULL;
	efi_status st;

	initrd = start;
	initrd_size = size;
	lf2.load_file = load_file;
	memset(dp, 0, sizeof(dp));
	dp[0] = 4;          /* media */
	dp[1] = 3;          /* vendor */
	dp[2] = 20;
	memcpy(dp + 4, &guid_initrd_media, sizeof(efi_guid));
	dp[20] = 0x7f;      /* End Entire */
	dp[21] = 0xff;
	dp[22] = 4;
	st = efi_install(&h, &efi_guid_device_path, dp);
	return st ? st : efi_install(&h, &guid_load_file2, &lf2);
}
