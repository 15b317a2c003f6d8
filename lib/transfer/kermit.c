// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kermit receive (the "Kermit Protocol Manual", chapters 5-6 and 8): a
 * packet is SOH, LEN, SEQ, TYPE, DATA, CHECK, each field a printable
 * character (tochar(x) = x + 32), the check type 1 sum over LEN..DATA.
 * Every reply is an ACK (Y) or NAK (N) with the sequence number.
 */
#include "lib/transfer/kermit.h"

#include <stdbool.h>

#include "lib/errno.h"
#include "lib/string.h"

#define SOH 0x01
#define MAXDATA 91              /* LEN 94 less SEQ, TYPE, CHECK */

#define tochar(x) ((uint8_t)((x) + 32))
#define unchar(c) ((unsigned)(c) - 32)

struct kstate {
	const struct kermit *k;
	unsigned timeout;
	uint8_t eol, npad, padc;            /* how the sender wants our packets */
	uint8_t qctl, qbin, rept;           /* its prefixes (0: none) */
	int pending;                        /* a byte read ahead, or -1 */
};

struct packet {
	uint8_t type;
	unsigned seq, len;
	uint8_t data[MAXDATA + 1];
};

enum { P_TIMEOUT = -1, P_BAD = -2, P_CANCEL = -3 };

static uint8_t check1(unsigned s)
{
	return tochar((s + ((s & 192) >> 6)) & 63);
}

static void send(struct kstate *st, uint8_t type, unsigned seq, const uint8_t *data, unsigned n)
{
	const struct kermit *k = st->k;
	unsigned s = 0;
	uint8_t b[MAXDATA + 4];

	b[0] = tochar(n + 3);
	b[1] = tochar(seq & 63);
	b[2] = type;
	if (n)
		memcpy(b + 3, data, n);
	for (unsigned i = 0; i < n + 3; i++)
		s += b[i];
	b[n + 3] = check1(s);
	for (unsigned i = 0; i < st->npad; i++)
		k->putc(k->ctx, st->padc);
	k->putc(k->ctx, SOH);
	for (unsigned i = 0; i < n + 4; i++)
		k->putc(k->ctx, b[i]);
	k->putc(k->ctx, st->eol);
}

static void send_str(struct kstate *st, uint8_t type, unsigned seq, const char *s)
{
	send(st, type, seq, (const uint8_t *)s, (unsigned)strlen(s));
}

static int rd(struct kstate *st, unsigned ms)
{
	int c = st->pending;

	if (c >= 0) {
		st->pending = -1;
		return c;
	}
	return st->k->getc(st->k->ctx, ms);
}

/* One packet; a SOH inside one starts it again. The line end the sender
 * puts after it is taken too (a short wait: it comes with the packet),
 * so that after the last packet none is left for the console. */
static int get_packet(struct kstate *st, struct packet *p)
{
	unsigned s, n, i;
	int c;

	do {
		c = rd(st, st->timeout);
		if (c < 0)
			return P_TIMEOUT;
		if (c == 0x03)
			return P_CANCEL;
	} while (c != SOH);
restart:
	c = rd(st, st->timeout);
	if (c < 0)
		return P_TIMEOUT;
	if (c == SOH)
		goto restart;
	n = unchar(c);
	/* LEN counts SEQ, TYPE, DATA, CHECK; 0 would be a long packet */
	if (c < 32 || n < 3 || n > MAXDATA + 3)
		return P_BAD;
	s = (unsigned)c;
	uint8_t b[MAXDATA + 3];

	for (i = 0; i < n; i++) {
		c = rd(st, st->timeout);
		if (c < 0)
			return P_TIMEOUT;
		if (c == SOH)
			goto restart;
		if (c == 0x03)
			return P_CANCEL;
		b[i] = (uint8_t)c;
		if (i < n - 1)
			s += (unsigned)c;
	}
	c = rd(st, 50);
	if (c >= 0 && c != '\r' && c != '\n' && c != st->eol)
		st->pending = c;
	if (b[n - 1] != check1(s) || b[0] < 32 || b[0] > 32 + 63)
		return P_BAD;
	p->seq = unchar(b[0]);
	p->type = b[1];
	p->len = n - 3;
	memcpy(p->data, b + 2, p->len);
	p->data[p->len] = 0;
	return 0;
}

/* Our Send-Init answer to the sender's: its EOL, padding and prefixes,
 * ours in the ACK (MAXL 94, TIME 10 s, no padding, EOL CR, '#', check 1). */
static unsigned negotiate(struct kstate *st, const struct packet *p, uint8_t *ack)
{
	const uint8_t *d = p->data;
	unsigned n = p->len;
	uint8_t qbin = n > 6 ? d[6] : 'N', rept = n > 8 ? d[8] : ' ';

	st->npad = n > 2 ? (uint8_t)unchar(d[2]) : 0;
	st->padc = n > 3 ? d[3] ^ 64 : 0;
	st->eol = n > 4 && d[4] > 32 ? (uint8_t)unchar(d[4]) : '\r';
	st->qctl = n > 5 && d[5] > 32 ? d[5] : '#';
	/* 8th-bit prefixing when the sender asks with a prefix character */
	st->qbin = (qbin > 32 && qbin < 63) || (qbin > 95 && qbin < 127) ? qbin : 0;
	st->rept = rept > 32 && rept < 127 && rept != st->qctl && rept != st->qbin ? rept : 0;
	memcpy(ack, "~* @-#", 6);
	ack[6] = st->qbin ? 'Y' : 'N';
	ack[7] = '1';
	ack[8] = st->rept ? st->rept : ' ';
	return 9;
}

