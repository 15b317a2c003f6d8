// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading the rest of the MLO: the GP header of build/<board>/MLO declares
 * only the early image (arch/arm/early.ld), so the ROM reads 16 KiB or less
 * at its slow rate; the rest of the same file follows it on the medium and
 * is read here at full speed, once SDRAM works (docs/design.md "Two
 * images"). Where the ROM found it: an `MLO` file in the root of the FAT
 * volume (with or without a configuration header in front), a raw image behind a configuration header at sector 0,
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
#include "arch/arm/omap3/mlo_usb.h"
#include "arch/arm/omap3/soc.h"
#include "arch/arm/omap3/mmc1.h"
#include "drivers/mmc/mmc.h"
#include "drivers/mtd/nand_core.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/fs/fatmlo.h"
#include "lib/printf.h"
#include "lib/string.h"

extern char __early_end[];

#define SECTOR         512u
#define NAND_PAGE      NAND_PAGE_SIZE   /* the early NAND core's (nand_core.h) */
#define NAND_PPB       64u      /* pages per 128 KiB block */
#define NAND_TR_US     1000u    /* tR is 25 µs on the boards' parts */

enum src { SRC_FAT, SRC_RAW, SRC_NAND, SRC_USB, SRC_COUNT };
static const char *const src_name[SRC_COUNT] = {
	"MMC1 FAT", "MMC1 raw", "NAND", "USB",
};

static const uint8_t *packed;

_Static_assert(offsetof(struct mlo_desc, early) == MLO_DESC_EARLY &&
	       offsetof(struct mlo_desc, total) == MLO_DESC_TOTAL &&
	       offsetof(struct mlo_desc, crc) == MLO_DESC_CRC &&
	       sizeof(struct mlo_desc) == MLO_DESC_BYTES, "mlo_layout.h: the descriptor");

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
	struct mmc_card *card = plat_mmc1();

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
	struct mmc_card *card = plat_mmc1();
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

/* The whole rest against the descriptor's CRC-32 (about 1 ms): the SD
 * card's block CRC and the NAND ECC cover the transfer, this a damaged or
 * half-written file, or a copy half erased by a power cut whose trailer
 * survived; each copy is checked whole before the next is skipped. */
static int check(const uint8_t *rest)
{
	return crc32(0, rest, mlo_desc.total - mlo_desc.early - MLO_TRAILER_BYTES) == mlo_desc.crc ?
	       0 : -EBADMSG;
}

/* What to read of a copy whose GP header starts at byte base of the file
 * or sectors: [at, at + n) in whole sectors or pages of gran bytes, the
 * rest at byte skip of what was read, the trailer last. */
struct span {
	uint32_t at, n, skip;
};

static int span_of(uint32_t base, uint32_t gran, struct span *sp)
{
	uint32_t from = base + MLO_GP_BYTES + mlo_desc.early;

	sp->at = from / gran * gran;
	sp->n = base + MLO_GP_BYTES + mlo_desc.total - sp->at;
	sp->skip = from - sp->at;
	return ALIGN_UP(sp->n, gran) > COLD_STAGE_MAX ? -EFBIG : 0;
}

/* Where the GP header starts in a copy whose first sector or page is p:
 * 512 bytes in when a configuration header (CH) is in front, which the ROM
 * skips (TRM "Image Format": the CH is optional; docs/rom.md), else 0. */
static uint32_t gp_base(const uint8_t *p)
{
	return memcmp(p + MLO_CH_NAME_OFF, "CHSETTINGS", 10) ? 0 : MLO_CH_BYTES;
}

/* A copy read to dst: this build's trailer, and the rest whole. */
static int copy_ok(const uint8_t *dst, const struct span *sp)
{
	if (get_le32(dst + sp->n - MLO_TRAILER_BYTES) != mlo_desc.crc)
		return -EILSEQ;
	return check(dst + sp->skip);
}

/* The MLO file: a plain one (GP header first) or one with a CH in front,
 * such as MLO.raw or U-Boot's omapimage copied onto the card. */
static int read_fat(uint8_t *dst, uint8_t *sec, uint32_t *skip)
{
	static const char name[11] = "MLO        ";
	struct mmc_card *card = card_up();
	struct span sp = { 0 };
	int err;

	if (!card)
		return -ENODEV;
	err = fatmlo_read(mmc_rd, card, name, 0, SECTOR, dst, sec);
	if (!err)
		err = span_of(gp_base(dst), SECTOR, &sp);
	if (!err)
		err = fatmlo_read(mmc_rd, card, name, sp.at, sp.n, dst, sec);
	if (!err)
		err = copy_ok(dst, &sp);
	*skip = sp.skip;
	return err;
}

/* A raw image: the 512-byte CH at one of the ROM's four sectors, then the
 * GP header and image. */
static int read_raw(uint8_t *dst, uint8_t *sec, uint32_t *skip)
{
	struct mmc_card *card = card_up();
	struct span sp;
	int err = span_of(MLO_CH_BYTES, SECTOR, &sp);

	if (err)
		return err;
	if (!card)
		return -ENODEV;
	*skip = sp.skip;
	err = -ENOENT;
	for (uint32_t where = 0; where < MLO_RAW_COPIES * MLO_RAW_STRIDE; where += MLO_RAW_STRIDE) {
		int r = mmc_read_blocks(card, where, 1, sec);

		if (r)
			return r;
		if (!gp_base(sec))
			continue;
		r = mmc_read_blocks(card, where + sp.at / SECTOR, (sp.n + SECTOR - 1) / SECTOR,
				    dst);
		if (r)
			return r;
		err = copy_ok(dst, &sp);
		if (!err)
			return 0;
	}
	return err;
}

/* ------------------------------------------------------------ NAND */

/* The NAND copies carry no CH: `flash mlo` writes the GP header first. */
static int read_nand(uint8_t *dst, uint8_t *sec, uint32_t *skip)
{
	const struct gpmc_nand *g = omap3_nand_port();
	uint8_t oob[NAND_OOB_SIZE];
	struct span sp;
	int err = span_of(0, NAND_PAGE, &sp);

	(void)sec;
	if (err)
		return err;
	*skip = sp.skip;
	for (uint32_t b = 0; b < MLO_NAND_COPIES; b++) {
		uint32_t first = b * NAND_PPB + sp.at / NAND_PAGE;

		err = 0;
		/* each page with the ROM's 1-bit Hamming ECC (the early NAND
		 * core, drivers/mtd/nand_core.c): a corrected bit is good data */
		for (uint32_t i = 0; !err && i * NAND_PAGE < sp.n; i++) {
			int r = nand_read_page_ecc(g, first + i, dst + i * NAND_PAGE, oob,
						   NAND_TR_US);

			err = r < 0 ? r : 0;
		}
		if (!err)
			err = copy_ok(dst, &sp);
		if (!err)
			return 0;
	}
	return err;
}

/* ------------------------------------------------------------ USB */

/* After a USB peripheral boot: the same MLO file from the PC (`omap-usbboot
 * MLO MLO`), from where the rest starts behind the GP header and the early
 * part; the size the PC offers must be this build's rest. */
static int read_usb(uint8_t *dst, uint8_t *sec, uint32_t *skip)
{
	struct span sp;
	int err = span_of(0, 1, &sp);

	(void)sec;
	*skip = 0;
	if (!err)
		err = mlo_usb_fetch(dst, sp.at, sp.n);
	if (!err)
		err = copy_ok(dst, &sp);
	if (err)
		printf("MLO: on the PC: omap-usbboot MLO MLO\n");
	return err;
}

/* ------------------------------------------------------------ the rest */

/* The late part's length, from its second word (mlo_layout.h), if it
 * fits SRAM behind this image; 0 if not. */
static uint32_t late_len(const uint8_t *late)
{
	uint32_t n = get_le32(late + MLO_LATE_LEN_OFF);

	return n >= 2 * MLO_LATE_LEN_OFF && n <= SRAM_BSS_BASE - (uint32_t)(uintptr_t)__early_end &&
	       !(n & 3u) ? n : 0;
}

/* The late part into place and executable; the packed part found. */
static const uint8_t *take(const uint8_t *rest)
{
	uint32_t late = late_len(rest);

	if (!late)
		return NULL;
	memcpy(__early_end, rest, late);
	cache_dcache_clean_inv_all();
	cache_icache_inv_all();
	return rest + late;
}

static int try_src(enum src s, const uint8_t **out)
{
	/* a sector of scratch just past the staging area */
	uint8_t *sec = (uint8_t *)(COLD_STAGE + COLD_STAGE_MAX);
	uint8_t *stage = (uint8_t *)COLD_STAGE;
	uint32_t skip = 0;
	int err;

	switch (s) {
	case SRC_FAT:
		err = read_fat(stage, sec, &skip);
		break;
	case SRC_RAW:
		err = read_raw(stage, sec, &skip);
		break;
	case SRC_NAND:
		err = read_nand(stage, sec, &skip);
		break;
	default:
		err = read_usb(stage, sec, &skip);
		break;
	}
	/* each reader has checked its copy whole (copy_ok) */
	if (!err && !(*out = take(stage + skip)))
		err = -EBADMSG;
	return err;
}

const uint8_t *mlo_rest_load(uint8_t bootdev, bool nand_fitted)
{
	/* USB only after a USB boot (the PC first, then the card and NAND):
	 * otherwise no host is there, and the controller may have no clock */
	enum src order[SRC_COUNT] = { SRC_USB, SRC_FAT, SRC_RAW, SRC_NAND };
	unsigned first = bootdev == BOOTDEV_USB ? 0 : 1;

	if (bootdev == BOOTDEV_NAND) {
		order[1] = SRC_NAND;
		order[3] = SRC_FAT;
	}
	for (unsigned i = first; i < SRC_COUNT; i++) {
		const uint8_t *p;
		int err;

		/* a package whose CS0 answered no NAND ID (OneNAND, no flash)
		 * has no NAND copy to read: say so rather than what its pages
		 * happen to hold */
		if (order[i] == SRC_NAND && !nand_fitted) {
			printf("MLO: rest not read from NAND (no NAND on GPMC CS0)\n");
			continue;
		}
		err = try_src(order[i], &p);

		if (!err) {
			if (i != first)
				printf("MLO: rest read from %s\n", src_name[order[i]]);
			return packed = p;
		}
		printf("MLO: rest not read from %s (%s)\n", src_name[order[i]],
		       err == -EILSEQ ? "another build's" : errname(err));
	}
	return NULL;
}
