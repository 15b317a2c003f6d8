// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the TWL4030/TPS65950 power companion on I2C1, slaves 0x48-0x4B
 * (TPS65950 TRM chapters "Power Management", "MADC", "Backup Battery";
 * document SWCU050).
 *
 * Every register a bootloader or U-Boot uses is modelled; any other register
 * stops the run ("TWL4030 0x4B:0x99 not modelled"). Effects:
 *  - VMMC1 (0x4B:0x82..0x85) powers the SD card: on while DEV_GRP has a
 *    group bit (7:5) set, at the VSEL voltage, 1 ms after it was switched on;
 *  - VPLL2 (0x4B:0x8E..0x91) likewise: on while VPLL2_DEV_GRP has a group
 *    bit, at the voltage of VPLL2_DEDICATED's VSEL (bits 3:0: 0.7, 1.0,
 *    1.2, 1.3, 1.5, 1.8, 1.85, 2.5, 2.6, 2.8, 2.85, 3.0 V, then 3.15 V),
 *    100 us after it was switched on; off at power-on;
 *  - BB_CFG (0x4B:0x6D) is copied to s->bb_cfg for the report;
 *  - PROTECT_KEY (0x4B:0x44): 0xC0,0x0C unlocks the CFG registers, 0xE0,0x0E
 *    the TST ones, 0xCE,0xEC both; any other write locks again. Writes to
 *    CFG_Pn_TRANSITION while locked are ignored (with a warning);
 *  - DEVOFF in P1_SW_EVENTS (0x4B:0x46) ends the run as SIM_POWEROFF, unless
 *    a start-on event is there at once: a charger (VAC, level-detected)
 *    with STARTON_CHG, or VBUS with STARTON_VBUS, set in any of the three
 *    CFG_Pn_TRANSITION registers; then the power-on sequence runs again and
 *    the run ends as SIM_RESET (docs/references.md, "Power-off");
 *  - CFG_Pn_TRANSITION come up with STARTON_PWON, CHG, VBAT and VBUS set;
 *  - STS_HW_CONDITIONS: PWON follows cfg.power_button (--power-button,
 *    --press, and the press that started the board, --power-on-by button,
 *    main.c), CHG and VBUS the sources of battery.c (--charger/--vbus/
 *    --charger-src, --unplug-ms). The start event itself is in no
 *    register the sources name (Linux's twl4030-pwrbutton.c reads only
 *    this PWON level; U-Boot's board/lg/sniper/sniper.c takes PWON, CHG
 *    and USB here at start as the accepted power-on reasons), so none is modelled;
 *  - the IDCODE (0x49:0x85..0x88) reads 0 unless UNLOCK_TEST_REG (0x49:0x97)
 *    holds 0x49;
 *  - the MADC (0x4A) converts the SW1 channels once MADC_ON is set and its
 *    clock is enabled in GPBR1 (0x49:0x91 bit 7); a conversion takes
 *    16 µs per channel, the inputs from battery.c (VBAT through the
 *    divider BCICTL1.MESBAT connects, VBUS, VAC, ICHG, BTYPE, BTEMP; the
 *    backup battery 3000 mV);
 *  - --inject madc-hang[:-1:COUNT]: a conversion started then never ends;
 *  - the battery charger interface (MAIN_CHARGE 0x4A:0x74-0xB8 and
 *    BOOT_BCI 0x4B:0x3D) and the cell behind it: battery.c;
 *  - the backup registers (0x4B:0x14..0x1B) keep what is written;
 *  - the RTC (0x4B:0x1C..0x2D) counts in virtual time: twl4030_rtc.c.
 * A register address auto-increments after each byte, as on the chip.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/battery.h"
#include "tools/sim/i2c.h"
#include "tools/sim/twl4030_rtc.h"
#include "tools/sim/twl4030_usb.h"

#define NSLAVE 4   /* 0x48..0x4B */

