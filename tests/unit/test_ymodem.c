// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests for lib/transfer/ymodem against a scripted sender built here (the
 * sender side of Forsberg's YMODEM, with faults injected per block), and
 * against the real `sb` from lrzsz over a socketpair when it is installed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdbool.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "tests/unit/helpers.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/transfer/ymodem.h"

#define SOH 0x01
#define STX 0x02
#define EOT 0x04
#define ACK 0x06
#define NAK 0x15
#define CAN 0x18

#define MAXBLK 2048

enum { S_WAIT_C, S_HDR, S_WAIT_C2, S_DATA, S_EOT, S_WAIT_C3, S_FIN, S_DONE, S_CANCELLED };

struct peer {
	/* the file */
	const uint8_t *data;
	size_t len;
	const char *name;
	const char *size_field;     /* NULL: the real size */
	int blk1k;                  /* 0: 128-byte blocks, 1: 1K, 2: mixed */
	bool xmodem;                /* no block 0 */
	bool rx_xmodem;             /* the receiver in XMODEM mode (loadx) */
	bool silent;                /* never answers */
	/* faults, indexed by block number (0 = header, n = nth data block) */
	uint8_t corrupt[MAXBLK];    /* send a bad CRC this many times */
	uint8_t drop[MAXBLK];       /* lose the whole block this many times */
	uint8_t truncate[MAXBLK];   /* lose its second half */
	uint8_t lose_ack[MAXBLK];   /* miss the receiver's ACK */
	bool skip[MAXBLK];          /* jump over the next block after this one */
	bool can_at[MAXBLK];        /* send CAN CAN instead */
	int silent_at;              /* go quiet at this block (0: never) */
	int noise;                  /* garbage bytes before the header */
	int user_ctrl_c_after;      /* timeouts before the user types ^C (0: never) */
	bool user_cancel;           /* getc returns -ECANCELED after that instead */
	int eot_acked_lost;         /* ACKs of the final EOT the sender misses */
	bool quit_after_eot;        /* no end-of-batch header */
	bool second_file;           /* offers another file after the first */
	/* state */
	int state, blk, eots, timeouts, sent_c, nak, acks, cans;
	size_t off, blk_off[MAXBLK + 1];
	uint8_t q[4096];
	size_t qhead, qtail;
};

static void q_put(struct peer *p, uint8_t c)
{
	assert_true(p->qtail < sizeof(p->q));
	p->q[p->qtail++] = c;
}

static size_t block_len(struct peer *p, int blk)
{
	size_t left = p->len - p->blk_off[blk];

	if (p->blk1k == 1)
		return 1024;
	if (p->blk1k == 2)
		return (left > 512 && blk % 3) ? 1024 : 128;
	return 128;
}

static void send_block(struct peer *p, int blk)
{
	uint8_t buf[1024];
	size_t len;
	uint16_t crc;

	p->qhead = p->qtail = 0;
	if (blk < MAXBLK && p->can_at[blk]) {
		q_put(p, CAN);
		q_put(p, CAN);
		p->state = S_CANCELLED;
		return;
	}
	if (blk < MAXBLK && blk == p->silent_at && blk) {
		p->silent = true;
		return;
	}
	if (p->state == S_HDR || p->state == S_FIN) {
		memset(buf, 0, 128);
		len = 128;
		if (p->state == S_HDR) {
			int n = snprintf((char *)buf, 100, "%s", p->name);

			if (p->size_field)
				snprintf((char *)buf + n + 1, 28, "%s", p->size_field);
			else
				snprintf((char *)buf + n + 1, 28, "%zu 14000000000 100644", p->len);
		}
	} else {
		size_t off = p->blk_off[blk], n;

		len = block_len(p, blk);
		n = p->len - off < len ? p->len - off : len;
		memcpy(buf, p->data + off, n);
		memset(buf + n, 0x1a, len - n);
		p->blk_off[blk + 1] = off + n;
	}
	if (blk < MAXBLK && p->drop[blk]) {
		p->drop[blk]--;
		return;
	}
	crc = crc16_xmodem(0, buf, len);
	if (blk < MAXBLK && p->corrupt[blk]) {
		p->corrupt[blk]--;
		crc ^= 0x0100;
	}
	q_put(p, len == 1024 ? STX : SOH);
	q_put(p, (uint8_t)blk);
	q_put(p, (uint8_t)~blk);
	for (size_t i = 0; i < len; i++)
		q_put(p, buf[i]);
	q_put(p, (uint8_t)(crc >> 8));
	q_put(p, (uint8_t)crc);
	if (blk < MAXBLK && p->truncate[blk]) {
		p->truncate[blk]--;
		p->qtail = 3 + len / 2;
	}
}

