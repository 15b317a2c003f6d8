// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * YMODEM batch receive (Forsberg's "XMODEM/YMODEM Protocol Reference",
 * sections 4-7; no TRM chapter). Every wait is one getc with a timeout and
 * every loop is bounded by a count, so a silent or babbling line ends.
 */
#include <stdbool.h>

#include "lib/transfer/ymodem.h"
#include "lib/errno.h"
#include "lib/string.h"

#define SOH 0x01
#define STX 0x02
#define ETX 0x03        /* Ctrl-C from the user */
#define EOT 0x04
#define ACK 0x06
#define NAK 0x15
#define CAN 0x18

/* Bytes that may pass where a block should start before it counts as an
 * error: more than a 1K block, so a babbling line cannot hold us. */
#define GARBAGE_MAX 1100
#define DRAIN_MAX   4096

enum {
	R_TIMEOUT = -1,
	R_BAD = -2,     /* garbled block, already drained */
	R_EOT = -3,
	R_CAN = -4,     /* CAN CAN from the sender */
	R_ABORT = -5,   /* the user */
};

struct rx {
	const struct ymodem *y;
	unsigned timeout;
};

uint16_t crc16_xmodem(uint16_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	while (len--) {
		crc ^= (uint16_t)(*p++ << 8);
		for (int i = 0; i < 8; i++)
			crc = (uint16_t)(crc & 0x8000 ? crc << 1 ^ 0x1021 : crc << 1);
	}
	return crc;
}

static void put(struct rx *rx, uint8_t c)
{
	rx->y->putc(rx->y->ctx, c);
}

/* Reads until the line is quiet for one timeout (or DRAIN_MAX bytes), so
 * that a NAK or CAN is not answered by the rest of a bad block. */
static void drain(struct rx *rx)
{
	for (int i = 0; i < DRAIN_MAX; i++)
		if (rx->y->getc(rx->y->ctx, rx->timeout) < 0)
			return;
}

static void cancel(struct rx *rx)
{
	for (int i = 0; i < 5; i++)
		put(rx, CAN);
	drain(rx);
}

/* One block (its data length, 128 or 1024, with *blk its number) or one
 * of the R_ codes. */
static int get_block(struct rx *rx, uint8_t *data, uint8_t *blk)
{
	const struct ymodem *y = rx->y;
	uint8_t hdr[2], crc[2];
	bool can = false;
	int c, len = 0;

	for (int n = 0; !len; n++) {
		c = y->getc(y->ctx, rx->timeout);
		if (c == -ECANCELED)
			return R_ABORT;
		if (c < 0)
			return R_TIMEOUT;
		if (c == CAN && can)
			return R_CAN;
		can = c == CAN;
		if (c == SOH)
			len = 128;
		else if (c == STX)
			len = 1024;
		else if (c == EOT)
			return R_EOT;
		else if (c == ETX)
			return R_ABORT;
		else if (n >= GARBAGE_MAX)
			return R_BAD;
	}
	for (int i = 0; i < len + 4; i++) {
		c = y->getc(y->ctx, rx->timeout);
		if (c == -ECANCELED)
			return R_ABORT;
		if (c < 0)
			return R_BAD;   /* short block: the line is already quiet */
		if (i < 2)
			hdr[i] = (uint8_t)c;
		else if (i < len + 2)
			data[i - 2] = (uint8_t)c;
		else
			crc[i - len - 2] = (uint8_t)c;
	}
	if ((uint8_t)(hdr[0] ^ hdr[1]) != 0xff ||
	    crc16_xmodem(0, data, (size_t)len) != (crc[0] << 8 | crc[1])) {
		drain(rx);
		return R_BAD;
	}
	*blk = hdr[0];
	return len;
}

/* Block 0: "name\0size[ mtime mode ...]\0...". false if the size field
 * is present but not a number. */
static bool parse_header(const uint8_t *d, int len, struct ymodem_file *f, size_t *size,
			 bool *have_size)
{
	int i, n;

	for (i = 0; i < len && d[i]; i++)
		if (i < YMODEM_NAME_MAX - 1)
			f->name[i] = (char)d[i];
	f->name[i < YMODEM_NAME_MAX - 1 ? i : YMODEM_NAME_MAX - 1] = 0;
	*size = 0;
	*have_size = false;
	for (i++, n = 0; i < len && d[i] >= '0' && d[i] <= '9'; i++, n++) {
		size_t digit = (size_t)(d[i] - '0');

		if (*size > (~(size_t)0 - digit) / 10)
			*size = ~(size_t)0;     /* too large for any buffer */
		else
			*size = *size * 10 + digit;
		*have_size = true;
	}
	return i >= len || d[i] == ' ' || d[i] == 0;
}

