// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/transfer/kermit against a scripted sender written from the Kermit Protocol
 * Manual: plain, 8th-bit-prefixed and repeat-compressed data, a damaged
 * packet (NAK, resent), a lost ACK (the repeat ACKed again), a file too
 * large (E packet), the sender's E and discard, Ctrl-C, silence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lib/errno.h"
#include "lib/transfer/kermit.h"

#define tochar(x) ((uint8_t)((x) + 32))

struct peer {
	const uint8_t *data;
	size_t len, off;
	bool qbin, rept;
	int corrupt_seq;            /* damage this packet once (-1: none) */
	int lose_ack_seq;           /* ignore the first ACK of this packet */
	int e_at_seq, discard;
	uint8_t q[4096];
	size_t qhead, qtail;
	uint8_t reply[128];
	size_t rlen;
	uint8_t last[128];          /* the packet last sent, for a resend */
	size_t lastlen;
	int seq, stage;             /* 0 S, 1 F, 2 D, 3 Z, 4 B, 5 done */
	int naks, acks, errors, sent;
	char errtext[64];
};

static void emit(struct peer *p, char type, int seq, const uint8_t *d, size_t n)
{
	unsigned s = 0;
	uint8_t *b = p->last;

	/* what is left unread (the last packet's EOL) to the front */
	memmove(p->q, p->q + p->qhead, p->qtail - p->qhead);
	p->qtail -= p->qhead;
	p->qhead = 0;
	assert_true(p->qtail + 2 * sizeof(p->last) < sizeof(p->q));
	b[0] = 1;
	b[1] = tochar(n + 3);
	b[2] = tochar(seq & 63);
	b[3] = (uint8_t)type;
	if (n)
		memcpy(b + 4, d, n);
	for (size_t i = 1; i < n + 4; i++)
		s += b[i];
	b[n + 4] = tochar((s + ((s & 192) >> 6)) & 63);
	b[n + 5] = '\r';
	p->lastlen = n + 6;
	if (seq == p->corrupt_seq) {
		p->corrupt_seq = -1;
		memcpy(p->q + p->qtail, b, p->lastlen);
		p->q[p->qtail + 4] ^= 1;
		p->qtail += p->lastlen;
		return;
	}
	memcpy(p->q + p->qtail, b, p->lastlen);
	p->qtail += p->lastlen;
	p->sent++;
}

/* Up to 80 encoded bytes of the file. */
static size_t encode(struct peer *p, uint8_t *out)
{
	size_t n = 0;

	while (p->off < p->len && n < 80) {
		uint8_t c = p->data[p->off], lo = c & 0x7f;
		size_t run = 1;

		while (p->rept && p->off + run < p->len && p->data[p->off + run] == c && run < 94)
			run++;
		if (run >= 3) {
			out[n++] = '~';
			out[n++] = tochar(run);
		} else {
			run = 1;
		}
		if (p->qbin && (c & 0x80)) {
			out[n++] = '&';
			c = lo;
		}
		if ((c & 0x7f) < 32 || (c & 0x7f) == 127) {
			out[n++] = '#';
			c ^= 64;
		} else if (lo == '#' || (p->qbin && lo == '&') || (p->rept && lo == '~')) {
			out[n++] = '#';
		}
		out[n++] = c;
		p->off += run;
	}
	return n;
}

static void next(struct peer *p)
{
	uint8_t d[100];
	size_t n;

	if (p->seq == p->e_at_seq) {
		emit(p, 'E', p->seq, (const uint8_t *)"sender gave up", 14);
		p->stage = 5;
		return;
	}
	switch (p->stage) {
	case 0:
		memcpy(d, "~* @-#", 6);
		d[6] = p->qbin ? '&' : 'Y';
		d[7] = '1';
		d[8] = p->rept ? '~' : ' ';
		emit(p, 'S', p->seq, d, 9);
		break;
	case 1:
		emit(p, 'F', p->seq, (const uint8_t *)"TEST.BIN", 8);
		break;
	case 2:
		n = encode(p, d);
		emit(p, 'D', p->seq, d, n);
		break;
	case 3:
		emit(p, 'Z', p->seq, (const uint8_t *)(p->discard ? "D" : ""), p->discard ? 1 : 0);
		break;
	case 4:
		emit(p, 'B', p->seq, NULL, 0);
		break;
	}
}