static void next_data(struct peer *p)
{
	if (p->blk_off[p->blk] >= p->len && p->blk > 0) {
		p->state = S_EOT;
		p->qhead = p->qtail = 0;
		q_put(p, EOT);
		return;
	}
	p->state = S_DATA;
	send_block(p, p->blk);
}

/* The sender's reaction to a byte from the receiver. */
static void peer_putc(void *ctx, uint8_t c)
{
	struct peer *p = ctx;

	if (c == 'C')
		p->sent_c++;
	if (c == NAK)
		p->nak++;
	if (c == ACK)
		p->acks++;
	if (c == CAN) {
		p->cans++;
		if (p->cans >= 2)
			p->state = S_CANCELLED;
	}
	if (p->silent || p->state == S_CANCELLED || p->state == S_DONE)
		return;
	switch (p->state) {
	case S_WAIT_C:
		if (c != 'C')
			break;
		if (p->xmodem) {
			p->blk = 1;
			next_data(p);
			break;
		}
		for (int i = 0; i < p->noise; i++)
			q_put(p, (uint8_t)(0x30 + i % 40));
		p->state = S_HDR;
		p->blk = 0;
		send_block(p, 0);
		if (p->noise) {
			/* keep the noise in front of the block */
			memmove(p->q + p->noise, p->q, p->qtail);
			for (int i = 0; i < p->noise; i++)
				p->q[i] = (uint8_t)(0x30 + i % 40);
			p->qtail += (size_t)p->noise;
			p->noise = 0;
		}
		break;
	case S_HDR:
		if (c == ACK && p->lose_ack[0]) {
			p->lose_ack[0]--;
			send_block(p, 0);
		} else if (c == ACK) {
			p->state = S_WAIT_C2;
		} else if (c == NAK || c == 'C') {
			send_block(p, 0);
		}
		break;
	case S_WAIT_C2:
		if (c == 'C' || c == NAK) {
			p->blk = 1;
			next_data(p);
		}
		break;
	case S_DATA:
		if (c == ACK && p->blk < MAXBLK && p->lose_ack[p->blk]) {
			p->lose_ack[p->blk]--;
			send_block(p, p->blk);
		} else if (c == ACK) {
			p->blk += (p->blk < MAXBLK && p->skip[p->blk]) ? 2 : 1;
			if (p->blk > 1 && p->blk_off[p->blk] == 0)
				p->blk_off[p->blk] = p->blk_off[p->blk - 1] + block_len(p, p->blk - 1);
			next_data(p);
		} else if (c == NAK) {
			send_block(p, p->blk);
		}
		break;
	case S_EOT:
		if (c == NAK || (c == ACK && p->eot_acked_lost-- > 0)) {
			p->eots++;
			p->qhead = p->qtail = 0;
			q_put(p, EOT);
		} else if (c == ACK) {
			p->eots++;
			p->state = p->xmodem ? S_DONE : S_WAIT_C3;
			if (p->quit_after_eot) {
				p->state = S_DONE;
				p->silent = true;
			}
		}
		break;
	case S_WAIT_C3:
		if (c == 'C' && p->second_file) {
			p->state = S_HDR;
			send_block(p, 0);
		} else if (c == 'C') {
			p->state = S_FIN;
			send_block(p, 0);
		}
		break;
	case S_FIN:
		if (c == ACK)
			p->state = S_DONE;
		else if (c == 'C' || c == NAK)
			send_block(p, 0);
		break;
	}
}

static int peer_getc(void *ctx, unsigned timeout_ms)
{
	struct peer *p = ctx;

	assert_int_equal(timeout_ms, 1000);
	if (p->qhead < p->qtail)
		return p->q[p->qhead++];
	p->timeouts++;
	assert_true(p->timeouts < 2000);
	if (p->user_ctrl_c_after && p->timeouts == p->user_ctrl_c_after)
		return p->user_cancel ? -ECANCELED : 0x03;
	return -ETIMEDOUT;
}