/* Register kinds, per slave and address. */
enum { R_NONE, R_RW, R_RO, R_ISR, R_PIH };

struct twl4030 {
	uint8_t reg[NSLAVE][256];
	uint8_t kind[NSLAVE][256];
	uint8_t ptr[NSLAVE];
	bool have_ptr[NSLAVE];       /* first byte after START(write) is the address */
	int key_state;               /* 0 locked, 1/2/3 first byte of a sequence seen */
	bool cfg_unlocked, tst_unlocked;
	uint64_t vmmc1_ready_ps;     /* the output has settled from then on */
	uint64_t vpll2_ready_ps;
	uint64_t madc_done_ps;       /* UINT64_MAX: no conversion running */
	struct twl_rtc rtc;          /* 0x4B:0x1C..0x2D (twl4030_rtc.c) */
	bool warn_locked;
	struct twl_usb usb;          /* slave 0x48 */
};

#define A(x) ((x) - 0x48)

/* Addresses of the slave 0x4B */
#define BACKUP_REG_A    0x14
#define CFG_P1_TRANS    0x36
#define CFG_P3_TRANS    0x38
#define PROTECT_KEY     0x44
#define STS_HW_COND     0x45
#define P1_SW_EVENTS    0x46
/* CFG_Pn_TRANSITION and STS_HW_CONDITIONS bits (SWCU050 "Power Management") */
#define STARTON_PWON    BIT(0)
#define STARTON_CHG     BIT(1)
#define STARTON_VBAT    BIT(4)
#define STARTON_VBUS    BIT(5)
#define STS_PWON        BIT(0)
#define STS_CHG         BIT(1)
#define STS_VBUS        BIT(7)
#define BB_CFG          0x6D
#define VMMC1_DEV_GRP   0x82
#define VMMC1_DEDICATED 0x85
#define VPLL2_DEV_GRP   0x8E
#define VPLL2_DEDICATED 0x91
/* 0x49 */
#define IDCODE_7_0      0x85
#define GPBR1           0x91
#define UNLOCK_TEST     0x97
/* 0x4A */
#define MADC_CTRL1      0x00
#define MADC_SW1SEL_LSB 0x06
#define MADC_CTRL_SW1   0x12
#define MADC_GPCH0_LSB  0x37
#define BCICTL1         0x97    /* MAIN_CHARGE (0x74) + 0x23; see "TWL4030 MADC" */

/* TPS65950 ES1.2-like JTAG ID; SWCU050 publishes no value for the IDCODE
 * register (INTBR), so this one is only self-consistent. */
#define TWL_IDCODE 0x1009802Fu

static void known(struct twl4030 *t, uint8_t slave, unsigned lo, unsigned hi, int kind)
{
	for (unsigned a = lo; a <= hi; a++)
		t->kind[A(slave)][a] = kind;
}

static bool vmmc1_enabled(const struct twl4030 *t)
{
	return t->reg[A(0x4B)][VMMC1_DEV_GRP] & 0xE0;
}

static bool vpll2_enabled(const struct twl4030 *t)
{
	return t->reg[A(0x4B)][VPLL2_DEV_GRP] & 0xE0;
}

/* The USB LDOs' DEV_GRP registers (TPS65950 PM_RECEIVER 0x71/0x74/0x77,
 * i.e. 0x4B:0xCC/0xCF/0xD2): on while a group bit (7:5) is set. */
bool twl4030_usb_phy_up(struct sim *s)
{
	static const uint8_t dev_grp[3] = { 0xCC, 0xCF, 0xD2 };
	struct twl4030 *t = s->twl;

	if (!t || !twl_usb_powered(&t->usb))
		return false;
	for (int i = 0; i < 3; i++)
		if (!(t->reg[A(0x4B)][dev_grp[i]] & 0xE0))
			return false;
	return true;
}

