/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the SD card behind MMC1 (sdcard.c), as the host controller
 * model (hsmmc.c) sees it: commands in, responses and data blocks out.
 */
#ifndef GTABOOT_SIM_SDCARD_H
#define GTABOOT_SIM_SDCARD_H

#include "tools/sim/models.h"

/* R1 card status bits (SD Physical Layer Simplified Spec 4.10.1) */
#define SD_OUT_OF_RANGE   (1u << 31)
#define SD_ADDRESS_ERROR  (1u << 30)
#define SD_BLOCK_LEN_ERR  (1u << 29)
#define SD_WP_VIOLATION   (1u << 26)
#define SD_ILLEGAL_CMD    (1u << 22)
#define SD_READY_FOR_DATA (1u << 8)
#define SD_APP_CMD        (1u << 5)

enum sd_type { SDT_SDSC1, SDT_SDSC2, SDT_SDHC };

struct sdcard;

/* Open the image, read-write when the file allows (else the card is
 * write-protected); NULL (with a message on stderr) on failure. */
struct sdcard *sdcard_open(const char *path, enum sim_sd_type want);
/* Supply lost: back to the power-on state. */
void sdcard_power_off(struct sdcard *sd);
/*
 * One command. Returns the response length in bits (48 or 136), or 0 when
 * the card does not answer (the host sees a command timeout). resp[0..3]
 * are the 128 bits of an R2 from the most significant word down, or resp[0]
 * the 32-bit payload of a 48-bit response.
 */
int sdcard_command(struct sim *s, struct sdcard *sd, unsigned idx, uint32_t arg,
		   uint32_t resp[4]);
/*
 * The next data block of a read command: its length and, for memory
 * blocks, its block number in *lba (-1 for register data such as the SCR).
 * Returns the byte count, 0 when the command has no more data, or -1 when
 * the card stopped sending (address out of range): the host times out.
 */
int sdcard_read_block(struct sdcard *sd, uint8_t *buf, unsigned max, long *lba);
/* How often data was asked of the card or given to it (battery.c: the
 * card's draw while it transfers). */
uint64_t sdcard_transfers(const struct sdcard *sd);
/*
 * A block of a write command (CMD24/25) arrives from the host, its CRC
 * right or not (crc_ok: the bus clock, width and mmc-crc injection as the
 * host model sees them). Returns 1 when the card programmed it (busy on
 * DAT0 until sdcard_busy_until()), 0 when the card takes no data (no write
 * command, busy, out of range, write-protected, power cut: the host sees
 * no CRC status and times out), -1 for a CRC status "error".
 */
int sdcard_write_block(struct sim *s, struct sdcard *sd, const uint8_t *buf, unsigned len,
		       bool crc_ok);
/* The block number the next written block goes to, -1 when none. */
long sdcard_write_lba(const struct sdcard *sd);
/* When the card releases DAT0 (programming done); in the past when idle. */
uint64_t sdcard_busy_until(struct sim *s, struct sdcard *sd);
bool sdcard_high_speed(const struct sdcard *sd);
unsigned sdcard_bus_width(const struct sdcard *sd);
enum sd_type sdcard_type(const struct sdcard *sd);
uint64_t sdcard_capacity(const struct sdcard *sd);  /* bytes the CSD declares */

/* Exposed for unit tests: CSD encoding and decoding of the capacity. */
void sdcard_make_csd(enum sd_type t, uint64_t bytes, uint8_t csd[16]);
uint64_t sdcard_csd_capacity(const uint8_t csd[16]);
uint8_t sd_crc7(const uint8_t *p, unsigned n);

#endif