static uint8_t file[300 * 1024];

static void make_file(size_t len)
{
	uint32_t x = (uint32_t)len;

	for (size_t i = 0; i < len; i++) {
		x = x * 1103515245u + 12345u;
		file[i] = (uint8_t)(x >> 16);
	}
	/* Protocol bytes inside the data must pass through. */
	for (size_t i = 0; i + 8 < len && i < 64; i += 8) {
		file[i] = SOH;
		file[i + 1] = EOT;
		file[i + 2] = CAN;
		file[i + 3] = CAN;
		file[i + 4] = 0x03;
	}
}

static struct peer *new_peer(size_t len, int blk1k)
{
	static struct peer p;

	memset(&p, 0, sizeof(p));
	make_file(len);
	p.data = file;
	p.len = len;
	p.name = "zImage";
	p.blk1k = blk1k;
	return &p;
}

static uint8_t rxbuf[300 * 1024 + 64];

/* Receives into rxbuf with max bytes, checking nothing is written past. */
static int run(struct peer *p, size_t max, struct ymodem_file *f)
{
	struct ymodem y = { .getc = peer_getc, .putc = peer_putc, .ctx = p,
			    .start_tries = 5, .xmodem = p->rx_xmodem };
	int ret;

	memset(rxbuf, 0xa5, sizeof(rxbuf));
	ret = ymodem_receive(&y, rxbuf, max, f);
	for (size_t i = max; i < max + 64 && i < sizeof(rxbuf); i++)
		assert_int_equal(rxbuf[i], 0xa5);
	return ret;
}

static void expect_ok(struct peer *p, size_t max)
{
	struct ymodem_file f;

	assert_int_equal(run(p, max, &f), 0);
	assert_int_equal(f.size, p->len);
	assert_string_equal(f.name, p->name);
	assert_memory_equal(rxbuf, p->data, p->len);
	assert_int_equal(p->state, S_DONE);
	assert_int_equal(p->cans, 0);
}

static void test_crc16(void **state)
{
	assert_int_equal(crc16_xmodem(0, "123456789", 9), 0x31c3);
	assert_int_equal(crc16_xmodem(0, "", 0), 0);
	assert_int_equal(crc16_xmodem(crc16_xmodem(0, "1234", 4), "56789", 5), 0x31c3);
}

static void test_sizes(void **state)
{
	static const size_t lens[] = { 1, 127, 128, 129, 1000, 1023, 1024, 1025, 5000, 40000 };

	for (int mode = 0; mode < 3; mode++) {
		for (size_t i = 0; i < ARRAY_SIZE(lens); i++) {
			struct peer *p = new_peer(lens[i], mode);

			expect_ok(p, sizeof(rxbuf) - 64);
			/* First EOT NAKed, the second ACKed. */
			assert_int_equal(p->eots, 2);
		}
	}
}

/* More than 256 blocks: the block number wraps. */
static void test_wrap(void **state)
{
	struct peer *p = new_peer(300 * 128 + 5, 0);

	expect_ok(p, sizeof(rxbuf) - 64);
	p = new_peer(280 * 1024, 1);
	expect_ok(p, sizeof(rxbuf) - 64);
}

/* Exactly the buffer: the last block's padding must not count. */
static void test_exact_fit(void **state)
{
	struct peer *p = new_peer(1000, 1);

	expect_ok(p, 1000);
	p = new_peer(130, 0);
	expect_ok(p, 130);
}

static void test_bad_crc(void **state)
{
	struct peer *p = new_peer(5000, 2);

	p->corrupt[0] = 1;
	p->corrupt[2] = 3;
	p->corrupt[5] = 1;
	expect_ok(p, 100000);
	assert_int_equal(p->nak, 4 + 1);      /* + the first EOT */
}

static void test_dropped(void **state)
{
	struct peer *p = new_peer(5000, 1);

	p->drop[3] = 2;
	p->truncate[1] = 1;
	expect_ok(p, 100000);
	assert_int_equal(p->nak, 3 + 1);
	assert_int_equal(p->timeouts, 3);
}

