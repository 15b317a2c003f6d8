// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the OMAP3 boot ROM, modelled in C rather than as guest code
 * (the real ROM's code is not public). It follows OMAP35x/DM37x TRM chapter
 * 26 "Initialization": the boot order from SYS_BOOT[5:0], MMC1 in FAT and
 * raw (CH/TOC) mode, NAND through the NAND model's hook, the GP header
 * checks, and the hand-over state in SPRUF98/SPRUGN4 "Initialization". See README.md for
 * the choices where the TRM is silent.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"
#include "tools/sim/rom_usb.h"
#include "tools/sim/sdimg.h"

#define SRAM_BASE     0x40200000u
#define IMAGE_LIMIT   0x4020F000u   /* the ROM's public stack/scratch area starts here */
#define BOOT_PARAMS   0x4020FE00u   /* our boot parameter block (ROM public area) */
#define DEV_DESC      0x4020FE20u
#define ROM_SP        0x4020FCB0u
#define ROM_VECTORS   0x40014000u
#define MAX_IMAGE     (IMAGE_LIMIT - SRAM_BASE + 1024)

/* Virtual time the ROM spends (our estimates; no source gives them): its
 * own start-up, the SD card's identification, and 512-byte blocks on a
 * 1-bit bus at 24 MHz. */
#define ROM_START_PS   (2 * PS_PER_MS)
#define SD_IDENT_PS    (20 * PS_PER_MS)
#define SD_SECTOR_PS   ((512 * 8 + 64) * PS_PER_S / 24000000)

enum dev { NONE, XIP, XIPWAIT, DOC, NAND, ONENAND, MMC1, MMC2, USB, UART3 };

static const char *const dev_name[] = {
	"-", "XIP", "XIP (wait)", "DOC", "NAND", "OneNAND", "MMC1", "MMC2", "USB", "UART3",
};

/*
 * SYS_BOOT[5:0] -> boot order, from the TRM's boot configuration table.
 * Bit 5 set selects "peripheral first" orders. Codes not listed are
 * reserved. Both boards strap 0x0F (NAND, USB, UART3, MMC1); their AUX /
 * USER button adds bit 5: 0x2F (USB, UART3, MMC1, NAND).
 */
static const struct { uint8_t code; uint8_t dev[5]; } boot_table[] = {
	{ 0x04, { ONENAND, USB } },          { 0x05, { MMC2, USB } },
	{ 0x06, { MMC1, USB } },
	{ 0x0D, { XIP, USB, UART3, MMC1 } }, { 0x0E, { XIPWAIT, DOC, USB, UART3, MMC1 } },
	{ 0x0F, { NAND, USB, UART3, MMC1 } },{ 0x10, { ONENAND, USB, UART3, MMC1 } },
	{ 0x11, { MMC2, USB, UART3, MMC1 } },{ 0x12, { MMC1, USB, UART3 } },
	{ 0x13, { XIP, UART3 } },            { 0x14, { XIPWAIT, DOC, UART3 } },
	{ 0x15, { NAND, UART3 } },           { 0x16, { ONENAND, UART3 } },
	{ 0x17, { MMC2, UART3 } },           { 0x18, { MMC1, UART3 } },
	{ 0x19, { XIP, USB } },              { 0x1A, { XIPWAIT, DOC, USB } },
	{ 0x1B, { NAND, USB } },             { 0x1F, { XIP, USB, UART3 } },
	{ 0x24, { USB, ONENAND } },          { 0x25, { USB, MMC2 } },
	{ 0x26, { USB, MMC1 } },
	{ 0x2D, { USB, UART3, MMC1, XIP } }, { 0x2E, { USB, UART3, MMC1, XIPWAIT } },
	{ 0x2F, { USB, UART3, MMC1, NAND } },{ 0x30, { USB, UART3, MMC1, ONENAND } },
	{ 0x31, { USB, UART3, MMC1, MMC2 } },{ 0x32, { USB, UART3, MMC1 } },
	{ 0x33, { UART3, XIP } },            { 0x34, { UART3, XIPWAIT, DOC } },
	{ 0x35, { UART3, NAND } },           { 0x36, { UART3, ONENAND } },
	{ 0x37, { UART3, MMC2 } },           { 0x38, { UART3, MMC1 } },
	{ 0x39, { USB, XIP } },              { 0x3A, { USB, XIPWAIT, DOC } },
	{ 0x3B, { USB, NAND } },             { 0x3F, { XIP, USB, UART3 } },
};

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static void note(struct sim *s, const char *src, const char *what)
{
	if (s->cfg.trace_mmio)
		fprintf(stderr, "ROM: %s: %s\n", src, what);
}

static void refuse(const char *src, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void refuse(const char *src, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "ROM: %s ", src);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" \xe2\x80\x94 refused\n", stderr);
}