enum { ST_START, ST_DATA, ST_END };

int ymodem_receive(const struct ymodem *y, void *buf, size_t max, struct ymodem_file *f)
{
	struct rx rx = { .y = y, .timeout = y->timeout_ms ? y->timeout_ms : 1000 };
	unsigned tries = y->start_tries ? y->start_tries : 30;
	unsigned retries = y->retries ? y->retries : 10;
	unsigned errors = 0;
	uint8_t data[1024], blk, expect = 0;
	size_t off = 0, size = 0;
	bool have_size = false, eot = false, answered = false;
	int state = ST_START, r, err = 0;

	f->size = 0;
	f->name[0] = 0;
	put(&rx, 'C');
	for (;;) {
		r = get_block(&rx, data, &blk);
		if (r == R_ABORT && state == ST_END) {
			cancel(&rx);
			break;          /* the file is whole */
		}
		if (r == R_ABORT) {
			err = -ECANCELED;
			goto fail;
		}
		if (r == R_CAN) {
			drain(&rx);
			f->size = off;
			return -ECANCELED;
		}
		if (r == R_EOT && state == ST_DATA && !eot) {
			/* The first EOT may be noise: NAK it, the sender
			 * repeats it. */
			eot = true;
			put(&rx, NAK);
			continue;
		}
		if (r == R_EOT && state != ST_START) {
			/* The second EOT, or ours was lost: the file is done;
			 * 'C' asks for the next header (XMODEM has none). */
			put(&rx, ACK);
			if (y->xmodem)
				break;
			state = ST_END;
			errors = 0;
			put(&rx, 'C');
			continue;
		}
		if (r < 0) {
			answered = false;
			if (state == ST_START) {
				if (--tries == 0) {
					err = -ETIMEDOUT;
					goto fail;
				}
			} else if (++errors > retries) {
				if (state == ST_END)
					break;  /* the data is whole; keep it */
				err = r == R_TIMEOUT ? -ETIMEDOUT : -EBADMSG;
				goto fail;
			}
			put(&rx, state == ST_DATA ? NAK : 'C');
			continue;
		}

		if (state != ST_DATA && blk == 0) {
			if (!data[0]) {
				/* End of batch. */
				put(&rx, ACK);
				if (state == ST_END)
					break;
				return -ENOENT;
			}
			if (state == ST_END) {
				/* A second file: keep the first. */
				cancel(&rx);
				break;
			}
			if (!parse_header(data, r, f, &size, &have_size)) {
				err = -EBADMSG;
				goto fail;
			}
			if (have_size && size > max) {
				err = -EFBIG;
				goto fail;
			}
			put(&rx, ACK);
			put(&rx, 'C');
			state = ST_DATA;
			expect = 1;
			errors = 0;
			answered = true;
			continue;
		}
		if (state == ST_START && blk == 1) {
			/* An XMODEM sender: no header, no size. */
			state = ST_DATA;
			expect = 1;
		}
		if (state == ST_DATA && blk == expect) {
			size_t n = (size_t)r;

			if (have_size)
				n = off >= size ? 0 : size - off < n ? size - off : n;
			if (n > max - off) {
				err = -EFBIG;
				goto fail;
			}
			memcpy((uint8_t *)buf + off, data, n);
			off += n;
			expect++;
			errors = 0;
			eot = false;
			put(&rx, ACK);
			answered = true;
			continue;
		}
		if (state == ST_DATA && blk == (uint8_t)(expect - 1)) {
			if (++errors > retries) {
				err = -EBADMSG;
				goto fail;
			}
			/*
			 * The sender repeats a block we have ACKed. Unless we
			 * have timed out (and NAKed) since, it is answering a
			 * stale byte, not a lost ACK: console text that was on
			 * the line before our first 'C' (sb takes any 'C' in it,
			 * as in "Ctrl-C", for a request), or a garbled ACK. Our
			 * answer is already on its way; a second one would be
			 * taken for the next block's, and the sender would stay
			 * one ACK ahead until it took our last data ACK for its
			 * EOT's. If the ACK was really lost, the sender waits
			 * for it; we time out, NAK, and answer the repeat.
			 */
			if (answered)
				continue;
			put(&rx, ACK);
			if (expect == 1)
				put(&rx, 'C');  /* the header again */
			answered = true;
			continue;
		}
		if (state == ST_END) {
			/* Not a header after a whole file: keep the file. */
			cancel(&rx);
			break;
		}
		/* A block from elsewhere in the file (or data before any
		 * header): the sequence is lost. */
		err = -EBADMSG;
		goto fail;
	}
	f->size = off;
	return 0;

fail:
	f->size = off;
	cancel(&rx);
	return err;
}
