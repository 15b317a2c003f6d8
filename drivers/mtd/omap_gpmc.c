// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OMAP3 GPMC as a NAND controller (TRM chapter 10 "Memory Subsystem",
 * GPMC NAND access and Hamming ECC; SPRUF98/SPRUGN4 "Memory Subsystem", GPMC registers).
 */
#include "arch/arm/io.h"
#include "drivers/mtd/omap_gpmc.h"
#include "lib/bitops.h"

#define GPMC_IRQSTATUS      0x018
#define GPMC_TIMEOUT_CTRL   0x040
#define GPMC_CONFIG         0x050
#define GPMC_STATUS         0x054
#define GPMC_NAND_CMD(g)    ((g)->base + 0x07C + 0x30 * (g)->cs)
#define GPMC_NAND_ADDR(g)   ((g)->base + 0x080 + 0x30 * (g)->cs)
#define GPMC_NAND_DATA(g)   ((g)->base + 0x084 + 0x30 * (g)->cs)
#define GPMC_ECC_CONFIG     0x1F4
#define GPMC_ECC_CONTROL    0x1F8
#define GPMC_ECC_SIZE       0x1FC
#define GPMC_ECC_RESULT(n)  (0x200 + 4 * (n))   /* n = 0..8 */

#define CONFIG_WRITEPROTECT BIT(4)   /* 1: WP# high, writes allowed */
#define STATUS_WAIT0        BIT(8)
#define IRQ_WAIT0_EDGE      BIT(8)
#define CONFIG7_CSVALID     BIT(6)
#define CONFIG7_MASK_16M    (0xFu << 8)

void gpmc_cs_config(uintptr_t gpmc_base, unsigned cs, const uint32_t config[6],
		    uint32_t base_addr)
{
	uintptr_t r = gpmc_base + 0x060 + 0x30 * cs;

	/* The CS must be invalid while its timings change. */
	writel(0, r + 4 * 6);
	for (int n = 0; n < 6; n++)
		writel(config[n], r + 4 * n);
	writel(CONFIG7_MASK_16M | CONFIG7_CSVALID | ((base_addr >> 24) & 0x3F), r + 4 * 6);
}

void gpmc_nand_setup(const struct gpmc_nand *g, const uint32_t config[6], uint32_t base_addr)
{
	gpmc_cs_config(g->base, g->cs, config, base_addr);
	writel(0, g->base + GPMC_TIMEOUT_CTRL);
	writel(IRQ_WAIT0_EDGE, g->base + GPMC_IRQSTATUS);
	setbits32(g->base + GPMC_CONFIG, CONFIG_WRITEPROTECT);
}

void gpmc_nand_cmd(const struct gpmc_nand *g, uint8_t cmd)
{
	writeb(cmd, GPMC_NAND_CMD(g));
}

void gpmc_nand_addr(const struct gpmc_nand *g, uint8_t a)
{
	writeb(a, GPMC_NAND_ADDR(g));
}

uint16_t gpmc_nand_read_cycle(const struct gpmc_nand *g)
{
	return g->x16 ? readw(GPMC_NAND_DATA(g)) : readb(GPMC_NAND_DATA(g));
}

void gpmc_nand_read_buf(const struct gpmc_nand *g, uint8_t *buf, unsigned len)
{
	/* 32-bit reads: the GPMC splits them into bus cycles of the device width */
	for (unsigned i = 0; i < len; i += 4) {
		uint32_t v = readl(GPMC_NAND_DATA(g));

		buf[i] = (uint8_t)v;
		buf[i + 1] = (uint8_t)(v >> 8);
		buf[i + 2] = (uint8_t)(v >> 16);
		buf[i + 3] = (uint8_t)(v >> 24);
	}
}

void gpmc_nand_write_buf(const struct gpmc_nand *g, const uint8_t *buf, unsigned len)
{
	for (unsigned i = 0; i < len; i += 4)
		writel(get_le32(buf + i), GPMC_NAND_DATA(g));
}

int gpmc_nand_wait_ready(const struct gpmc_nand *g, uint32_t timeout_us)
{
	return poll32(g->base + GPMC_STATUS, STATUS_WAIT0, STATUS_WAIT0, timeout_us);
}

int gpmc_nand_wait_status(const struct gpmc_nand *g, uint8_t mask, uint32_t timeout_us)
{
	/* a 32-bit read is two or four bus cycles, each the status byte on
	 * I/O[7:0]: the low byte is the first */
	return poll32(GPMC_NAND_DATA(g), mask, mask, timeout_us);
}

void gpmc_ecc_start(const struct gpmc_nand *g, unsigned nsectors)
{
	/* clear all results, start at ECC1; results 1..n use ECCSIZE1 =
	 * 256 words (512 bytes) */
	writel(BIT(8) | 1, g->base + GPMC_ECC_CONTROL);
	writel((255u << 22) | GENMASK(nsectors - 1, 0), g->base + GPMC_ECC_SIZE);
	writel((g->x16 ? BIT(7) : 0) | (g->cs << 1) | 1, g->base + GPMC_ECC_CONFIG);
}

void gpmc_ecc_results(const struct gpmc_nand *g, uint32_t *res, unsigned nsectors)
{
	writel(0, g->base + GPMC_ECC_CONFIG);
	for (unsigned i = 0; i < nsectors; i++)
		res[i] = readl(g->base + GPMC_ECC_RESULT(i)) & 0x0FFF0FFF;
}