static void test_duplicate(void **state)
{
	struct peer *p = new_peer(3000, 0);

	p->lose_ack[0] = 1;     /* the header again, after our ACK and C */
	p->lose_ack[4] = 2;
	p->lose_ack[24] = 1;    /* the last block */
	p->eot_acked_lost = 1;  /* the final EOT again */
	expect_ok(p, 100000);
}

static void test_noise(void **state)
{
	struct peer *p = new_peer(2000, 2);

	p->noise = 200;         /* e.g. the LF after "loady\r" and line noise */
	expect_ok(p, 100000);
}

static void test_skipped_block(void **state)
{
	struct peer *p = new_peer(5000, 0);
	struct ymodem_file f;

	p->skip[3] = true;
	assert_int_equal(run(p, 100000, &f), -EBADMSG);
	assert_int_equal(p->state, S_CANCELLED);
	assert_int_equal(f.size, 3 * 128);
}

static void test_too_large(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(5000, 1);

	/* The header says so: refused before any data. */
	assert_int_equal(run(p, 4999, &f), -EFBIG);
	assert_int_equal(p->state, S_CANCELLED);
	assert_int_equal(f.size, 0);
	assert_int_equal(rxbuf[0], 0xa5);

	/* No size in the header: refused at the block that does not fit. */
	p = new_peer(5000, 1);
	p->size_field = "";
	assert_int_equal(run(p, 3000, &f), -EFBIG);
	assert_int_equal(p->state, S_CANCELLED);
	assert_int_equal(f.size, 2048);
	assert_memory_equal(rxbuf, file, 2048);

	/* A sender that sends more than it announced: the rest is dropped. */
	p = new_peer(5000, 1);
	p->size_field = "1500";
	assert_int_equal(run(p, 2000, &f), 0);
	assert_int_equal(f.size, 1500);
	assert_memory_equal(rxbuf, file, 1500);

	/* A size larger than any buffer. */
	p = new_peer(100, 0);
	p->size_field = "99999999999999999999999999 0";
	assert_int_equal(run(p, 200, &f), -EFBIG);

	/* A size field that is not a number. */
	p = new_peer(100, 0);
	p->size_field = "12x";
	assert_int_equal(run(p, 200, &f), -EBADMSG);
}

/* Without a size in the header, whole blocks are kept. */
static void test_no_size(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(1000, 0);

	p->size_field = "";
	assert_int_equal(run(p, 2000, &f), 0);
	assert_int_equal(f.size, 1024);
	assert_memory_equal(rxbuf, file, 1000);
	assert_int_equal(rxbuf[1000], 0x1a);
}

static void test_xmodem(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(1500, 1);

	p->xmodem = true;
	assert_int_equal(run(p, 4096, &f), 0);
	assert_int_equal(f.size, 2048);
	assert_string_equal(f.name, "");
	assert_memory_equal(rxbuf, file, 1500);
	assert_int_equal(p->state, S_DONE);
}

/* loadx: the file ends at the EOT; no 'C' for a header, no waiting. */
static void test_xmodem_mode(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(3000, 0);

	p->xmodem = p->rx_xmodem = true;
	assert_int_equal(run(p, 4096, &f), 0);
	assert_int_equal(f.size, 3072);
	assert_memory_equal(rxbuf, file, 3000);
	assert_int_equal(p->state, S_DONE);
	assert_int_equal(p->timeouts, 0);
	assert_int_equal(p->cans, 0);
}

static void test_timeouts(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(1000, 0);

	/* Nobody sends: five 'C's, then give up. */
	p->silent = true;
	assert_int_equal(run(p, 4096, &f), -ETIMEDOUT);
	assert_int_equal(p->sent_c, 5);
	assert_int_equal(p->cans, 5);

	/* The sender stops in the middle: ten NAKs, then CAN. */
	p = new_peer(5000, 0);
	p->silent_at = 7;
	assert_int_equal(run(p, 100000, &f), -ETIMEDOUT);
	assert_int_equal(p->nak, 10);
	assert_true(p->cans >= 2);
	assert_int_equal(f.size, 6 * 128);

	/* A block that stays bad: eleven tries, then -EBADMSG. */
	p = new_peer(5000, 0);
	p->corrupt[2] = 200;
	assert_int_equal(run(p, 100000, &f), -EBADMSG);
	assert_int_equal(p->nak, 10);
	assert_int_equal(p->state, S_CANCELLED);

}