/* rom_usb.c: what the boot ROM's USB peripheral boot leaves behind: the
 * USB PHY powered on its three VUSB rails (DEV_GRP = P1, as Linux's
 * phy-twl4030-usb sets them) and PHY_PWR_CTRL.PHYPWD clear. Modelled by
 * its result, like twl4030_set_vmmc1(): the ROM's I2C sequence is not public. */
void twl4030_rom_usb_phy(struct sim *s)
{
	static const uint8_t dev_grp[3] = { 0xCC, 0xCF, 0xD2 };
	struct twl4030 *t = s->twl;

	if (!t)
		return;
	for (int i = 0; i < 3; i++)
		t->reg[A(0x4B)][dev_grp[i]] = 0x20;
	t->usb.reg[0xFD] &= (uint8_t)~1u;   /* PHY_PWR_CTRL.PHYPWD */
}

unsigned twl4030_vpll2_mv(struct sim *s)
{
	static const unsigned short mv[16] = {
		700, 1000, 1200, 1300, 1500, 1800, 1850, 2500,
		2600, 2800, 2850, 3000, 3150, 3150, 3150, 3150,
	};
	struct twl4030 *t = s->twl;

	if (!t || !vpll2_enabled(t) || sim_now_ps(s) < t->vpll2_ready_ps)
		return 0;
	return mv[t->reg[A(0x4B)][VPLL2_DEDICATED] & 0xF];
}

void twl4030_backup_regs(struct sim *s, uint8_t out[8])
{
	struct twl4030 *t = s->twl;

	if (t)
		memcpy(out, &t->reg[A(0x4B)][BACKUP_REG_A], 8);
	else
		memset(out, 0, 8);
}

unsigned twl4030_vmmc1_mv(struct sim *s)
{
	static const unsigned mv[4] = { 1850, 2850, 3000, 3150 };
	struct twl4030 *t = s->twl;

	if (!t || !vmmc1_enabled(t) || sim_now_ps(s) < t->vmmc1_ready_ps)
		return 0;
	return mv[t->reg[A(0x4B)][VMMC1_DEDICATED] & 3];
}

void twl4030_set_vmmc1(struct sim *s, bool on)
{
	struct twl4030 *t = s->twl;

	if (!t)
		return;
	/* What the boot ROM leaves behind after an SD boot: 3.15 V for P1,
	 * settled long ago. */
	t->reg[A(0x4B)][VMMC1_DEDICATED] = 3;
	t->reg[A(0x4B)][VMMC1_DEV_GRP] = on ? 0x20 : 0;
	t->vmmc1_ready_ps = 0;
}

/* battery.c: the MADC's inputs (battery model) */
static unsigned madc_channel_mv(struct sim *s, unsigned ch, unsigned *num, unsigned *den)
{
	return battery_madc_mv(s, ch, num, den);
}

static void sih_raise(struct sim *s, struct twl4030 *t, int sih, uint8_t bits);
#define SIH_MADC  3     /* sihs[] index */
#define SIH_POWER 5

static void madc_update(struct sim *s, struct twl4030 *t)
{
	uint8_t *m = t->reg[A(0x4A)];
	uint16_t sel;

	if (t->madc_done_ps == UINT64_MAX || sim_now_ps(s) < t->madc_done_ps)
		return;
	t->madc_done_ps = UINT64_MAX;
	sel = m[MADC_SW1SEL_LSB] | m[MADC_SW1SEL_LSB + 1] << 8;
	for (unsigned ch = 0; ch < 16; ch++) {
		unsigned num, den, mv, raw;

		if (!(sel & BIT(ch)))
			continue;
		mv = madc_channel_mv(s, ch, &num, &den);
		/* 10 bits over 1.5 V after the channel's prescaler */
		raw = (unsigned)((uint64_t)mv * num * 1023 / den / 1500);
		if (raw > 1023)
			raw = 1023;
		m[MADC_GPCH0_LSB + 2 * ch] = (raw & 3) << 6;
		m[MADC_GPCH0_LSB + 2 * ch + 1] = raw >> 2;
	}
	m[MADC_CTRL_SW1] = (m[MADC_CTRL_SW1] & ~BIT(0)) | BIT(1);   /* !BUSY, EOC_SW1 */
	/* and the SW1 end-of-conversion interrupt of both lines (ISR bit 1:
	 * RT, SW1, SW2 are bits 0-2, as Linux's MADC driver reads them) */
	sih_raise(s, t, SIH_MADC, BIT(1));
}

