/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A YMODEM batch receiver for the loady command (Forsberg, "XMODEM/YMODEM
 * Protocol Reference", 1988): CRC-16 mode only, 128- and 1024-byte
 * blocks, one file per batch. XMODEM(-1K) CRC senders that skip block 0
 * work too, without a name or size.
 */
#ifndef LIB_TRANSFER_YMODEM_H
#define LIB_TRANSFER_YMODEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ymodem {
	/*
	 * A received byte (0..255), -ETIMEDOUT after timeout_ms without one,
	 * or -ECANCELED when the user asked to stop. The console shares the
	 * line with the sender, so Ctrl-C (0x03) where a block should start
	 * is the user too: before the first block that is the only way to
	 * interrupt loady; inside a block 0x03 is data.
	 */
	int (*getc)(void *ctx, unsigned timeout_ms);
	void (*putc)(void *ctx, uint8_t c);
	void *ctx;
	unsigned start_tries;   /* 'C's, one per timeout, until the sender starts; 0: 30 */
	unsigned timeout_ms;    /* wait for each byte; 0: 1000 */
	unsigned retries;       /* errors in a row on one block before giving up; 0: 10 */
	bool xmodem;            /* XMODEM (loadx): the file ends at EOT, no batch */
};

#define YMODEM_NAME_MAX 64

struct ymodem_file {
	size_t size;                    /* bytes written to buf */
	char name[YMODEM_NAME_MAX];     /* from block 0, "" for XMODEM */
};

/*
 * Receives one file into buf[0..max). With a size in block 0, exactly that
 * many bytes are kept (the last block's padding is dropped); without one,
 * whole blocks are. Never writes past max: a file that does not fit is
 * refused with CAN. A second file in the batch is refused the same way,
 * and the first one is kept.
 *
 * 0 on success (f filled in); -ECANCELED (the user or the sender),
 * -ETIMEDOUT (no sender, or it went quiet), -EBADMSG (a block out of
 * sequence, or errors beyond the retry limit), -EFBIG (too large),
 * -ENOENT (the batch was empty). On an error the sender has been sent
 * CAN CAN and the line drained.
 */
int ymodem_receive(const struct ymodem *y, void *buf, size_t max, struct ymodem_file *f);

/* CRC-16/XMODEM: polynomial 0x1021, initial value crc (0), no reflection. */
uint16_t crc16_xmodem(uint16_t crc, const void *buf, size_t len);

#endif
