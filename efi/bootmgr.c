// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * `bootefi bootmgr`: the UEFI boot manager (UEFI 2.10 3.1) as U-Boot's
 * efi_bootmgr_load() runs it: BootNext (deleted before it is tried),
 * else each of BootOrder, whose Boot#### load option (lib/efi/loadopt.c)
 * names a partition of the card (its Hard Drive node) and a file on it;
 * the first that loads is the image, with the option's optional data as
 * its LoadOptions and BootCurrent set. U-Boot's messages.
 */
#include "efi/efi.h"

#include "lib/efi/devpath.h"
#include "lib/efi/loadopt.h"
#include "lib/printf.h"
#include "lib/string.h"

#define LOAD_OPTION_ACTIVE 0x1u
#define VAR_BS_RT          0x6u

static const efi_guid global = GUID(0x8be4df61, 0x93ca, 0x11d2, 0xaa, 0x0d, 0x00, 0xe0, 0x98,
				    0x03, 0x2b, 0x8c);

static uint8_t opt[4096];    /* one Boot#### */
static char label[256];      /* its description, as UTF-8 for the console */

static void boot_name(char16 name[9], uint16_t n)
{
	static const char hex[] = "0123456789ABCDEF";

	memcpy(name, u"Boot", 8);
	for (int i = 0; i < 4; i++)
		name[4 + i] = (char16)hex[(n >> (12 - 4 * i)) & 0xf];
	name[8] = 0;
}

/* Boot#### loaded and its load options set; an error (said) otherwise. */
static efi_status try_option(uint16_t n, struct efi_image **out)
{
	struct efi_load_option lo;
	struct efi_dp_hd hd;
	char16 name[9];
	char path[EFI_PATH_MAX], text[512];
	const char *why = "";
	uint32_t size = sizeof(opt), attr;
	efi_handle dev;
	efi_status st;
	void *data;

	boot_name(name, n);
	st = efi_get_variable(name, &global, &attr, &size, opt);
	if (st) {
		printf("Boot%04X: %s\n", n, efi_status_name(st));
		return st;
	}
	if (efi_load_option_parse(opt, size, &lo, &why)) {
		printf("Boot%04X: not a load option (%s)\n", n, why);
		return EFI_INVALID_PARAMETER;
	}
	/* the label as the console shows it: ASCII, '?' for the rest */
	for (uint32_t i = 0; i + 1 < lo.desc_units && i + 1 < sizeof(label); i++) {
		uint16_t c = (uint16_t)(lo.desc[2 * i] | lo.desc[2 * i + 1] << 8);

		label[i] = c && c < 0x80 ? (char)c : '?';
		label[i + 1] = 0;
	}
	if (lo.desc_units <= 1)
		label[0] = 0;
	if (!(lo.attributes & LOAD_OPTION_ACTIVE)) {
		printf("Load option Boot%04X is not active\n", n);
		return EFI_LOAD_ERROR;
	}
	st = EFI_NOT_FOUND;
	if (!efi_dp_boot_file(lo.paths, lo.paths_len, &hd, path, sizeof(path), &why) &&
	    hd.part) {
		dev = efi_disk_part(hd.part, hd.start);
		st = dev ? efi_image_load_file(NULL, dev, path, out) : EFI_NOT_FOUND;
	}
	if (st) {
		printf("Loading Boot%04X '%s' failed\n", n, label);
		return st;
	}
	efi_set_variable(u"BootCurrent", &global, VAR_BS_RT, 2, &n);
	efi_dp_to_text(lo.paths, lo.paths_len, text, sizeof(text));
	printf("Booting: Label: %s Device path: %s\n", label, text);
	if (lo.optional_len && !efi_alloc_pool(EFI_LOADER_DATA, lo.optional_len, &data)) {
		memcpy(data, lo.optional, lo.optional_len);
		(*out)->li.options = data;
		(*out)->li.options_size = lo.optional_len;
	}
	return EFI_SUCCESS;
}

efi_status efi_bootmgr_load(struct efi_image **out)
{
	uint16_t next, order[64];
	uint32_t size = sizeof(next), attr;
	efi_status st;

	st = efi_get_variable(u"BootNext", &global, &attr, &size, &next);
	if (st == EFI_SUCCESS || st == EFI_BUFFER_TOO_SMALL) {
		if (st || size != 2) {
			printf("BootNext must be 16-bit integer\n");
		} else {
			/* deleted before it runs: it is for one boot */
			if (efi_set_variable(u"BootNext", &global, 0, 0, NULL))
				printf("Deleting BootNext failed\n");
			if (!try_option(next, out))
				return EFI_SUCCESS;
		}
	}
	size = sizeof(order);
	st = efi_get_variable(u"BootOrder", &global, &attr, &size, order);
	if (st == EFI_NOT_FOUND)
		printf("BootOrder not defined\n");
	for (uint32_t i = 0; !st && i < size / 2; i++)
		if (!try_option(order[i], out))
			return EFI_SUCCESS;
	printf("EFI boot manager: Cannot load any image\n");
	return EFI_NOT_FOUND;
}
