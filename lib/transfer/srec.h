/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Motorola S-records, one line at a time, for loads (the format of
 * `objcopy -O srec`: S0 header, S1/S2/S3 data with 16/24/32-bit
 * addresses, S5/S6 counts, S7/S8/S9 end with the start address). */
#ifndef LIB_TRANSFER_SREC_H
#define LIB_TRANSFER_SREC_H

#include <stddef.h>
#include <stdint.h>

#define SREC_DATA_MAX 252      /* a 255-byte record less a 32-bit address and the sum */

struct srec {
	uint8_t type;           /* 0..9 (4 is reserved and refused) */
	uint32_t addr;          /* data: where the bytes go; end: the start address */
	uint8_t len;            /* data bytes */
	uint8_t data[SREC_DATA_MAX];
};

/* True for the types that carry data (1, 2, 3) or end the file (7, 8, 9). */
#define SREC_IS_DATA(t) ((t) >= 1 && (t) <= 3)
#define SREC_IS_END(t)  ((t) >= 7 && (t) <= 9)

/*
 * Decodes one record of n characters (no line end; trailing blanks are
 * ignored). 0 with r filled in; -EINVAL (not "S<digit>", a reserved type,
 * a character that is not hex, a count that does not match the line or
 * is too small for the address), -EBADMSG (the checksum); *why names it.
 */
int srec_decode(const char *line, size_t n, struct srec *r, const char **why);

#endif