/* A D (or F) packet's data decoded into out[0..max); -EFBIG past max,
 * -EBADMSG for a prefix with nothing after it. */
static int decode(const struct kstate *st, const struct packet *p, uint8_t *out, size_t max,
		  size_t *n)
{
	const uint8_t *d = p->data, *end = p->data + p->len;

	*n = 0;
	while (d < end) {
		unsigned count = 1;
		uint8_t c, bit8 = 0;

		if (st->rept && *d == st->rept) {
			if (end - d < 3)
				return -EBADMSG;
			count = unchar(d[1]);
			d += 2;
		}
		if (st->qbin && *d == st->qbin) {
			bit8 = 0x80;
			if (++d == end)
				return -EBADMSG;
		}
		c = *d++;
		if (c == st->qctl) {
			if (d == end)
				return -EBADMSG;
			c = *d++;
			/* a prefixed prefix is itself; anything else is a
			 * control character shown as its printable twin */
			if ((c & 0x7f) != st->qctl && (c & 0x7f) != st->qbin &&
			    (!st->rept || (c & 0x7f) != st->rept))
				c ^= 64;
		}
		c |= bit8;
		if (count > max - *n)
			return -EFBIG;
		memset(out + *n, c, count);
		*n += count;
	}
	return 0;
}

int kermit_receive(const struct kermit *k, void *buf, size_t max, struct kermit_file *f)
{
	struct kstate st = { .k = k, .timeout = k->timeout_ms ? k->timeout_ms : 2000,
			     .eol = '\r', .qctl = '#', .pending = -1 };
	unsigned tries = k->start_tries ? k->start_tries : 30;
	unsigned retries = k->retries ? k->retries : 10, errors = 0, expect = 0;
	static struct packet p;
	uint8_t ack[12];
	size_t n;
	bool started = false;
	int r, err;

	f->size = 0;
	f->name[0] = 0;
	for (;;) {
		r = get_packet(&st, &p);
		if (r == P_CANCEL) {
			send_str(&st, 'E', expect, "cancelled");
			return -ECANCELED;
		}
		if (r < 0) {
			if (!started && r == P_TIMEOUT && --tries == 0)
				return -ETIMEDOUT;
			if (started && ++errors > retries) {
				send_str(&st, 'E', expect, "too many errors");
				return r == P_TIMEOUT ? -ETIMEDOUT : -EBADMSG;
			}
			if (started || r == P_BAD)
				send(&st, 'N', expect, NULL, 0);
			continue;
		}
		if (p.type == 'E')
			return -ECANCELED;
		if (started && p.seq == ((expect - 1) & 63)) {
			/* our ACK was lost: the sender repeats; ACK it again */
			if (++errors > retries) {
				send_str(&st, 'E', expect, "too many errors");
				return -EBADMSG;
			}
			if (p.type == 'S')
				send(&st, 'Y', p.seq, ack, negotiate(&st, &p, ack));
			else
				send(&st, 'Y', p.seq, NULL, 0);
			continue;
		}
		if (p.seq != expect || (!started && p.type != 'S')) {
			if (!started)
				continue;       /* not the start of a transfer: wait */
			send_str(&st, 'E', expect, "packet out of sequence");
			return -EBADMSG;
		}
		errors = 0;
		switch (p.type) {
		case 'S':
			started = true;
			send(&st, 'Y', p.seq, ack, negotiate(&st, &p, ack));
			break;
		case 'F':
			err = decode(&st, &p, (uint8_t *)f->name, KERMIT_NAME_MAX - 1, &n);
			f->name[err ? 0 : n] = 0;
			send(&st, 'Y', p.seq, NULL, 0);
			break;
		case 'D':
			err = decode(&st, &p, (uint8_t *)buf + f->size, max - f->size, &n);
			if (err == -EFBIG) {
				send_str(&st, 'E', p.seq, "file too large");
				return -EFBIG;
			}
			if (err) {
				send_str(&st, 'E', p.seq, "bad prefix in data");
				return -EBADMSG;
			}
			f->size += n;
			send(&st, 'Y', p.seq, NULL, 0);
			break;
		case 'Z':
			send(&st, 'Y', p.seq, NULL, 0);
			if (p.len && p.data[0] == 'D')
				return -ECANCELED;      /* the sender discarded the file */
			break;
		case 'B':
			send(&st, 'Y', p.seq, NULL, 0);
			return 0;
		case 'A': case 'X':
			send(&st, 'Y', p.seq, NULL, 0);
			break;
		default:
			send_str(&st, 'E', p.seq, "unexpected packet type");
			return -EBADMSG;
		}
		expect = (expect + 1) & 63;
	}
}
