// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Raw LZMA1 decoding, written from the format's public description (the
 * LZMA specification shipped with 7-Zip/xz): a binary range decoder with
 * adaptive 11-bit probabilities, literals coded by the previous byte's lc
 * high bits and the position's lp low bits, 12 states remembering the
 * recent kinds of packet, two length coders and distances as a 6-bit slot
 * plus coded, direct and 4 "align" bits. The output buffer is the whole
 * dictionary, so there is no window to manage. Every input byte read is
 * bounds-checked; nothing is written past dst_size.
 */
#include "lib/compress/lzma.h"

#include "lib/errno.h"

#define PROB_INIT   1024u   /* half of 1 << 11 */
#define STATES      12
#define POS_STATES  16      /* 1 << pb, pb <= 4 */
#define LIT_STATES  7       /* states below 7 follow a literal */

/* The boot's unpacking spends its time in the range coder: inlined (and
 * the coder's state kept in registers), the cold part unpacks 27 % faster
 * than with -Os's calls, for 1.5 KB more code. */
#define INLINE static inline __attribute__((always_inline))

/* A length coder: 2-9 (low, per position state), 10-17 (mid), 18-273. */
struct len_probs {
	uint16_t choice, choice2;
	uint16_t low[POS_STATES][8], mid[POS_STATES][8];
	uint16_t high[256];
};

struct probs {
	uint16_t is_match[STATES][POS_STATES];
	uint16_t is_rep[STATES], is_rep0[STATES], is_rep1[STATES], is_rep2[STATES];
	uint16_t is_rep0_long[STATES][POS_STATES];
	uint16_t slot[4][64];   /* distance slot, by length 2, 3, 4, 5+ */
	uint16_t special[115];  /* reverse trees of slots 4-13, from index 1 */
	uint16_t align[16];
	struct len_probs match_len, rep_len;
	uint16_t lit[];         /* 0x300 per literal coder */
};

_Static_assert(sizeof(struct probs) == 1847 * 2, "LZMA_PROBS counts the fixed part");

struct rc {
	const uint8_t *in, *end;
	uint32_t range, code;
	int bad;                /* read past the input */
};

INLINE uint8_t rc_byte(struct rc *rc)
{
	if (rc->in == rc->end) {
		rc->bad = 1;
		return 0;
	}
	return *rc->in++;
}

INLINE void rc_norm(struct rc *rc)
{
	if (rc->range < (1u << 24)) {
		rc->range <<= 8;
		rc->code = (rc->code << 8) | rc_byte(rc);
	}
}

/* One bit coded with probability *p (of a 0), which adapts by 1/32. */
INLINE unsigned rc_bit(struct rc *rc, uint16_t *p)
{
	uint32_t bound = (rc->range >> 11) * *p;
	unsigned bit;

	if (rc->code < bound) {
		rc->range = bound;
		*p += (2048u - *p) >> 5;
		bit = 0;
	} else {
		rc->range -= bound;
		rc->code -= bound;
		*p -= *p >> 5;
		bit = 1;
	}
	rc_norm(rc);
	return bit;
}

/* n bits of probability 1/2, most significant first. */
INLINE uint32_t rc_direct(struct rc *rc, unsigned n)
{
	uint32_t v = 0;

	while (n--) {
		rc->range >>= 1;
		v <<= 1;
		if (rc->code >= rc->range) {
			rc->code -= rc->range;
			v |= 1;
		}
		rc_norm(rc);
	}
	return v;
}

/* An n-bit tree, most significant bit first; probs[1 .. 2^n - 1]. */
INLINE unsigned rc_tree(struct rc *rc, uint16_t *probs, unsigned n)
{
	unsigned m = 1;

	for (unsigned i = 0; i < n; i++)
		m = (m << 1) | rc_bit(rc, &probs[m]);
	return m - (1u << n);
}

/* The same with the bits least significant first. */
INLINE unsigned rc_rtree(struct rc *rc, uint16_t *probs, unsigned n)
{
	unsigned m = 1, v = 0;

	for (unsigned i = 0; i < n; i++) {
		unsigned b = rc_bit(rc, &probs[m]);

		m = (m << 1) | b;
		v |= b << i;
	}
	return v;
}

