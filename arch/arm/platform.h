/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the boot flow and the console commands (common/) use of the SoC:
 * plain functions, one header, as TF-A's plat_* (the choice is made at
 * link time: one SoC per build). arch/arm/omap3 implements them; common/
 * reaches the SoC through nothing else (tools/check-layout.py). All are
 * reached once the SDRAM part runs; plat_mmc1() is also the early part's.
 */
#ifndef ARCH_ARM_PLATFORM_H
#define ARCH_ARM_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

struct dss_clock;
struct mlo_src;
struct mmc_card;
struct musb_udc_config;
struct nand_chip;
struct omap_i2c;
struct pad;

/* I2Cn (1..3) clocked and its controller up at speed_hz. */
int plat_i2c_init(unsigned n, struct omap_i2c *bus, uint32_t speed_hz);
/* GPIO n (0..191) driven at level; its pad is the caller's. */
int plat_gpio_output(unsigned n, int level);
/* The base of GPIO n's bank (omap_gpio.h), its interface clock on; 0 when
 * n is no GPIO: for drivers that bit-bang. */
uintptr_t plat_gpio_bank(unsigned n);
/* Pads from a board table. */
void plat_pads_apply(const struct pad *pads, size_t n);
/* GPTIMER11's PWM on pad (its mode 3, gpt11_pwm_evt), high for high of
 * every period ticks of the 32 kHz clock: the GTA04's backlight. */
void plat_gpt11_pwm(uint16_t pad, uint32_t high, uint32_t period);
/* MMC1's card (shared with the early part, which may have started it),
 * its host controller brought up, and its write path enabled. */
struct mmc_card *plat_mmc1(void);
int plat_mmc1_host_init(void);
void plat_mmc1_enable_writes(void);
/* GPMC CS0's NAND, probed on first use; NULL with *err set. */
struct nand_chip *plat_nand(int *err);
/* The display: the DSS's LCD pads [first, last] as outputs, and the clock
 * the DSS driver programs (drivers/video/omap_dss.h). */
void plat_lcd_pads(uint16_t first, uint16_t last);
const struct dss_clock *plat_dss_clock(void);
/* flash mlo: the image (a file in RAM, or the running one with file
 * NULL), NULL with why saying what is wrong with the file; then its copies
 * into NAND where the boot ROM reads them, 0 with one good. */
const struct mlo_src *plat_mlo_prepare(const uint8_t *file, uint32_t len, char *why, size_t n);
int plat_mlo_write(struct nand_chip *c, const struct mlo_src *m);
/* The USB OTG controller: pads and clock on, its driver's config; NULL
 * with *err set. plat_usb_otg_off() stops its clock. */
const struct musb_udc_config *plat_usb_otg(int *err);
void plat_usb_otg_off(void);
/* The MPU asleep (WFI) for about ms milliseconds, woken by a GPTIMER1
 * match: what a wait that has nothing to do costs least in. */
void plat_idle_ms(unsigned ms);

#endif
