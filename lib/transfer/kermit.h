/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A Kermit file receiver for loadb (Frank da Cruz, "Kermit Protocol
 * Manual", 6th edition, 1986): Send-Init negotiation, type 1 block
 * checks, control-prefix, 8th-bit-prefix and repeat-count decoding, one
 * file per transfer. Short packets only (no long-packet capability is
 * offered), no sliding windows.
 */
#ifndef LIB_TRANSFER_KERMIT_H
#define LIB_TRANSFER_KERMIT_H

#include <stddef.h>
#include <stdint.h>

struct kermit {
	/* A received byte (0..255), -ETIMEDOUT after timeout_ms without one. */
	int (*getc)(void *ctx, unsigned timeout_ms);
	void (*putc)(void *ctx, uint8_t c);
	void *ctx;
	unsigned start_tries;   /* 1 s waits for the sender's Send-Init; 0: 30 */
	unsigned timeout_ms;    /* wait for each packet byte; 0: 2000 */
	unsigned retries;       /* bad packets in a row before giving up; 0: 10 */
};

#define KERMIT_NAME_MAX 64

struct kermit_file {
	size_t size;                    /* bytes written to buf */
	char name[KERMIT_NAME_MAX];     /* from the F packet, "" if none */
};

/*
 * Receives one file into buf[0..max), never writing past max. 0 when the
 * sender ended the transfer (B) after the file; -ECANCELED (Ctrl-C on the
 * line, an E packet from the sender, or a file it discarded), -ETIMEDOUT
 * (no sender, or it went quiet), -EBADMSG (errors beyond the retry limit,
 * a packet out of sequence or of a type not expected), -EFBIG (the file
 * does not fit: an E packet tells the sender). f->size counts what
 * arrived either way.
 */
int kermit_receive(const struct kermit *k, void *buf, size_t max, struct kermit_file *f);

#endif