/* A match length less 2: 0-271. */
INLINE unsigned get_len(struct rc *rc, struct len_probs *l, unsigned ps)
{
	if (!rc_bit(rc, &l->choice))
		return rc_tree(rc, l->low[ps], 3);
	if (!rc_bit(rc, &l->choice2))
		return 8 + rc_tree(rc, l->mid[ps], 3);
	return 16 + rc_tree(rc, l->high, 8);
}

/* A distance less 1; 0xFFFFFFFF is the end-of-payload marker. */
INLINE uint32_t get_dist(struct rc *rc, struct probs *p, unsigned len)
{
	unsigned slot = rc_tree(rc, p->slot[len < 3 ? len : 3], 6), n;
	uint32_t d;

	if (slot < 4)
		return slot;
	n = (slot >> 1) - 1;
	d = (2u | (slot & 1)) << n;
	if (slot < 14)
		return d + rc_rtree(rc, p->special + d - slot, n);
	d += rc_direct(rc, n - 4) << 4;
	return d + rc_rtree(rc, p->align, 4);
}

int lzma_dec_init(struct lzma_dec *d, void *dst, size_t dst_size, const void *src,
		  size_t src_size, unsigned lc, unsigned lp, unsigned pb, void *work,
		  size_t work_bytes)
{
	struct rc rc = { src, (const uint8_t *)src + src_size, 0xFFFFFFFFu, 0, 0 };
	size_t n;

	*d = (struct lzma_dec){ .out = dst, .size = dst_size, .work = work,
				.lc = lc, .lp = lp, .pb = pb, .err = -EBADMSG };
	if (lc > 8 || lp > 4 || pb > 4 || work_bytes < LZMA_WORK_BYTES(lc, lp))
		return d->err = -EINVAL;
	n = LZMA_PROBS(lc, lp);
	for (size_t i = 0; i < n; i++)
		((uint16_t *)work)[i] = PROB_INIT;
	/* The encoder's first byte is always 0, then 4 bytes of code. */
	if (rc_byte(&rc) != 0)
		return d->err;
	for (int i = 0; i < 4; i++)
		rc.code = (rc.code << 8) | rc_byte(&rc);
	if (rc.bad || rc.code == 0xFFFFFFFFu)
		return d->err;
	d->in = rc.in;
	d->end = rc.end;
	d->range = rc.range;
	d->code = rc.code;
	d->err = 0;
	return 0;
}

/* The whole coder's state lives in locals while it runs (registers, for
 * the range coder), and in *d between runs. */
