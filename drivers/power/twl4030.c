// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TWL4030/TPS65950 power companion: VMMC1, VPLL2, the backup-battery charger,
 * hardware status, the MADC, power-off, IDCODE and the backup registers
 * (TPS65950 TRM chapters "Power Management", "MADC", "Backup Battery";
 * document SWCU050).
 */
#include "drivers/power/twl4030.h"

#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

#define ADDR_INTBR	0x49
#define ADDR_MADC	0x4A
#define ADDR_PM		0x4B

/* 0x4B */
#define BACKUP_REG_A	0x14
#define CFG_P1_TRANS	0x36	/* CFG_P1..P3_TRANSITION at 0x36..0x38 */
#define STARTON_CHG	BIT(1)
#define STARTON_VBAT	BIT(4)
#define STARTON_VBUS	BIT(5)
#define PROTECT_KEY	0x44
#define KEY_CFG1	0xC0	/* then KEY_CFG2: the CFG registers writable */
#define KEY_CFG2	0x0C
#define STS_HW_COND	0x45
#define P1_SW_EVENTS	0x46
#define DEVOFF		BIT(0)
#define BB_CFG		0x6D
#define BBCHEN		BIT(4)
#define BBSEL_BBISEL	0x0F	/* BBSEL [3:2], BBISEL [1:0] */
#define VMMC1_DEV_GRP	0x82
#define VMMC1_DEDICATED	0x85
#define VPLL2_DEV_GRP	0x8E
#define VPLL2_DEDICATED	0x91
#define DEV_GRP_P1	0x20
#define DEV_GRP_ALL	0xE0	/* P1, P2 and P3 */
/* 0x49 */
#define IDCODE_7_0	0x85
#define GPBR1		0x91
#define MADC_CLKS	0x90	/* MADC_HFCLK_EN | DEFAULT_MADC_CLK_EN */
#define UNLOCK_TEST	0x97
/* 0x4A */
#define MADC_CTRL1	0x00
#define MADC_ON		BIT(0)
#define SW1SELECT_LSB	0x06
#define CTRL_SW1	0x12
#define SW1_BUSY	BIT(0)
#define SW1_EOC		BIT(1)
#define SW1_START	BIT(5)
#define GPCH0_LSB	0x37
#define BCICTL1		0x97	/* MAIN_CHARGE (0x74) + 0x23 */
#define MESBAT		BIT(1)	/* battery voltage divider on */

#define VMMC1_RAMP_MS	100
#define VPLL2_RAMP_US	100	/* docs/references.md, "VPLL2" */
#define MADC_TIMEOUT_US	10000

void twl4030_setup(struct twl4030 *twl, struct omap_i2c *i2c)
{
	twl->i2c = i2c;
}

int twl4030_read(struct twl4030 *twl, uint8_t addr, uint8_t reg, uint8_t *val)
{
	return i2c_read_reg(twl->i2c, addr, reg, val);
}

int twl4030_write(struct twl4030 *twl, uint8_t addr, uint8_t reg, uint8_t val)
{
	return i2c_write_reg(twl->i2c, addr, reg, val);
}

static int twl_update(struct twl4030 *twl, uint8_t addr, uint8_t reg, uint8_t clr, uint8_t set)
{
	uint8_t v;
	int err = twl4030_read(twl, addr, reg, &v);

	if (err)
		return err;
	return twl4030_write(twl, addr, reg, (uint8_t)((v & ~clr) | set));
}

int twl4030_vmmc1_on(struct twl4030 *twl, unsigned mv)
{
	static const unsigned steps[4] = { 1850, 2850, 3000, 3150 };
	uint8_t grp, ded, vsel;
	int err;

	for (vsel = 0; vsel < 4 && steps[vsel] != mv; vsel++)
		;
	if (vsel == 4)
		return -EINVAL;
	err = twl4030_read(twl, ADDR_PM, VMMC1_DEV_GRP, &grp);
	if (!err)
		err = twl4030_read(twl, ADDR_PM, VMMC1_DEDICATED, &ded);
	if (err)
		return err;
	/* After an SD boot the ROM has done this already: skip the ramp. */
	if ((grp & DEV_GRP_P1) && (ded & 3) == vsel)
		return 1;
	err = twl4030_write(twl, ADDR_PM, VMMC1_DEDICATED, vsel);
	if (!err)
		err = twl4030_write(twl, ADDR_PM, VMMC1_DEV_GRP, DEV_GRP_P1);
	if (err)
		return err;
	mdelay(VMMC1_RAMP_MS);
	return 0;
}

