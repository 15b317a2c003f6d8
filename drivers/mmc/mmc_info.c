// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the console says about an SD card: type, size, width and clock, and
 * `mmc info`'s CID/CSD/SCR details (SD Physical Layer Simplified
 * Specification 3.01, 5.1 CID, 5.3 CSD, 5.6 SCR). Apart from mmc.c so that
 * it is not in the early image, which the ROM reads.
 */
#include "drivers/mmc/mmc.h"

#include "lib/log.h"
#include "lib/printf.h"

const char *mmc_type_name(enum mmc_type t)
{
	switch (t) {
	case MMC_TYPE_SDSC1: return "SDSC v1";
	case MMC_TYPE_SDSC:  return "SDSC";
	case MMC_TYPE_SDHC:  return "SDHC";
	case MMC_TYPE_SDXC:  return "SDXC";
	default:             return "none";
	}
}

static void fmt_size(uint64_t bytes, char *buf, unsigned size)
{
	if (bytes >= (1ull << 30)) {
		uint64_t tenths = (bytes * 10 + (1ull << 29)) >> 30;

		snprintf(buf, size, "%u.%u GiB", (unsigned)(tenths / 10), (unsigned)(tenths % 10));
	} else {
		snprintf(buf, size, "%u MiB", (unsigned)((bytes + (1u << 19)) >> 20));
	}
}

void mmc_describe(const struct mmc_card *card, char *buf, unsigned size)
{
	char sz[24];
	uint32_t hz = card->clock_hz;

	fmt_size(card->capacity, sz, sizeof(sz));
	if (hz >= 1000000)
		snprintf(buf, size, "%s %s, %u-bit, %u MHz", mmc_type_name(card->type), sz,
			 card->width, (unsigned)(hz / 1000000));
	else
		snprintf(buf, size, "%s %s, %u-bit, %u kHz", mmc_type_name(card->type), sz,
			 card->width, (unsigned)(hz / 1000));
}

/* U-Boot's print_size(): whole units, or one decimal when there is a
 * remainder ("64 MiB", "7.4 GiB", "512 Bytes"). */
static void print_size(uint64_t size)
{
	static const char names[] = "EPTGMK";
	unsigned d = 60, i;
	uint64_t n, f, m = 0;

	for (i = 0; i < 6 && !(size >> d); i++, d -= 10)
		;
	if (i == 6) {
		printf("%u Bytes\n", (unsigned)size);
		return;
	}
	n = size >> d;
	f = size & ((1ull << d) - 1);
	if (f) {
		m = (10ull * f + (1ull << (d - 1))) >> d;
		if (m >= 10) {
			m -= 10;
			n++;
			if (n == 1024 && i > 0) {
				n = 1;
				m = 0;
				i--;
			}
		}
	}
	printf("%llu", (unsigned long long)n);
	if (m)
		printf(".%u", (unsigned)m);
	printf(" %ciB\n", names[i]);
}

void mmc_print_info(const struct mmc_card *card, const char *device)
{
	const uint32_t *cid = card->cid;
	unsigned spec = card->scr[0] & 0xF;

	if (card->type == MMC_TYPE_NONE) {
		pr_err("%s: no card\n", card->name);
		return;
	}
	/* U-Boot's lines and words (cmd/mmc.c print_mmcinfo, with the
	 * Mode: line of its MMC_VERBOSE builds); the values are this card's:
	 * the clock really set, not the one asked for */
	printf("Device: %s\n", device);
	printf("Manufacturer ID: %x\n", (unsigned)mmc_reg_bits(cid, 120, 8));
	printf("OEM: %x\n", (unsigned)mmc_reg_bits(cid, 104, 16));
	printf("Name: ");
	for (int i = 0; i < 5; i++)
		printf("%c", (char)mmc_reg_bits(cid, 96 - 8 * i, 8));
	printf("\nBus Speed: %u\n", (unsigned)card->clock_hz);
	printf("Mode: %s\n", card->high_speed && card->clock_hz > 25000000u ?
	       "SD High Speed (50MHz)" : "MMC legacy");
	printf("Rd Block Len: %u\n", BLOCK_SIZE);
	/* SCR SD_SPEC 0: 1.0, 1: 1.10, 2: 2.0, or 3.0 with SD_SPEC3 (bit 47) */
	if (spec == 1)
		printf("SD version 1.10\n");
	else
		printf("SD version %u.0\n", spec == 2 ? 2u + (card->scr[2] >> 7) : 1u);
	printf("High Capacity: %s\n", card->block_addr ? "Yes" : "No");
	printf("Capacity: ");
	print_size(card->capacity);
	printf("Bus Width: %u-bit\n", card->width);
	/* an SD card's erase group is one sector (U-Boot says the same) */
	printf("Erase Group Size: ");
	print_size(BLOCK_SIZE);
}