static void madc_start(struct sim *s, struct twl4030 *t)
{
	uint8_t *m = t->reg[A(0x4A)];
	uint8_t gpbr1 = t->reg[A(0x49)][GPBR1];
	uint16_t sel = m[MADC_SW1SEL_LSB] | m[MADC_SW1SEL_LSB + 1] << 8;

	m[MADC_CTRL_SW1] = (m[MADC_CTRL_SW1] & ~(BIT(1) | BIT(5))) | BIT(0);
	/* Without MADC_ON or its clock, the conversion never ends. The
	 * clock is GPBR1.MADC_HFCLK_EN (bit 7): Linux's MADC driver takes
	 * that bit alone for "the MADC clock is on" (bootloaders also set
	 * DEFAULT_MADC_CLK_EN, bit 4, whose role is not modelled). */
	if (!(m[MADC_CTRL1] & BIT(0)) || !(gpbr1 & BIT(7)) ||
	    sim_inject_take(s, "madc-hang", -1)) {   /* battery model: a broken MADC */
		t->madc_done_ps = UINT64_MAX;
		return;
	}
	t->madc_done_ps = sim_now_ps(s) + (uint64_t)16 * PS_PER_US *
		(unsigned)__builtin_popcount(sel ? sel : 1);
	sim_event_at(s, t->madc_done_ps);
}

/*
 * Interrupts (TPS65950 TRM "Interrupt controller"; the layout as Linux
 * uses it, "TWL4030 MADC"): each secondary handler (SIH) has status (ISR)
 * and mask (IMR) registers for the two lines, edge registers (EDR) and a
 * SIH_CTRL whose COR bit (2) makes a status read clear it; with COR = 0
 * status bits are cleared by writing 1. The primary handler's PIH_ISR_P1/P2
 * (0x49:0x81/0x82) show which SIH has an unmasked status bit, and INT1
 * drives the OMAP's sys_nirq (INTC input 7). Of the modelled parts the
 * MADC (a software conversion's end) and the RTC set status bits.
 */
static const struct sih {
	uint8_t slave, isr[2], imr[2], n, ctrl;
} sihs[6] = {
	{ 0x49, { 0xB1, 0xB7 }, { 0xB4, 0xBA }, 3, 0xC5 },  /* GPIO */
	{ 0x4A, { 0xE3, 0xE5 }, { 0xE4, 0xE6 }, 1, 0xE9 },  /* keypad */
	{ 0x4A, { 0xB9, 0xBD }, { 0xBB, 0xBF }, 2, 0xC6 },  /* BCI */
	{ 0x4A, { 0x61, 0x63 }, { 0x62, 0x64 }, 1, 0x67 },  /* MADC */
	{ 0, { 0, 0 }, { 0, 0 }, 0, 0 },                     /* USB: its own scheme */
	{ 0x4B, { 0x2E, 0x30 }, { 0x2F, 0x31 }, 1, 0x35 },  /* power */
};
#define PIH_ISR_P1 0x81

static uint8_t pih(struct twl4030 *t, int line)
{
	uint8_t v = 0;

	for (int i = 0; i < 6; i++) {
		const struct sih *h = &sihs[i];

		for (int b = 0; h->n && b < h->n; b++)
			if (t->reg[A(h->slave)][h->isr[line] + b] &
			    ~t->reg[A(h->slave)][h->imr[line] + b])
				v |= BIT(i);
	}
	return v;
}