/* A sender that ends without the end-of-batch header keeps the file; one
 * that offers a second file is refused, and the first is still kept. */
static void test_batch_end(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(500, 0);

	p->quit_after_eot = true;
	assert_int_equal(run(p, 4096, &f), 0);
	assert_int_equal(f.size, 500);
	assert_memory_equal(rxbuf, file, 500);
	assert_int_equal(p->sent_c, 2 + 11);    /* header, data, then 11 waits */

	/* Ctrl-C while waiting for the end of the batch keeps it too. */
	p = new_peer(600, 0);
	p->quit_after_eot = true;
	p->user_ctrl_c_after = 2;
	assert_int_equal(run(p, 4096, &f), 0);
	assert_int_equal(f.size, 600);
	assert_int_equal(p->sent_c, 2 + 2);
	assert_true(p->cans >= 2);

	p = new_peer(700, 1);
	p->second_file = true;
	assert_int_equal(run(p, 4096, &f), 0);
	assert_int_equal(f.size, 700);
	assert_string_equal(f.name, "zImage");
	assert_memory_equal(rxbuf, file, 700);
	assert_int_equal(p->state, S_CANCELLED);
}

static void test_sender_cancel(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(5000, 0);

	p->can_at[4] = true;
	assert_int_equal(run(p, 100000, &f), -ECANCELED);
	assert_int_equal(p->cans, 0);           /* no need to answer */
	assert_int_equal(f.size, 3 * 128);

	p = new_peer(5000, 0);
	p->can_at[0] = true;
	assert_int_equal(run(p, 100000, &f), -ECANCELED);
}

static void test_user_cancel(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(1000, 0);

	p->silent = true;
	p->user_ctrl_c_after = 3;
	assert_int_equal(run(p, 4096, &f), -ECANCELED);
	assert_int_equal(p->sent_c, 3);

	p = new_peer(1000, 0);
	p->silent = true;
	p->user_ctrl_c_after = 2;
	p->user_cancel = true;
	assert_int_equal(run(p, 4096, &f), -ECANCELED);
	assert_int_equal(p->sent_c, 2);
}

static void test_empty_batch(void **state)
{
	struct ymodem_file f;
	struct peer *p = new_peer(0, 0);

	p->name = "";
	p->state = S_WAIT_C;
	assert_int_equal(run(p, 4096, &f), -ENOENT);
}

/*
 * A sender that behaves like lrzsz's sb (0.12.21: getnak, wcputsec, wctx,
 * the EOT loop and the end-of-batch block 0) on a line where what it sends
 * queues up in front of the receiver: sb reads each of our bytes as soon as
 * it is sent and may answer with a block while the receiver is still
 * reading the last one. Text that was on the line before the receiver
 * started (the console's echo and banner) is read the same way, first.
 */
enum { L_GETNAK, L_PUTSEC, L_SKIP, L_WCTX, L_EOT, L_DONE, L_FAILED };

struct lsb {
	const uint8_t *data;
	size_t len, sent;
	bool k1;                    /* sb -k */
	int state, blk, attempts, eot_tries, lastrx, waited;
	bool fin;                   /* sending the empty block 0 */
	size_t blklen;              /* of the block in flight */
	uint8_t out[16384];         /* on the line to the receiver */
	size_t out_head, out_tail;
	uint8_t said[1024];         /* what the receiver sent */
	size_t nsaid;
	size_t lose;                /* the line drops the receiver's nth byte (from 1) */
	int headers, resent, cans, timeouts, nblocks;
};

static void l_out(struct lsb *s, uint8_t c)
{
	if (s->out_tail == sizeof(s->out)) {
		memmove(s->out, s->out + s->out_head, s->out_tail - s->out_head);
		s->out_tail -= s->out_head;
		s->out_head = 0;
	}
	assert_true(s->out_tail < sizeof(s->out));
	s->out[s->out_tail++] = c;
}