int twl4030_vpll2_on(struct twl4030 *twl, unsigned mv)
{
	/* VPLL2_DEDICATED VSEL (bits 3:0), SWCU050 "Power Management" */
	static const unsigned short steps[12] = {
		700, 1000, 1200, 1300, 1500, 1800, 1850, 2500, 2600, 2800, 2850, 3000,
	};
	uint8_t grp, ded, vsel;
	int err;

	for (vsel = 0; vsel < 12 && steps[vsel] != mv; vsel++)
		;
	if (vsel == 12)
		return -EINVAL;
	err = twl4030_read(twl, ADDR_PM, VPLL2_DEV_GRP, &grp);
	if (!err)
		err = twl4030_read(twl, ADDR_PM, VPLL2_DEDICATED, &ded);
	if (err)
		return err;
	if ((grp & DEV_GRP_ALL) == DEV_GRP_ALL && (ded & 0xF) == vsel)
		return 1;
	/* The voltage first, so that the output never comes up at another. */
	err = twl4030_write(twl, ADDR_PM, VPLL2_DEDICATED, vsel);
	if (!err)
		err = twl4030_write(twl, ADDR_PM, VPLL2_DEV_GRP, DEV_GRP_ALL);
	if (err)
		return err;
	udelay(VPLL2_RAMP_US);
	return 0;
}

int twl4030_set_bb_charger(struct twl4030 *twl, uint32_t uvolt, uint32_t uamp, uint8_t *bb_cfg)
{
	static const uint32_t uv[4] = { 2500000, 3000000, 3100000, 3200000 };
	static const uint32_t ua[4] = { 25, 150, 500, 1000 };
	uint8_t v;
	int err, sel, isel;

	err = twl4030_read(twl, ADDR_PM, BB_CFG, &v);
	if (err)
		return err;
	if (uvolt < uv[0] || uamp < ua[0]) {
		v &= ~BBCHEN;
	} else {
		for (sel = 3; uv[sel] > uvolt; sel--)
			;
		for (isel = 3; ua[isel] > uamp; isel--)
			;
		/* Only the charger fields, as Linux's charger driver changes
		 * them (docs/references.md, "Backup-battery charger and MADC"):
		 * the other bits of BB_CFG are not ours to reset. */
		v = (uint8_t)((v & ~BBSEL_BBISEL) | BBCHEN | sel << 2 | isel);
	}
	err = twl4030_write(twl, ADDR_PM, BB_CFG, v);
	if (!err && bb_cfg)
		*bb_cfg = v;
	return err;
}

int twl4030_hw_conditions(struct twl4030 *twl, uint8_t *sts)
{
	return twl4030_read(twl, ADDR_PM, STS_HW_COND, sts);
}