static const struct sih *sih_of(uint8_t addr, uint8_t r)
{
	for (int i = 0; i < 6; i++)
		if (sihs[i].n && sihs[i].slave == addr &&
		    ((r >= sihs[i].isr[0] && r < sihs[i].isr[0] + sihs[i].n) ||
		     (r >= sihs[i].isr[1] && r < sihs[i].isr[1] + sihs[i].n)))
			return &sihs[i];
	return NULL;
}

/* An event of a SIH's module: its status bits on both lines (each line's
 * mask decides whether the PIH and sys_nirq see it). */
static void sih_raise(struct sim *s, struct twl4030 *t, int sih, uint8_t bits)
{
	const struct sih *h = &sihs[sih];

	t->reg[A(h->slave)][h->isr[0]] |= bits;
	t->reg[A(h->slave)][h->isr[1]] |= bits;
	intc_set_line(s, 7, pih(t, 0));
}

/* RTC events: RTC_IT is bit 3 of the power SIH's status for both lines
 * (PWR_ISR1/PWR_ISR2, as Linux's twl4030-pwrirq numbers them). */
static void rtc_sync(struct sim *s, struct twl4030 *t)
{
	if (twl_rtc_sync(s, &t->rtc))
		sih_raise(s, t, SIH_POWER, BIT(3));
}

/* Time passes: the RTC's events, and a conversion that has ended raises
 * its interrupt even when nobody reads the MADC (Linux waits for it). */
void twl4030_sync(struct sim *s)
{
	if (!s->twl)
		return;
	rtc_sync(s, s->twl);
	madc_update(s, s->twl);
	battery_sync(s);    /* battery model: the cell, UVLO */
}

static bool is_rtc(uint8_t addr, uint8_t r)
{
	return addr == 0x4B && r >= RTC_FIRST && r < RTC_FIRST + RTC_NREGS;
}

static bool check_known(struct sim *s, struct twl4030 *t, uint8_t addr, uint8_t r)
{
	if (t->kind[A(addr)][r] != R_NONE)
		return true;
	sim_stop(s, SIM_FAULT, "TWL4030 0x%02X:0x%02X not modelled", addr, r);
	return false;
}

static uint8_t reg_read(struct sim *s, struct twl4030 *t, uint8_t addr, uint8_t r)
{
	uint8_t *regs = t->reg[A(addr)];

	if (addr == 0x48) {
		uint8_t v = 0xFF;

		twl_usb_read(s, &t->usb, r, &v);
		return v;
	}

	if (!check_known(s, t, addr, r))
		return 0xFF;
	rtc_sync(s, t);
	if (is_rtc(addr, r)) {
		uint8_t v = 0xFF;

		twl_rtc_read(s, &t->rtc, r - RTC_FIRST, &v);
		return v;
	}
	if (t->kind[A(addr)][r] == R_PIH)
		return pih(t, r - PIH_ISR_P1);
	{   /* battery model: the BCI and BOOT_BCI (battery.c) */
		uint8_t v;

		if (bci_read(s, addr, r, &v))
			return v;
	}
	if (t->kind[A(addr)][r] == R_ISR) {
		uint8_t v = regs[r];

		if (regs[sih_of(addr, r)->ctrl] & BIT(2))
			regs[r] = 0;            /* clear on read */
		intc_set_line(s, 7, pih(t, 0));
		return v;
	}
	switch (addr) {
	case 0x4B:
		if (r == STS_HW_COND)
			return (s->cfg.power_button ? STS_PWON : 0) |
			       (battery_vac(s) ? STS_CHG : 0) |   /* battery model */
			       (battery_vbus(s) ? STS_VBUS : 0);
		if (r == PROTECT_KEY)
			return (t->cfg_unlocked ? 1 : 0) | (t->tst_unlocked ? 2 : 0);
		break;
	case 0x49:
		if (r >= IDCODE_7_0 && r <= IDCODE_7_0 + 3)
			return regs[UNLOCK_TEST] == 0x49 ?
				(uint8_t)(TWL_IDCODE >> (8 * (r - IDCODE_7_0))) : 0;
		break;
	case 0x4A:
		madc_update(s, t);
		break;
	}
	return regs[r];
}