/* wcputsec: one block, the same bytes on every retry. */
static void l_block(struct lsb *s)
{
	uint8_t buf[1024];
	size_t n = 0;
	uint16_t crc;

	memset(buf, 0, sizeof(buf));
	if (s->blk == 0) {
		s->blklen = 128;
		if (!s->fin) {
			n = (size_t)snprintf((char *)buf, 100, "lrzsz.bin") + 1;
			snprintf((char *)buf + n, 60, "%zu 14000000000 100644 0 1 %zu", s->len, s->len);
			s->headers++;
		}
	} else {
		s->blklen = s->k1 && s->len > s->sent + 896 ? 1024 : 128;
		n = s->len - s->sent < s->blklen ? s->len - s->sent : s->blklen;
		memcpy(buf, s->data + s->sent, n);
		memset(buf + n, 0x1a, s->blklen - n);
	}
	crc = crc16_xmodem(0, buf, s->blklen);
	l_out(s, s->blklen == 1024 ? STX : SOH);
	l_out(s, (uint8_t)s->blk);
	l_out(s, (uint8_t)~s->blk);
	for (size_t i = 0; i < s->blklen; i++)
		l_out(s, buf[i]);
	l_out(s, (uint8_t)(crc >> 8));
	l_out(s, (uint8_t)crc);
	s->state = L_PUTSEC;
	s->waited = 0;
}

static void l_eot(struct lsb *s)
{
	if (++s->eot_tries > 10) {
		s->state = L_FAILED;
		return;
	}
	l_out(s, EOT);
	s->state = L_EOT;
	s->waited = 0;
}

static void l_resend(struct lsb *s)
{
	if (++s->attempts > 10) {
		s->state = L_FAILED;
		return;
	}
	s->resent++;
	l_block(s);
}

/* The next block after an ACK. */
static void l_acked(struct lsb *s)
{
	s->attempts = 0;
	if (s->blk == 0 && s->fin) {
		s->state = L_DONE;
	} else if (s->blk == 0) {
		s->state = L_WCTX;
	} else {
		s->nblocks = s->blk;
		s->sent += s->blklen < s->len - s->sent ? s->blklen : s->len - s->sent;
		if (s->sent >= s->len) {
			s->eot_tries = 0;
			l_eot(s);
		} else {
			s->blk++;
			l_block(s);
		}
	}
}

/* One byte read by sb (c >= 0), or one of its read timeouts (c < 0). */
static void l_step(struct lsb *s, int c)
{
	bool cancan = c == CAN && s->lastrx == CAN;

	if (c >= 0)
		s->cans += c == CAN;
	switch (s->state) {
	case L_GETNAK:
		if (c == 'C' || c == NAK || c == 'G') {
			s->blk = 0;
			s->attempts = 0;
			l_block(s);
		} else if (cancan || c < 0) {
			s->state = L_FAILED;
		}
		break;
	case L_WCTX:
		if (c == CAN) {
			s->state = L_FAILED;
		} else if (c == 'C' || c == NAK || c == 'G' || c < 0) {
			s->blk = 1;
			s->attempts = 0;
			l_block(s);
		}
		break;
	case L_PUTSEC:
	case L_SKIP:
		if (cancan)
			s->state = L_FAILED;
		else if (c == ACK && s->state == L_PUTSEC)
			l_acked(s);
		else if (c == 'C' || c == NAK || c < 0)
			l_resend(s);
		else if (s->state == L_PUTSEC && c != CAN)
			s->state = L_SKIP;  /* "Got %02x for sector ACK" */
		break;
	case L_EOT:
		if (c == ACK) {
			s->fin = true;
			s->state = L_GETNAK;
		} else {
			l_eot(s);
		}
		break;
	}
	if (c >= 0)
		s->lastrx = c;
}

static void lsb_putc(void *ctx, uint8_t c)
{
	struct lsb *s = ctx;

	if (s->nsaid < sizeof(s->said))
		s->said[s->nsaid++] = c;
	if (s->nsaid == s->lose)
		return;
	if (s->state != L_DONE && s->state != L_FAILED)
		l_step(s, c);
}

