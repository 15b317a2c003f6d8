// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Storage bring-up for the boot flow: I2C1 at 400 kHz, the TWL4030's VMMC1,
 * then MMC1 with its card (the card's supply
 * is the TWL4030's VMMC1: TPS65950 TRM SWCU050 "Power Management";
 * docs/design.md, boot step 8). The rest of common/ reaches the card, the
 * NAND and the PMIC through here.
 */
#include "arch/arm/platform.h"
#include "common/storage.h"

#include "board/board.h"
#include "common/sysinfo.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

#define VMMC1_MV 3150
#define MMC_INIT_TRIES 3

static struct omap_i2c i2c1;
static struct twl4030 twl;
static bool twl_ok;

static int pmic_init(void)
{
	int err = plat_i2c_init(1, &i2c1, 400000);

	if (err) {
		pr_err("i2c1: controller did not come up (%s)\n", errname(err));
		return err;
	}
	twl4030_setup(&twl, &i2c1);
	/* A transfer lost to noise must not cost the card for the whole
	 * boot: three tries, as for the card itself. */
	for (int i = 0; i < 3; i++) {
		err = twl4030_vmmc1_on(&twl, VMMC1_MV);
		if (err >= 0)
			break;
		pr_warn("twl4030: VMMC1 write failed (%s)%s\n", errname(err),
			i < 2 ? "; retrying" : "");
	}
	if (err < 0) {
		pr_err("twl4030: cannot switch VMMC1 on (%s): no SD card power\n", errname(err));
		return err;
	}
	twl_ok = true;
	return 0;
}

int storage_init(void)
{
	/* shared with the early part, which may have identified it already */
	struct mmc_card *card = plat_mmc1();
	char line[64];
	int err = pmic_init();

	if (err)
		return err;
	/* Identified, or its power-up started, by the early part (SD boot,
	 * arch/arm/omap3/mlo_rest.c)? */
	if (card->started) {
		err = mmc_init_finish(card);
		if (err) {
			card->type = MMC_TYPE_NONE;
			pr_warn("mmc1: card initialisation failed (%s); retrying\n", errname(err));
		}
	}
	if (card->type != MMC_TYPE_NONE) {
		mmc_describe(card, line, sizeof(line));
		printf("mmc1: %s\n", line);
		plat_mmc1_enable_writes();
		return 0;
	}
	err = plat_mmc1_host_init();
	if (err) {
		pr_err("mmc1: host controller did not come up (%s)\n", errname(err));
		return err;
	}
	/* A command lost to noise during identification should not cost the
	 * card: start again from CMD0, as the card allows at any time. */
	for (int tries = 1; (err = mmc_init(card)) && tries < MMC_INIT_TRIES; tries++)
		pr_warn("mmc1: card initialisation failed (%s); retrying\n", errname(err));
	if (err) {
		card->type = MMC_TYPE_NONE;
		return err;
	}
	mmc_describe(card, line, sizeof(line));
	printf("mmc1: %s\n", line);
	/* saveenv's uboot.env on the boot partition (common/envstore.c) */
	plat_mmc1_enable_writes();
	return 0;
}

struct blockdev *storage_mmc1(void)
{
	struct mmc_card *card = plat_mmc1();

	return card->type != MMC_TYPE_NONE ? &card->bd : NULL;
}

struct mmc_card *storage_mmc1_card(void)
{
	return plat_mmc1();
}

struct nand_chip *storage_nand(int *err)
{
	const struct mem_part *p = sys.mem.part;
	int e = -ENODEV;

	/* The package was identified before SDRAM (memid.c): a OneNAND, or
	 * no flash at all, is not a NAND to probe. */
	if (p && sys.mem.flash == MEM_FLASH_ONENAND) {
		printf("nand: this board has OneNAND (%s), not NAND: the nand commands, "
		       "flash mlo and the NAND boot do not support it\n", p->sdram->part);
		e = -ENOTSUP;
	} else if (p && sys.mem.flash != MEM_FLASH_NAND) {
		printf("nand: this board's memory package has no NAND\n");
	} else {
		return plat_nand(err);
	}
	if (err)
		*err = e;
	return NULL;
}

bool storage_has_nand(void)
{
	return !sys.mem.part || sys.mem.flash == MEM_FLASH_NAND;
}

struct twl4030 *storage_twl(void)
{
	return twl_ok ? &twl : NULL;
}