int twl4030_madc_raw(struct twl4030 *twl, unsigned ch, unsigned *raw)
{
	uint8_t r[2], ctrl = 0;
	uint64_t end;
	bool late;
	int err;

	err = twl_update(twl, ADDR_INTBR, GPBR1, 0, MADC_CLKS);
	/* The battery reaches the MADC only through the BCI's divider, which
	 * MESBAT switches on (Linux's MADC driver sets it at probe;
	 * docs/references.md, "Backup-battery charger and MADC"). */
	if (!err && ch == 12)
		err = twl_update(twl, ADDR_MADC, BCICTL1, 0, MESBAT);
	if (!err)
		err = twl4030_write(twl, ADDR_MADC, MADC_CTRL1, MADC_ON);
	if (!err)
		err = twl4030_write(twl, ADDR_MADC, SW1SELECT_LSB, (uint8_t)BIT(ch));
	if (!err)
		err = twl4030_write(twl, ADDR_MADC, SW1SELECT_LSB + 1, (uint8_t)(BIT(ch) >> 8));
	if (!err)
		err = twl4030_write(twl, ADDR_MADC, CTRL_SW1, SW1_START);
	if (err)
		return err;
	end = deadline_in(MADC_TIMEOUT_US);
	do {
		late = deadline_passed(end);
		err = twl4030_read(twl, ADDR_MADC, CTRL_SW1, &ctrl);
		if (err)
			return err;
		if ((ctrl & (SW1_EOC | SW1_BUSY)) == SW1_EOC)
			break;
	} while (!late);
	if ((ctrl & (SW1_EOC | SW1_BUSY)) != SW1_EOC) {
		pr_err("twl4030: MADC conversion of channel %u did not finish\n", ch);
		return -ETIMEDOUT;
	}
	err = i2c_read_regs(twl->i2c, ADDR_MADC, (uint8_t)(GPCH0_LSB + 2 * ch), r, 2);
	if (err)
		return err;
	*raw = (unsigned)r[1] << 2 | r[0] >> 6;
	return 0;
}

/* The LSB is 1.5 V / 1023 at the converter, after the channel's divider. */
static int madc_mv(struct twl4030 *twl, unsigned ch, unsigned div, unsigned *mv)
{
	unsigned raw;
	int err = twl4030_madc_raw(twl, ch, &raw);

	if (!err)
		*mv = (raw * 1500u * div + 511) / 1023;
	return err;
}

int twl4030_battery_mv(struct twl4030 *twl, unsigned *mv)
{
	return madc_mv(twl, 12, 4, mv);
}

int twl4030_backup_battery_mv(struct twl4030 *twl, unsigned *mv)
{
	return madc_mv(twl, 9, 3, mv);
}

int twl4030_power_off(struct twl4030 *twl)
{
	int err, lock;

	/* Each start-on event left enabled in any processor group's
	 * CFG_Pn_TRANSITION that is present at DEVOFF starts the board again:
	 * the battery (STARTON_VBAT), and USB (STARTON_VBUS) or a charger
	 * (STARTON_CHG), both enabled from power-on (docs/references.md,
	 * "Power-off"). The power button stays a way to start it. */
	err = twl4030_write(twl, ADDR_PM, PROTECT_KEY, KEY_CFG1);
	if (!err)
		err = twl4030_write(twl, ADDR_PM, PROTECT_KEY, KEY_CFG2);
	for (int i = 0; i < 3 && !err; i++)
		err = twl_update(twl, ADDR_PM, CFG_P1_TRANS + i,
				 STARTON_VBAT | STARTON_VBUS | STARTON_CHG, 0);
	/* Locked again even when a write failed. */
	lock = twl4030_write(twl, ADDR_PM, PROTECT_KEY, 0);
	if (!err)
		err = lock;
	if (!err)
		err = twl_update(twl, ADDR_PM, P1_SW_EVENTS, 0, DEVOFF);
	if (!err) {
		mdelay(100);
		err = -EIO;   /* still running */
	}
	pr_err("twl4030: power off failed (%s)\n", errname(err));
	return err;
}

int twl4030_idcode(struct twl4030 *twl, uint32_t *id)
{
	uint8_t b[4];
	int err = twl4030_write(twl, ADDR_INTBR, UNLOCK_TEST, 0x49);

	if (err)
		return err;
	err = i2c_read_regs(twl->i2c, ADDR_INTBR, IDCODE_7_0, b, 4);
	twl4030_write(twl, ADDR_INTBR, UNLOCK_TEST, 0);
	if (!err)
		*id = get_le32(b);
	return err;
}

int twl4030_backup_read(struct twl4030 *twl, unsigned idx, uint8_t *val)
{
	if (idx > 7)
		return -EINVAL;
	return twl4030_read(twl, ADDR_PM, (uint8_t)(BACKUP_REG_A + idx), val);
}

int twl4030_backup_write(struct twl4030 *twl, unsigned idx, uint8_t val)
{
	if (idx > 7)
		return -EINVAL;
	return twl4030_write(twl, ADDR_PM, (uint8_t)(BACKUP_REG_A + idx), val);
}
