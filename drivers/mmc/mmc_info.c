// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the console says about an SD card: type, size, width and clock, and
 * `mmc info`'s CID/CSD/SCR details (SD Physical Layer Simplified
 * Specification 3.01, 5.1 CID, 5.3 CSD, 5.6 SCR). Apart from mmc.c so that
 * it is not in the ROM-loaded part (linker.ld).
 */
#include "drivers/mmc/mmc.h"

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

void mmc_print_info(const struct mmc_card *card)
{
	char line[64];
	const uint32_t *cid = card->cid;
	char pnm[6];

	if (card->type == MMC_TYPE_NONE) {
		printf("%s: no card\n", card->name);
		return;
	}
	mmc_describe(card, line, sizeof(line));
	for (int i = 0; i < 5; i++)
		pnm[i] = (char)mmc_reg_bits(cid, 96 - 8 * i, 8);
	pnm[5] = '\0';
	printf("%s: %s\n", card->name, line);
	printf("  manufacturer 0x%02x, OEM \"%c%c\", product \"%s\", rev %u.%u, serial 0x%08x, %u-%02u\n",
	       (unsigned)mmc_reg_bits(cid, 120, 8), (char)mmc_reg_bits(cid, 112, 8), (char)mmc_reg_bits(cid, 104, 8), pnm,
	       (unsigned)mmc_reg_bits(cid, 60, 4), (unsigned)mmc_reg_bits(cid, 56, 4), (unsigned)mmc_reg_bits(cid, 24, 32),
	       2000 + (unsigned)mmc_reg_bits(cid, 12, 8), (unsigned)mmc_reg_bits(cid, 8, 4));
	printf("  blocks %llu, RCA 0x%04x, OCR 0x%08x, CSD v%u, SD spec %u, high speed %s\n",
	       (unsigned long long)card->bd.nblocks, card->rca, (unsigned)card->ocr,
	       (unsigned)mmc_reg_bits(card->csd, 126, 2) + 1, card->scr[0] & 0xF,
	       card->high_speed ? "yes" : "no");
}