int lzma_dec_run(struct lzma_dec *d, size_t until)
{
	uint8_t *out = d->out;
	struct probs *p = d->work;
	struct rc rc = { d->in, d->end, d->range, d->code, 0 };
	uint32_t rep0 = d->rep[0], rep1 = d->rep[1], rep2 = d->rep[2], rep3 = d->rep[3];
	unsigned state = d->state, lc = d->lc, lp = d->lp, pb = d->pb;
	size_t pos = d->pos, dst_size = d->size;
	int err = -EBADMSG;

	if (d->err || d->done)
		return d->err;
	while (!rc.bad) {
		unsigned ps = pos & ((1u << pb) - 1), len;

		if (pos >= until) {
			err = 0;
			break;
		}
		if (!rc_bit(&rc, &p->is_match[state][ps])) {
			unsigned prev = pos ? out[pos - 1] : 0, sym = 1;
			uint16_t *lit = p->lit + 0x300 *
				(((pos & ((1u << lp) - 1)) << lc) + (prev >> (8 - lc)));

			/* After a match, the byte at rep0 steers the coder
			 * until the first bit that differs from it. */
			if (state >= LIT_STATES) {
				unsigned mb = out[pos - rep0 - 1];

				do {
					unsigned mbit = (mb >> 7) & 1, b;

					mb <<= 1;
					b = rc_bit(&rc, &lit[0x100 + (mbit << 8) + sym]);
					sym = (sym << 1) | b;
					if (b != mbit)
						break;
				} while (sym < 0x100);
			}
			while (sym < 0x100)
				sym = (sym << 1) | rc_bit(&rc, &lit[sym]);
			if (pos == dst_size) {
				err = -ENOSPC;
				break;
			}
			out[pos++] = (uint8_t)sym;
			state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
			continue;
		}
		if (rc_bit(&rc, &p->is_rep[state])) {
			if (pos == 0)
				break;
			if (!rc_bit(&rc, &p->is_rep0[state])) {
				if (!rc_bit(&rc, &p->is_rep0_long[state][ps])) {
					/* one byte from rep0 */
					state = state < LIT_STATES ? 9 : 11;
					if (rep0 >= pos)
						break;
					if (pos == dst_size) {
						err = -ENOSPC;
						break;
					}
					out[pos] = out[pos - rep0 - 1];
					pos++;
					continue;
				}
			} else {
				uint32_t dist;

				if (!rc_bit(&rc, &p->is_rep1[state])) {
					dist = rep1;
				} else {
					if (!rc_bit(&rc, &p->is_rep2[state])) {
						dist = rep2;
					} else {
						dist = rep3;
						rep3 = rep2;
					}
					rep2 = rep1;
				}
				rep1 = rep0;
				rep0 = dist;
			}
			len = get_len(&rc, &p->rep_len, ps);
			state = state < LIT_STATES ? 8 : 11;
		} else {
			rep3 = rep2;
			rep2 = rep1;
			rep1 = rep0;
			len = get_len(&rc, &p->match_len, ps);
			state = state < LIT_STATES ? 7 : 10;
			rep0 = get_dist(&rc, p, len);
			if (rep0 == 0xFFFFFFFFu) {
				/* the end marker; a whole stream leaves code 0 */
				if (!rc.bad && rc.code == 0) {
					d->done = 1;
					err = 0;
				}
				break;
			}
		}
		if (rep0 >= pos)
			break;
		len += 2;
		if (len > dst_size - pos) {
			err = -ENOSPC;
			break;
		}
		for (; len; len--, pos++)
			out[pos] = out[pos - rep0 - 1];
	}
	d->in = rc.in;
	d->range = rc.range;
	d->code = rc.code;
	d->rep[0] = rep0;
	d->rep[1] = rep1;
	d->rep[2] = rep2;
	d->rep[3] = rep3;
	d->state = state;
	d->pos = pos;
	return d->err = err;
}

int lzma_decode(void *dst, size_t dst_size, const void *src, size_t src_size,
		unsigned lc, unsigned lp, unsigned pb, void *work, size_t work_bytes,
		size_t *out_len)
{
	struct lzma_dec d;
	int err = lzma_dec_init(&d, dst, dst_size, src, src_size, lc, lp, pb, work, work_bytes);

	if (!err)
		err = lzma_dec_run(&d, SIZE_MAX);
	/* SIZE_MAX is never reached: 0 means the end marker */
	if (!err && out_len)
		*out_len = d.pos;
	return err;
}

/*
 * The Thumb BL instruction is two halfwords, 11110 + offset[22:12] then
 * 11111 + offset[11:1] (little-endian, so the tag bits sit in the high
 * byte of each). The encoder replaced the offset, relative to the
 * instruction + 4, with the target's address: subtract it back.
 */
size_t bcj_thumb_decode(uint8_t *buf, size_t size, uint32_t start)
{
	size_t i;

	for (i = 0; i + 4 <= size; i += 2) {
		uint32_t v;

		if ((buf[i + 1] & 0xF8) != 0xF0 || (buf[i + 3] & 0xF8) != 0xF8)
			continue;
		v = ((uint32_t)(buf[i + 1] & 7) << 19) | ((uint32_t)buf[i] << 11) |
		    ((uint32_t)(buf[i + 3] & 7) << 8) | buf[i + 2];
		v = ((v << 1) - (start + (uint32_t)i + 4)) >> 1;
		buf[i + 1] = (uint8_t)(0xF0 | ((v >> 19) & 7));
		buf[i] = (uint8_t)(v >> 11);
		buf[i + 3] = (uint8_t)(0xF8 | ((v >> 8) & 7));
		buf[i + 2] = (uint8_t)v;
		i += 2;
	}
	return i;
}