static void protect_key(struct twl4030 *t, uint8_t v)
{
	static const uint8_t first[3] = { 0xC0, 0xE0, 0xCE }, second[3] = { 0x0C, 0x0E, 0xEC };

	if (t->key_state && v == second[t->key_state - 1]) {
		t->cfg_unlocked = t->key_state != 2;
		t->tst_unlocked = t->key_state != 1;
		t->key_state = 0;
		return;
	}
	t->key_state = 0;
	t->cfg_unlocked = t->tst_unlocked = false;
	for (int i = 0; i < 3; i++)
		if (v == first[i])
			t->key_state = i + 1;
}

/* DEVOFF: the power-off sequence, then the OFF state's start-on events. A
 * charger is detected by level and VBUS is seen again as the supplies go
 * down, so either, present and enabled, starts the board again at once. */
static void devoff(struct sim *s, struct twl4030 *t)
{
	uint8_t on = 0;

	for (int i = 0; i < 3; i++)
		on |= t->reg[A(0x4B)][CFG_P1_TRANS + i];
	if (battery_vac(s) && (on & STARTON_CHG))      /* battery model: sources */
		sim_stop(s, SIM_RESET, "TWL4030 DEVOFF with a charger present and STARTON_CHG set: "
			 "the board starts again instead of staying off");
	else if (battery_vbus(s) && (on & STARTON_VBUS))
		sim_stop(s, SIM_RESET, "TWL4030 DEVOFF with VBUS present and STARTON_VBUS set: "
			 "the board starts again instead of staying off");
	else
		sim_stop(s, SIM_POWEROFF, "TWL4030 DEVOFF: power off");
}

static void reg_write(struct sim *s, struct twl4030 *t, uint8_t addr, uint8_t r, uint8_t v)
{
	uint8_t *regs = t->reg[A(addr)];

	if (addr == 0x48) {
		twl_usb_write(s, &t->usb, r, v);
		return;
	}

	if (!check_known(s, t, addr, r))
		return;
	rtc_sync(s, t);
	if (is_rtc(addr, r)) {
		twl_rtc_write(s, &t->rtc, r - RTC_FIRST, v);
		return;
	}
	if (bci_write(s, addr, r, v))   /* battery model: BCI, BOOT_BCI */
		return;
	if (t->kind[A(addr)][r] == R_RO || t->kind[A(addr)][r] == R_PIH)
		return;
	if (t->kind[A(addr)][r] == R_ISR) {
		if (!(regs[sih_of(addr, r)->ctrl] & BIT(2)))
			regs[r] &= ~v;          /* write 1 to clear */
		intc_set_line(s, 7, pih(t, 0));
		return;
	}
	if (addr == 0x4B) {
		switch (r) {
		case PROTECT_KEY:
			protect_key(t, v);
			return;
		case CFG_P1_TRANS ... CFG_P3_TRANS:
			if (!t->cfg_unlocked) {
				model_warn_once(&t->warn_locked,
						"TWL4030 0x4B:0x%02X written while PROTECT_KEY is locked: ignored",
						r);
				return;
			}
			break;
		case P1_SW_EVENTS:
			regs[r] = v & ~BIT(0);
			if (v & BIT(0))
				devoff(s, t);
			return;
		case BB_CFG:
			s->bb_cfg = v;
			if (s->bb_writes < ARRAY_SIZE(s->bb_log))
				s->bb_log[s->bb_writes] = (struct sim_bb_write){
					sim_now_ps(s), v, s->handoff_seen };
			s->bb_writes++;
			break;
		case VMMC1_DEV_GRP: {
			bool was = vmmc1_enabled(t);

			regs[r] = v;
			if (!was && vmmc1_enabled(t))
				t->vmmc1_ready_ps = sim_now_ps(s) + PS_PER_MS;
			return;
		}
		case VPLL2_DEV_GRP: {
			bool was = vpll2_enabled(t);

			regs[r] = v;
			if (!was && vpll2_enabled(t))
				t->vpll2_ready_ps = sim_now_ps(s) + 100 * PS_PER_US;
			return;
		}
		}
	}
	if (addr == 0x4A && r == MADC_CTRL_SW1) {
		regs[r] = (regs[r] & 0x03) | (v & ~0x23);
		if (v & BIT(5))
			madc_start(s, t);
		return;
	}
	regs[r] = v;
	intc_set_line(s, 7, pih(t, 0));    /* an IMR may have changed */
}