/* A configuration header: the first TOC entry names CHSETTINGS. */
static bool is_ch(const uint8_t *p, size_t len)
{
	return len >= 512 && !memcmp(p + 0x14, "CHSETTINGS", 10);
}

static void ch_note(const char *src, const uint8_t *ch)
{
	uint32_t off = le32(ch);

	/* With valid = 1 a real ROM would apply the clock/SDRC settings; we
	 * do not model them, so say so rather than boot differently. */
	if (off + 8 <= 512 && le32(ch + off) == 0xC0C0C0C1 && ch[off + 4])
		fprintf(stderr, "ROM: %s: CHSETTINGS marked valid: its settings are not "
			"applied by the simulator\n", src);
}

/* Check the GP header of img and copy the image to its load address. */
static bool load_gp(struct sim *s, const char *src, const uint8_t *img, size_t len,
		    uint32_t *entry)
{
	uint32_t size, load;
	uint8_t *dst;

	if (len < 8) {
		refuse(src, "image too short for a GP header (%zu bytes)", len);
		return false;
	}
	size = le32(img);
	load = le32(img + 4);
	if (!size) {
		refuse(src, "GP header size 0");
		return false;
	}
	if (load < SRAM_BASE || load >= IMAGE_LIMIT) {
		refuse(src, "GP header load address 0x%08x outside SRAM (0x%08x..0x%08x)",
		       load, SRAM_BASE, IMAGE_LIMIT - 1);
		return false;
	}
	if ((uint64_t)load + size > IMAGE_LIMIT) {
		refuse(src, "GP header size %u: image end 0x%08llx beyond 0x%08x", size,
		       (unsigned long long)load + size, IMAGE_LIMIT);
		return false;
	}
	if (size > len - 8) {
		refuse(src, "image truncated: GP header says %u bytes, only %zu follow",
		       size, len - 8);
		return false;
	}
	dst = sim_ram_ptr(s, load, size);
	if (!dst)
		abort(); /* SRAM is always mapped */
	memcpy(dst, img + 8, size);
	*entry = load;
	fprintf(stderr, "ROM: %s: %u bytes loaded at 0x%08x\n", src, size, load);
	return true;
}

/* ---- iss17: the ROM reads what the GP header declares, not the whole
 * file or MAX_IMAGE (TRM chapter 26: the image is "size" bytes behind the
 * header); a file may go on past it. */
static long gp_want(const uint8_t *p, size_t got)
{
	size_t hdr = got >= 512 && !memcmp(p + 0x14, "CHSETTINGS", 10) ? 512 : 0;

	if (got < 512 || got < hdr + 8)
		return -1;
	return (long)(hdr + 8 + (size_t)MIN(le32(p + hdr), (uint32_t)MAX_IMAGE));
}
/* ---- end iss17 */

static bool mmc1_fat(struct sim *s, struct sdimg *img, uint8_t *buf, uint32_t *entry)
{
	const char *why;
	size_t avail;
	long n;

	img->want = gp_want;
	n = sdimg_fat_read(img, "MLO        ", buf, MAX_IMAGE, &avail, &why);
	img->want = NULL;
	const uint8_t *p = buf;

	if (n < 0) {
		note(s, "MMC1 FAT", why);
		return false;
	}
	n = (long)avail; /* sector-granular: see sdimg_fat_read() */
	if (is_ch(p, (size_t)n)) {
		ch_note("MMC1 FAT: MLO", p);
		p += 512;
		n -= 512;
	}
	return load_gp(s, "MMC1 FAT: MLO", p, (size_t)n, entry);
}

static bool mmc1_raw(struct sim *s, struct sdimg *img, uint8_t *buf, uint32_t *entry)
{
	static const unsigned where[] = { 0, 256, 512, 768 };
	char src[32];

	for (size_t i = 0; i < ARRAY_SIZE(where); i++) {
		uint8_t ch[512];
		size_t got = 0, ch_want = MAX_IMAGE;

		if (sdimg_sector(img, where[i], ch) || !is_ch(ch, sizeof(ch)))
			continue;
		snprintf(src, sizeof(src), "MMC1 raw @ sector %u", where[i]);
		ch_note(src, ch);
		/* the GP header and image follow the 512-byte CH; iss17: read
		 * only the sectors the GP header declares */
		while (got < MAX_IMAGE && !sdimg_sector(img, where[i] + 1 + got / 512, buf + got)) {
			got += 512;
			if (got == 512 && le32(buf) && le32(buf) < MAX_IMAGE - 8)
				ch_want = ALIGN_UP(le32(buf) + 8, 512);
			if (got >= ch_want)
				break;
		}
		if (got >= 8 && le32(buf) && (uint64_t)le32(buf) + 8 < got)
			got = le32(buf) + 8;
		if (load_gp(s, src, buf, got, entry))
			return true;
	}
	note(s, "MMC1 raw", "no CH at sectors 0, 256, 512, 768");
	return false;
}

