/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the interface between the GPMC model (gpmc.c) and the NAND
 * chip behind its chip select 0 (nand.c). The GPMC turns bus cycles on the
 * NAND_COMMAND/ADDRESS/DATA ports into these calls; the chip answers in
 * its own terms (commands, address cycles, one bus word per data cycle).
 */
#ifndef GTABOOT_SIM_NAND_H
#define GTABOOT_SIM_NAND_H

#include "tools/sim/models.h"

#define NAND_PAGE      2048u
#define NAND_OOB       64u
#define NAND_RAW       (NAND_PAGE + NAND_OOB)
#define NAND_PPB       64u          /* pages per block */

#define NAND_T_R_PS     (25 * PS_PER_US)
#define NAND_T_PROG_PS  (200 * PS_PER_US)
#define NAND_T_BERS_PS  (2 * PS_PER_MS)
#define NAND_T_RST_PS   (5 * PS_PER_US)

struct nand;

/* The chip of cfg.nand_image (created erased when missing), NULL if none. */
struct nand *nand_create(struct sim *s);
void nand_command(struct sim *s, struct nand *n, uint8_t cmd);
void nand_address(struct sim *s, struct nand *n, uint8_t a);
/* One data bus cycle: the chip's 16-bit word (x16 part) */
uint16_t nand_data_read(struct sim *s, struct nand *n);
void nand_data_write(struct sim *s, struct nand *n, uint16_t w);
bool nand_ready(struct sim *s, struct nand *n);   /* R/B# pin */
void nand_set_wp(struct nand *n, bool protect);   /* WP# pin low */
uint32_t nand_pages(const struct nand *n);

/* The GPMC state the ROM leaves after a NAND boot (gpmc.c). */
void gpmc_rom_nand_setup(struct sim *s);

#endif