static int lsb_getc(void *ctx, unsigned timeout_ms)
{
	struct lsb *s = ctx;

	if (s->out_head < s->out_tail)
		return s->out[s->out_head++];
	/* Both sides wait: sb's timeout is 10 s, the receiver's 1 s. */
	s->timeouts++;
	if (s->state != L_DONE && s->state != L_FAILED && ++s->waited == 10) {
		s->waited = 0;
		l_step(s, -1);
	}
	return -ETIMEDOUT;
}

/* Runs the receiver against it with the text already on the line. */
static int run_lsb(struct lsb *s, size_t len, bool k1, const char *text, size_t lose,
		   struct ymodem_file *f)
{
	struct ymodem y = { .getc = lsb_getc, .putc = lsb_putc, .ctx = s, .start_tries = 5 };
	int ret;

	memset(s, 0, sizeof(*s));
	s->lose = lose;
	make_file(len);
	s->data = file;
	s->len = len;
	s->k1 = k1;
	for (; *text; text++)
		l_step(s, (uint8_t)*text);
	memset(rxbuf, 0xa5, sizeof(rxbuf));
	ret = ymodem_receive(&y, rxbuf, sizeof(rxbuf) - 64, f);
	return ret;
}

/*
 * The bytes sb read through the pty before loady's first 'C': the rest of
 * the echo and the banner. Its "Ctrl-C" holds two 'C's, so sb sends block
 * 0 three times; each copy after the first answers a byte that was already
 * on the line, not a lost ACK. Answering them too left sb one ACK ahead:
 * it took our last block's ACK for its EOT's, sent the end-of-batch block
 * 0 into our NAK of the first EOT, and the transfer ended in EBADMSG and
 * CAN ("Retry 0: Cancelled") with the whole file received.
 */
static void test_lrzsz_stale_c(void **state)
{
	static const char *const texts[] = {
		"",
		"oady 0x84000000\r\nloady: ready for YMODEM at 0x84000000 "
		"(up to 33554432 bytes); Ctrl-C aborts\r\n",
		"C",
		"loady 0x8C000000\r\nloady: ready for YMODEM at 0x8c000000 (up to 67108864 "
		"bytes); Ctrl-C aborts\r\n",
	};
	static const int copies[] = { 1, 3, 2, 4 };
	static const size_t lens[] = { 1, 128, 1000, 3000, 5000 };
	struct ymodem_file f;
	struct lsb s;

	for (size_t t = 0; t < ARRAY_SIZE(texts); t++) {
		for (size_t i = 0; i < ARRAY_SIZE(lens); i++) {
			for (int k1 = 0; k1 < 2; k1++) {
				uint8_t want[1024];
				size_t n = 0;

				assert_int_equal(run_lsb(&s, lens[i], k1, texts[t], 0, &f), 0);
				assert_int_equal(f.size, lens[i]);
				assert_string_equal(f.name, "lrzsz.bin");
				assert_memory_equal(rxbuf, file, lens[i]);
				assert_int_equal(s.state, L_DONE);
				assert_int_equal(s.cans, 0);
				assert_int_equal(s.headers, copies[t]);
				assert_int_equal(s.resent, copies[t] - 1);
				assert_int_equal(s.timeouts, 0);
				/* Each block answered once: C, ACK C for block 0,
				 * ACK per data block, NAK and ACK C for the two
				 * EOTs, ACK for the empty block 0. */
				want[n++] = 'C';
				want[n++] = ACK;
				want[n++] = 'C';
				for (int b = 0; b < s.nblocks; b++)
					want[n++] = ACK;
				want[n++] = NAK;
				want[n++] = ACK;
				want[n++] = 'C';
				want[n++] = ACK;
				assert_int_equal(s.nsaid, n);
				assert_memory_equal(s.said, want, n);
			}
		}
	}
}

/*
 * Ignoring a repeat while the line is busy must not break a real loss: sb
 * waits 10 s for the lost ACK, we time out after 1 s and NAK, and the
 * repeat that follows is answered. Each byte of ours lost once in turn,
 * but the last ACK, after which there is no receiver left to repeat it.
 */
static void test_lrzsz_lost_answer(void **state)
{
	struct ymodem_file f;
	struct lsb s;

	for (size_t lose = 1; lose < 2 + 3 + 4 + 1; lose++) {
		assert_int_equal(run_lsb(&s, 3 * 128 - 5, false, "", lose, &f), 0);
		assert_int_equal(f.size, 3 * 128 - 5);
		assert_memory_equal(rxbuf, file, f.size);
		assert_int_equal(s.state, L_DONE);
		assert_int_equal(s.cans, 0);
		assert_true(s.timeouts <= 1);
	}
}