static void mmio_set(struct sim *s, uint32_t addr, uint32_t bits)
{
	uint32_t v;

	if (model_mmio(s, false, addr, 4, &v) == 0) {
		v |= bits;
		model_mmio(s, true, addr, 4, &v);
	}
}

static void mmio_put(struct sim *s, uint32_t addr, uint32_t clr, uint32_t set)
{
	uint32_t v;

	if (model_mmio(s, false, addr, 4, &v) == 0) {
		v = (v & ~clr) | set;
		model_mmio(s, true, addr, 4, &v);
	}
}

/*
 * --rom-clocks locked: the other plausible exit state. No source available
 * to the project gives the ROM's clock set-up as register values, so the
 * default leaves every DPLL as at reset (bypass); this one is a ROM that
 * ran its peripheral boot on its own clocks: sys_clk divided to 13 MHz,
 * DPLL3 locked (CORE 332 MHz on the 3430, 400 on the 3630), DPLL4 at 96
 * MHz, DPLL1 at 500 MHz. A loader must not assume either.
 */
static void rom_clocks_locked(struct sim *s)
{
	bool is3630 = s->cfg.soc == SOC_DM3730;
	uint32_t fsel = is3630 ? 0 : 0x3 << 4;    /* Fint 1 MHz (3430 FREQSEL) */

	mmio_put(s, 0x48307270, GENMASK(7, 6), 2u << 6);            /* PRM_CLKSRC_CTRL /2 */
	mmio_put(s, 0x48004D40, GENMASK(31, 27) | GENMASK(26, 16) | GENMASK(14, 8),
		 1u << 27 | (is3630 ? 400u : 332u) << 16 | 12u << 8);   /* DPLL3 */
	mmio_put(s, 0x48004D00, GENMASK(7, 0), fsel | 7);
	mmio_put(s, 0x48004D44, is3630 ? GENMASK(19, 0) : GENMASK(18, 0),
		 432u << 8 | 12u);                                       /* DPLL4 */
	mmio_put(s, 0x48004D48, GENMASK(4, 0), 9);
	mmio_put(s, 0x48004D00, GENMASK(23, 20) | GENMASK(18, 16) | BIT(27),
		 (is3630 ? 0 : 0x3u << 20) | 7u << 16);
	mmio_put(s, 0x48004944, GENMASK(4, 0), 1);                    /* DPLL1 */
	mmio_put(s, 0x48004940, GENMASK(18, 8) | GENMASK(6, 0), 500u << 8 | 12u);
	mmio_put(s, 0x48004904, GENMASK(7, 0), fsel | 7);
	sim_advance_ps(s, 100 * PS_PER_US);                         /* all locked */
}

/* Clocks and the card's supply as the ROM leaves them (README "Hand-over"). */
static void exit_state(struct sim *s, bool sd_boot)
{
	bool vmmc1 = s->cfg.rom_vmmc1 ? s->cfg.rom_vmmc1 == 1 : sd_boot;

	if (s->cfg.rom_clocks_locked)
		rom_clocks_locked(s);
	if (vmmc1)
		twl4030_set_vmmc1(s, true);
	if (sd_boot) {
		/* MMC1's interface and functional clocks (CM_FCLKEN1/ICLKEN1_CORE
		 * bit 24), which the ROM used to read the card */
		mmio_set(s, 0x48004A00, BIT(24));
		mmio_set(s, 0x48004A10, BIT(24));
	}
}

static void hand_over(struct sim *s, uint8_t device, uint32_t entry)
{
	/* --entry-r0 in SRAM moves the block there (qemu-linaro
	 * writes it at 0x4020EE28); elsewhere r0 points at nothing of ours. */
	uint32_t r0 = s->cfg.entry_r0_set ? s->cfg.entry_r0 : BOOT_PARAMS;
	uint8_t *bp = sim_ram_ptr(s, r0 - SRAM_BASE < 0x10000 - 0x40 ? r0 : BOOT_PARAMS, 0x40);

	memset(bp, 0, 0x40);
	/* {u32 boot_message; u8 device; u8 reserved; u8 reset_reason; u8 ch_flags;
	 *  u32 device_descriptor} */
	bp[4] = device;
	bp[6] = 0x01;             /* power-on reset */
	bp[8] = DEV_DESC & 0xFF;
	bp[9] = (DEV_DESC >> 8) & 0xFF;
	bp[10] = (DEV_DESC >> 16) & 0xFF;
	bp[11] = DEV_DESC >> 24;
	bp[0x20] = device;        /* device descriptor: its type first */
	s->boot_device = device;

	/* SVC, IRQ/FIQ masked, ARM; --entry-mode sys: SYS as qemu-linaro */
	sim_set_reg(s, UC_ARM_REG_CPSR, s->cfg.entry_sys ? 0x1DF : 0x1D3);
	sim_set_reg(s, UC_ARM_REG_SP, ROM_SP);
	sim_set_reg(s, UC_ARM_REG_R0, r0);
	sim_set_reg(s, UC_ARM_REG_LR, ROM_VECTORS);
	sim_set_reg(s, UC_ARM_REG_PC, entry);
	/* The ROM's exception vectors stay in force until the loader sets
	 * its own VBAR. */
	sim_set_cp15(s, 12, 0, 0, 0, ROM_VECTORS);
}