static bool twl_start(struct sim *s, void *opaque, uint8_t addr, bool read)
{
	struct twl4030 *t = opaque;

	if (!read)
		t->have_ptr[A(addr)] = false;
	return true;
}

static bool twl_write(struct sim *s, void *opaque, uint8_t addr, uint8_t byte)
{
	struct twl4030 *t = opaque;
	int i = A(addr);

	if (!t->have_ptr[i]) {
		t->ptr[i] = byte;
		t->have_ptr[i] = true;
		return true;
	}
	reg_write(s, t, addr, t->ptr[i]++, byte);
	return true;
}

static uint8_t twl_read(struct sim *s, void *opaque, uint8_t addr)
{
	struct twl4030 *t = opaque;
	int i = A(addr);

	return reg_read(s, t, addr, t->ptr[i]++);
}

static void twl_stop(struct sim *s, void *opaque, uint8_t addr)
{
}

static const struct i2c_slave_ops twl_ops = {
	.start = twl_start, .write = twl_write, .read = twl_read, .stop = twl_stop,
};

void twl4030_init(struct sim *s)
{
	struct twl4030 *t = calloc(1, sizeof(*t));

	if (!t)
		abort();
	/* 0x48: the USB transceiver (twl4030_usb.c) */
	twl_usb_init(&t->usb);
	/* 0x49: INTBR (IDCODE, GPBR1, PMBR1/2, UNLOCK_TEST) and the GPIO module */
	known(t, 0x49, 0x85, 0x88, R_RO);
	known(t, 0x49, 0x89, 0x97, R_RW);
	known(t, 0x49, 0x98, 0xC5, R_RW);
	/* 0x4A: MADC, BCI registers that only store, LED, PWM */
	known(t, 0x4A, 0x00, 0x16, R_RW);
	known(t, 0x4A, 0x17, 0x60, R_RO);
	/* the LED driver: LEDEN, PWMAON/PWMAOFF, PWMBON/PWMBOFF (0xEE-0xF2:
	 * Linux's twl-core LED base 0xEE, pwm-twl-led.c writes the ON/OFF
	 * pair of LED n at 0xEF + 2n; the Beagle's pmu_stat LED is LEDB);
	 * storage, reset 0 (not checked against the TRM), no light modelled */
	known(t, 0x4A, 0xEE, 0xF2, R_RW);
	known(t, 0x4A, BCICTL1, BCICTL1, R_RW);
	/* The rest of the main charger (MAIN_CHARGE 0x74-0xB8: BCIMDEN, the
	 * key, the state machine and monitoring registers): battery.c. */
	known(t, 0x4A, 0x74, BCICTL1 - 1, R_RW);
	known(t, 0x4A, BCICTL1 + 1, 0xB8, R_RW);
	/* 0x4B: backup registers, RTC (twl4030_rtc.c), the power SIH
	 * (0x2E-0x35), PM master, PM receiver */
	known(t, 0x4B, 0x14, 0x1B, R_RW);
	known(t, 0x4B, RTC_FIRST, RTC_FIRST + RTC_NREGS - 1, R_RW);
	known(t, 0x4B, 0x2E, 0x35, R_RW);
	known(t, 0x4B, 0x36, 0x4C, R_RW);
	known(t, 0x4B, STS_HW_COND, STS_HW_COND, R_RO);
	known(t, 0x4B, 0x5E, 0x5E, R_RW);  /* WATCHDOG_CFG */
	known(t, 0x4B, 0x62, 0x63, R_RW);  /* VDD1_TRIM1/2 */
	known(t, 0x4B, BB_CFG, BB_CFG, R_RW);
	known(t, 0x4B, 0x72, 0x91, R_RW);  /* VAUX1-4, VMMC1/2, VPLL1/2 groups */
	known(t, 0x4B, 0x92, 0x99, R_RW);  /* VSIM, VDAC (bench: U-Boot's beagle DVI power) */
	known(t, 0x4B, 0xB0, 0xCB, R_RW);  /* VDD1, VDD2 */
	/* What Linux's twl-core, twl4030-power and twl-regulator touch at
	 * boot, kept as storage (no effect is modelled): the power
	 * sequencer's script memory and addresses (0x52-0x5A), PM receiver
	 * configuration up to DCDC_GLOBAL_CFG (0x5B-0x61), the remaining
	 * LDO groups (0x9A-0xAF) and the VIO/VUSB/REGEN.. resources
	 * (0xCC-0xF1), and the audio codec's APLL_CTL (0x49:0x3A). */
	known(t, 0x4B, 0x52, 0x5D, R_RW);
	known(t, 0x4B, 0x5F, 0x61, R_RW);
	known(t, 0x4B, 0x9A, 0xAF, R_RW);
	known(t, 0x4B, 0xCC, 0xF1, R_RW);
	known(t, 0x49, 0x3A, 0x3A, R_RW);
	/* interrupt registers (see sihs[]): PIH, and per SIH ISR/IMR for
	 * both lines, SIR, EDR and SIH_CTRL as storage */
	known(t, 0x49, PIH_ISR_P1, PIH_ISR_P1 + 1, R_PIH);
	known(t, 0x49, 0x83, 0x83, R_RW);  /* PIH_SIR */
	known(t, 0x4A, 0x61, 0x67, R_RW);  /* MADC SIH */
	known(t, 0x4A, 0xB9, 0xC6, R_RW);  /* BCI SIH */
	known(t, 0x4A, 0xE3, 0xE9, R_RW);  /* keypad SIH */
	for (int i = 0; i < 6; i++)
		for (int b = 0; b < sihs[i].n; b++) {
			known(t, sihs[i].slave, sihs[i].isr[0] + b, sihs[i].isr[0] + b, R_ISR);
			known(t, sihs[i].slave, sihs[i].isr[1] + b, sihs[i].isr[1] + b, R_ISR);
		}
	/* Start on the button, a battery, a charger and VBUS: the charger's
	 * and VBUS's are on from power-on (docs/references.md, "Power-off"). */
	for (int i = 0; i < 3; i++)
		t->reg[A(0x4B)][CFG_P1_TRANS + i] = STARTON_PWON | STARTON_CHG | STARTON_VBAT |
						    STARTON_VBUS;
	/* The backup registers keep what the backup battery kept. */
	memcpy(&t->reg[A(0x4B)][BACKUP_REG_A], s->cfg.twl_backup, 8);
	t->reg[A(0x4B)][0xB9] = 0x38;      /* VDD1_VSEL: 1.30 V */
	t->reg[A(0x4B)][0xC7] = 0x38;
	t->madc_done_ps = UINT64_MAX;
	twl_rtc_reset(&t->rtc);
	s->twl = t;
	battery_attach(s);  /* battery model: the cell, BCI registers at reset */
	s->bb_cfg = t->reg[A(0x4B)][BB_CFG];
	for (uint8_t a = 0x48; a <= 0x4B; a++)
		i2c_attach(s, 0, a, &twl_ops, t);
}
