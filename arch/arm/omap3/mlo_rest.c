// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading the rest of the MLO: the GP header of build/<board>/MLO declares
 * only the early part (linker.ld), so the ROM reads 16 KiB or less at its
 * slow rate; the rest of the same file follows it on the medium and is read
 * here at full speed, once SDRAM works (docs/design.md "The ROM-loaded
 * part"). Where the ROM found it: an `MLO` file in the root of the active
 * FAT partition, a raw image behind a configuration header at sector 0,
 * 256, 512 or 768, or NAND blocks 0-3 (TRM chapter 26 "Initialization",
 * MMC/SD and NAND booting). The CRC-32 trailer, also in the descriptor,
 * tells this build's rest from anything else.
 */
#include "arch/arm/omap3/mlo_rest.h"

#include <stdbool.h>
#include <stddef.h>

#include "arch/arm/cold.h"
#include "arch/arm/cpu.h"
#include "arch/arm/mmu.h"
#include "arch/arm/omap3/gpmc_nand.h"
#include "arch/arm/omap3/memid.h"
#include "arch/arm/omap3/soc.h"
#include "arch/arm/omap3/storage.h"
#include "drivers/mmc/mmc.h"
#include "drivers/mtd/nand_core.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/fatmlo.h"
#include "lib/printf.h"
#include "lib/string.h"

extern char _start[], __early_end[], __image_end[];

#define GP_BYTES       8u       /* the GP header in front of the image */
#define SECTOR         512u
#define NAND_PAGE      2048u
#define NAND_OOB       64u
#define NAND_PPB       64u      /* pages per 128 KiB block */
#define NAND_COPIES    4u       /* the ROM looks in blocks 0-3 */
#define NAND_TR_US     1000u    /* tR is 25 µs on the boards' parts */

enum src { SRC_FAT, SRC_RAW, SRC_NAND, SRC_COUNT };
static const char *const src_name[SRC_COUNT] = {
	"MMC1 FAT", "MMC1 raw", "NAND",
};

static const uint8_t *packed;

const uint8_t *mlo_rest_packed(void)
{
	return packed;
}

/* An exception before the cold part, with arm_exception(), is unpacked
 * (start.S). */
void __attribute__((noreturn)) exc_before_rest(int type)
{
	printf("\nexception %d before gtaboot was unpacked: reset\n", type);
	mdelay(100);            /* the console drains in every wait */
	cpu_reset();
}

/* ------------------------------------------------------------ MMC1 */

static int mmc_rd(void *ctx, uint32_t lba, uint32_t count, void *buf)
{
	return mmc_read_blocks(ctx, lba, count, buf);
}

static int start_err;

void mlo_rest_begin(uint8_t bootdev)
{
	struct mmc_card *card = omap3_mmc1();

	if (bootdev != BOOTDEV_MMC1)
		return;
	/* A failure is retried, with a fallback, in card_up(). */
	start_err = omap3_mmc1_init(card->host);
	if (!start_err)
		start_err = mmc_init_start(card);
}

/* The card identified, as common/storage.c does it: three tries, from
 * CMD0, which the card allows at any time. */
static struct mmc_card *card_up(void)
{
	struct mmc_card *card = omap3_mmc1();
	int err = start_err;

	if (card->type != MMC_TYPE_NONE && !card->started)
		return card;
	for (int tries = 0; tries < 3; tries++) {
		if (err)
			printf("mmc1: card initialisation failed (%s); retrying\n", errname(err));
		if (card->started) {
			err = mmc_init_finish(card);
		} else {
			err = omap3_mmc1_init(card->host);
			if (!err)
				err = mmc_init(card);
		}
		if (!err)
			break;
	}
	start_err = 0;
	if (err)
		card->type = MMC_TYPE_NONE;
	return card->type == MMC_TYPE_NONE ? NULL : card;
}

/* File bytes [at, at + n) of the GP header + image, at = 512-aligned. */
static int read_fat(uint32_t at, uint32_t n, uint8_t *dst, uint8_t *sec)
{
	struct mmc_card *card = card_up();

	return card ? fatmlo_read(mmc_rd, card, "MLO        ", at, n, dst, sec) : -ENODEV;
}

/* A raw image: the 512-byte CH, then GP header and image. */
/* The whole rest against the descriptor's CRC-32 (about 1 ms): the SD
 * card's block CRC and the NAND ECC cover the transfer, this a damaged or
 * half-written file, or a copy half erased by a power cut whose trailer
 * survived; each copy is checked whole before the next is skipped. */
static int check(const uint8_t *rest)
{
	return crc32(0, rest, mlo_desc.total - mlo_desc.early - 4) == mlo_desc.crc ?
	       0 : -EBADMSG;
}

/* A copy read to dst: the rest starts behind the early part's last
 * partial sector or page. */
static int copy_ok(const uint8_t *dst, uint32_t at, uint32_t n)
{
	if (get_le32(dst + n - 4) != mlo_desc.crc)
		return -EILSEQ;
	return check(dst + (GP_BYTES + mlo_desc.early - at));
}

static int read_raw(uint32_t at, uint32_t n, uint8_t *dst, uint8_t *sec)
{
	static const uint16_t where[] = { 0, 256, 512, 768 };
	struct mmc_card *card = card_up();
	int err = -ENOENT;

	if (!card)
		return -ENODEV;
	for (unsigned i = 0; i < ARRAY_SIZE(where); i++) {
		int r = mmc_read_blocks(card, where[i], 1, sec);

		if (r)
			return r;
		if (memcmp(sec + 0x14, "CHSETTINGS", 10))
			continue;
		err = mmc_read_blocks(card, where[i] + 1 + at / SECTOR, (n + SECTOR - 1) / SECTOR,
				      dst);
		if (err)
			return err;
		err = copy_ok(dst, at, n);
		if (!err)
			return 0;
	}
	return err;
}

/* ------------------------------------------------------------ NAND */

static int read_nand(uint32_t at, uint32_t n, uint8_t *dst, uint8_t *sec)
{
	const struct gpmc_nand *g = omap3_nand_port();
	uint8_t oob[NAND_OOB];
	int err = -ENOENT;

	for (uint32_t b = 0; b < NAND_COPIES; b++) {
		uint32_t first = b * NAND_PPB + at / NAND_PAGE;

		err = 0;
		/* each page with the ROM's 1-bit Hamming ECC (the early NAND
		 * core, drivers/mtd/nand_core.c): a corrected bit is good data */
		for (uint32_t i = 0; !err && i * NAND_PAGE < n; i++) {
			int r = nand_read_page_ecc(g, first + i, dst + i * NAND_PAGE, oob,
						   NAND_TR_US);

			err = r < 0 ? r : 0;
		}
		if (!err)
			err = copy_ok(dst, at, n);
		if (!err)
			return 0;
	}
	return err;
}

/* ------------------------------------------------------------ the rest */

/* The late hot part into place and executable; the packed part found. */
static const uint8_t *take(const uint8_t *rest)
{
	uint32_t late = (uint32_t)(__image_end - __early_end);

	memcpy(__early_end, rest, late);
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	return rest + late;
}

static int try_src(enum src s, const uint8_t **out)
{
	/* a sector of scratch just past the staging area */
	uint8_t *sec = (uint8_t *)(COLD_STAGE + COLD_STAGE_MAX);
	uint32_t gran = s == SRC_NAND ? NAND_PAGE : SECTOR;
	uint32_t from = GP_BYTES + mlo_desc.early, to = GP_BYTES + mlo_desc.total;
	uint32_t at = from / gran * gran, n = to - at;
	uint8_t *stage = (uint8_t *)COLD_STAGE;
	int err;

	/* read [at, to) in whole sectors or pages; the trailer ends it */
	if (ALIGN_UP(n, gran) > COLD_STAGE_MAX)
		return -EFBIG;
	switch (s) {
	case SRC_FAT:
		err = read_fat(at, n, stage, sec);
		if (!err)
			err = copy_ok(stage, at, n);
		break;
	case SRC_RAW:
		err = read_raw(at, n, stage, sec);
		break;
	default:
		err = read_nand(at, n, stage, sec);
		break;
	}
	/* each reader has checked its copy whole (copy_ok) */
	if (!err)
		*out = take(stage + (from - at));
	return err;
}

const uint8_t *mlo_rest_load(uint8_t bootdev)
{
	enum src order[SRC_COUNT] = { SRC_FAT, SRC_RAW, SRC_NAND };
	uint32_t total = mlo_desc.total;

	/* The ROM loaded all of it (MLO.full, a peripheral boot). */
	if (total <= SRAM_HOT_MAX && total >= 8 &&
	    get_le32(_start + total - 4) == mlo_desc.crc && !check((const uint8_t *)__early_end))
		return packed = (const uint8_t *)__image_end;
	if (bootdev == BOOTDEV_NAND) {
		order[0] = SRC_NAND;
		order[2] = SRC_FAT;
	}
	for (unsigned i = 0; i < SRC_COUNT; i++) {
		const uint8_t *p;
		int err;

		/* a package whose CS0 answered no NAND ID (OneNAND, no flash)
		 * has no NAND copy to read: say so rather than what its pages
		 * happen to hold */
		if (order[i] == SRC_NAND && omap3_mem.part && omap3_mem.flash != MEM_FLASH_NAND) {
			printf("MLO: rest not read from NAND (no NAND on GPMC CS0)\n");
			continue;
		}
		err = try_src(order[i], &p);

		if (!err) {
			if (i)
				printf("MLO: rest read from %s\n", src_name[order[i]]);
			return packed = p;
		}
		printf("MLO: rest not read from %s (%s)\n", src_name[order[i]],
		       err == -EILSEQ ? "another build's" : errname(err));
	}
	return NULL;
}