/* A boot message's device code (0xF003xx06, rom_usb.c's sources) as
 * the boot order's entry; 0x00 "void" and unknown codes: the next one. */
static uint8_t dev_from_code(uint8_t code)
{
	switch (code) {
	case 0x01: return XIP;
	case 0x02: return NAND;
	case 0x03: return ONENAND;
	case 0x04: return DOC;
	case 0x05: return MMC2;
	case 0x06: return MMC1;
	case 0x07: return XIPWAIT;
	case 0x10: return UART3;
	case 0x11: return USB;
	}
	return NONE;
}

void rom_boot(struct sim *s)
{
	unsigned code = s->cfg.sys_boot & 0x3F;
	const uint8_t *table = NULL;
	uint8_t order[6] = { NONE };   /* a boot message may change it */
	bool skip_periph = false;
	uint8_t *buf = malloc(MAX_IMAGE + 512);
	uint32_t entry;

	if (!buf)
		abort();
	for (size_t i = 0; i < ARRAY_SIZE(boot_table); i++)
		if (boot_table[i].code == code)
			table = boot_table[i].dev;
	if (!table) {
		sim_stop(s, SIM_FAULT, "ROM: SYS_BOOT 0x%02x is a reserved code", code);
		free(buf);
		return;
	}
	memcpy(order, table, 5);
	sim_advance_ps(s, ROM_START_PS);
	for (int i = 0; i < 5 && order[i] != NONE; i++) {
		enum dev d = order[i];

		if (skip_periph && (d == USB || d == UART3)) {
			note(s, dev_name[d], "peripheral booting skipped (boot message)");
			continue;
		}

		switch (d) {
		case MMC1: {
			struct sdimg img;
			bool ok;

			if (!s->cfg.sd_image) {
				note(s, "MMC1", "no card");
				continue;
			}
			if (sdimg_open(&img, s->cfg.sd_image)) {
				note(s, "MMC1", "card image cannot be opened: no card");
				continue;
			}
			sim_advance_ps(s, SD_IDENT_PS);
			/* raw mode first; "if raw mode is not detected, file system
			 * mode is assumed" (docs/rom.md) */
			ok = mmc1_raw(s, &img, buf, &entry) || mmc1_fat(s, &img, buf, &entry);
			sim_advance_ps(s, img.sectors_read * SD_SECTOR_PS);
			sdimg_close(&img);
			if (!ok)
				continue;
			exit_state(s, true);
			hand_over(s, 0x06, entry);
			free(buf);
			return;
		}
		case NAND: {
			const char *why = "?";
			long n = nand_rom_read(s, buf, MAX_IMAGE, &why);

			if (n < 0) {
				note(s, "NAND", why);
				continue;
			}
			if (!load_gp(s, "NAND", buf, (size_t)n, &entry))
				continue;
			exit_state(s, false);
			hand_over(s, 0x02, entry);
			free(buf);
			return;
		}
		case USB: {
			uint32_t size;
			uint8_t dev;
			enum rom_usb_result r;

			/* --usb: a cable to a PC (usbredir); without it (or with
			 * --vbus only) no host answers and the ROM moves on */
			if (!s->cfg.usb_path || s->cfg.rom_usb_ms < 0) {
				note(s, "USB", "no host connected");
				continue;
			}
			r = rom_usb_boot(s, &size, &dev);
			if (s->result) {
				free(buf);
				return;
			}
			if (r == ROMUSB_LOADED) {
				/* no GP header: the image runs from its first byte;
				 * the USB device stays connected (rom_usb.c) */
				exit_state(s, false);
				hand_over(s, 0x11, SRAM_BASE);
				free(buf);
				return;
			}
			if (r == ROMUSB_SKIP)
				skip_periph = true;
			if (r == ROMUSB_CHANGE && i + 1 < 5 && dev_from_code(dev) != NONE)
				order[i + 1] = dev_from_code(dev);
			continue;
		}
		case UART3:
			note(s, "UART3", "no host answered the ASIC ID");
			continue;
		default:
			note(s, dev_name[d], "not fitted on this board");
			continue;
		}
	}
	free(buf);
	sim_stop(s, SIM_FAULT, "ROM: no bootable image (SYS_BOOT 0x%02x)", code);
}