/* The real lrzsz sender over a socketpair. */
struct sock {
	int fd;
};

static int sock_getc(void *ctx, unsigned timeout_ms)
{
	struct sock *k = ctx;
	struct pollfd pfd = { .fd = k->fd, .events = POLLIN };
	uint8_t c;

	if (poll(&pfd, 1, (int)timeout_ms) <= 0 || read(k->fd, &c, 1) != 1)
		return -ETIMEDOUT;
	return c;
}

static void sock_putc(void *ctx, uint8_t c)
{
	struct sock *k = ctx;

	/* sb may be gone already (after our CANs): no SIGPIPE. */
	(void)send(k->fd, &c, 1, MSG_NOSIGNAL);
}

static void run_sb(size_t len, bool k1, size_t max, int want)
{
	const char *dir = scratch_dir("ymodem");
	char path[PATH_MAX + 128];
	struct ymodem_file f;
	struct sock k;
	int sv[2], status, ret;
	pid_t pid;

	make_file(len);
	snprintf(path, sizeof(path), "%s/kernel-%zu.bin", dir, len);
	assert_int_equal(spew(path, file, len), 0);
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(sv[1], 0);
		dup2(sv[1], 1);
		close(sv[0]);
		close(sv[1]);
		if (!freopen("/dev/null", "w", stderr))
			_exit(126);
		chdir(dir);
		execl("/usr/bin/sb", "sb", "--ymodem", "-q", k1 ? "-k" : "-q", strrchr(path, '/') + 1,
		      (char *)NULL);
		_exit(127);
	}
	close(sv[1]);
	k.fd = sv[0];
	{
		struct ymodem y = { .getc = sock_getc, .putc = sock_putc, .ctx = &k,
				    .start_tries = 10 };

		memset(rxbuf, 0xa5, sizeof(rxbuf));
		ret = ymodem_receive(&y, rxbuf, max, &f);
	}
	close(sv[0]);
	/* sb ends on its own after a whole batch or our CANs. */
	for (int i = 0; i < 100 && waitpid(pid, &status, WNOHANG) == 0; i++)
		usleep(100000);
	if (waitpid(pid, &status, WNOHANG) == 0) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		fail_msg("sb did not exit");
	}
	assert_int_equal(ret, want);
	for (size_t i = max; i < max + 64; i++)
		assert_int_equal(rxbuf[i], 0xa5);
	if (want == 0) {
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
		assert_int_equal(f.size, len);
		assert_memory_equal(rxbuf, file, len);
		snprintf(path, sizeof(path), "kernel-%zu.bin", len);
		assert_string_equal(f.name, path);
	} else {
		assert_false(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
}

static void test_lrzsz_sb(void **state)
{
	if (access("/usr/bin/sb", X_OK)) {
		print_message("sb (lrzsz) is not installed: skipped\n");
		skip();
	}
	run_sb(1, false, 4096, 0);
	run_sb(1000, false, 1000, 0);
	run_sb(70000, false, 100000, 0);
	run_sb(200 * 1024 + 3, true, sizeof(rxbuf) - 64, 0);
	run_sb(5000, true, 4096, -EFBIG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc16),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_exact_fit),
		cmocka_unit_test(test_bad_crc),
		cmocka_unit_test(test_dropped),
		cmocka_unit_test(test_duplicate),
		cmocka_unit_test(test_noise),
		cmocka_unit_test(test_skipped_block),
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_no_size),
		cmocka_unit_test(test_xmodem),
		cmocka_unit_test(test_xmodem_mode),
		cmocka_unit_test(test_timeouts),
		cmocka_unit_test(test_batch_end),
		cmocka_unit_test(test_sender_cancel),
		cmocka_unit_test(test_user_cancel),
		cmocka_unit_test(test_empty_batch),
		cmocka_unit_test(test_lrzsz_stale_c),
		cmocka_unit_test(test_lrzsz_lost_answer),
		cmocka_unit_test(test_lrzsz_sb),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