static void on_reply(struct peer *p)
{
	uint8_t type = p->reply[3];
	int seq = p->reply[2] - 32;

	if (type == 'E') {
		p->errors++;
		snprintf(p->errtext, sizeof(p->errtext), "%.*s", (int)p->rlen - 6, p->reply + 4);
		p->stage = 5;
		return;
	}
	if (p->stage == 5)
		return;
	if (type == 'N') {
		p->naks++;
		if (p->qhead == p->qtail)
			p->qhead = p->qtail = 0;
		memcpy(p->q + p->qtail, p->last, p->lastlen);
		p->qtail += p->lastlen;
		return;
	}
	assert_int_equal(type, 'Y');
	assert_int_equal(seq, p->seq & 63);
	p->acks++;
	if (p->seq == p->lose_ack_seq) {
		p->lose_ack_seq = -1;
		if (p->qhead == p->qtail)
			p->qhead = p->qtail = 0;
		memcpy(p->q + p->qtail, p->last, p->lastlen);
		p->qtail += p->lastlen;
		return;
	}
	if (p->stage == 0) {
		/* the receiver's Send-Init answer: our prefixes agreed */
		assert_int_equal(p->reply[4 + 6], p->qbin ? 'Y' : 'N');
		assert_int_equal(p->reply[4 + 8], p->rept ? '~' : ' ');
	}
	p->seq++;
	if (p->stage == 2 && p->off < p->len)
		;
	else
		p->stage++;
	if (p->stage < 5)
		next(p);
}

static void peer_putc(void *ctx, uint8_t c)
{
	struct peer *p = ctx;

	if (c == 1)
		p->rlen = 0;
	if (p->rlen < sizeof(p->reply))
		p->reply[p->rlen++] = c;
	if (c == '\r')
		on_reply(p);
}

static int peer_getc(void *ctx, unsigned ms)
{
	struct peer *p = ctx;

	if (p->qhead < p->qtail)
		return p->q[p->qhead++];
	p->qhead = p->qtail = 0;
	return -ETIMEDOUT;
}

static uint8_t file[20000], rx[20000 + 64];

static struct peer *start(size_t len, bool qbin, bool rept)
{
	static struct peer p;

	memset(&p, 0, sizeof(p));
	for (size_t i = 0; i < len; i++)
		file[i] = (i / 300) % 3 == 0 ? 0xAA : (uint8_t)(i * 7 + (i >> 8));
	p.data = file;
	p.len = len;
	p.qbin = qbin;
	p.rept = rept;
	p.corrupt_seq = p.lose_ack_seq = p.e_at_seq = -1;
	next(&p);
	return &p;
}

static int run(struct peer *p, size_t max, struct kermit_file *f)
{
	struct kermit k = { .getc = peer_getc, .putc = peer_putc, .ctx = p, .start_tries = 3 };
	int r;

	memset(rx, 0x5a, sizeof(rx));
	r = kermit_receive(&k, rx, max, f);
	for (size_t i = max; i < max + 64; i++)
		assert_int_equal(rx[i], 0x5a);
	return r;
}

static void test_files(void **state)
{
	static const size_t sizes[] = { 0, 1, 80, 1000, 20000 };
	struct kermit_file f;

	for (int mode = 0; mode < 4; mode++) {
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			struct peer *p = start(sizes[i], mode & 1, mode & 2);

			assert_int_equal(run(p, sizeof(file), &f), 0);
			assert_int_equal(f.size, sizes[i]);
			assert_memory_equal(rx, file, sizes[i]);
			assert_string_equal(f.name, "TEST.BIN");
			assert_int_equal(p->stage, 5);
			assert_int_equal(p->naks, 0);
		}
	}
}

static void test_damage_and_lost_ack(void **state)
{
	struct kermit_file f;
	struct peer *p = start(5000, true, true);

	p->corrupt_seq = 3;
	p->lose_ack_seq = 5;
	assert_int_equal(run(p, sizeof(file), &f), 0);
	assert_int_equal(f.size, 5000);
	assert_memory_equal(rx, file, 5000);
	assert_int_equal(p->naks, 1);
}

static void test_refusals(void **state)
{
	struct kermit_file f;
	struct peer *p = start(5000, false, false);

	assert_int_equal(run(p, 3000, &f), -EFBIG);
	assert_string_equal(p->errtext, "file too large");
	assert_true(f.size <= 3000);
	p = start(5000, false, false);
	p->e_at_seq = 4;
	assert_int_equal(run(p, sizeof(file), &f), -ECANCELED);
	p = start(100, false, false);
	p->discard = 1;
	assert_int_equal(run(p, sizeof(file), &f), -ECANCELED);
	/* Ctrl-C before the sender starts; nobody at all */
	p = start(100, false, false);
	p->qhead = p->qtail = 0;
	p->q[p->qtail++] = 0x03;
	assert_int_equal(run(p, sizeof(file), &f), -ECANCELED);
	p = start(100, false, false);
	p->qhead = p->qtail = 0;
	assert_int_equal(run(p, sizeof(file), &f), -ETIMEDOUT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_files),
		cmocka_unit_test(test_damage_and_lost_ack),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
