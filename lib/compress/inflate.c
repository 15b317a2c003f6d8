// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A small raw DEFLATE decoder (RFC 1951): stored, fixed-Huffman and
 * dynamic-Huffman blocks. gtaboot uses it to unpack the part of itself
 * that runs from SDRAM; it is written for size, checks every input and
 * output bound, and never reads or writes outside the buffers it is given.
 */
#include "lib/compress/inflate.h"

#include <stddef.h>
#include <stdint.h>

#include "lib/errno.h"

struct huff {
	uint16_t count[16];   /* codes of each length */
	uint16_t sym[288];    /* symbols ordered by code */
};

/* Literal/length codes of up to FAST_BITS bits are decoded with one look-up
 * (most of them are); longer ones and distances bit by bit. 512 bytes, in
 * the SDRAM image's bss (it once sat in the SRAM bss, where a table for
 * distances too would not fit; there is room for one now). */
#define FAST_BITS 8

struct inf {
	const uint8_t *in, *in_end;
	uint8_t *out, *out_start, *out_end;
	uint32_t bitbuf;
	unsigned bitcnt;
	int err;
	struct huff lit, dist;
	uint16_t lit_fast[1u << FAST_BITS];   /* length << 9 | symbol; 0: longer */
};

static unsigned bits(struct inf *s, unsigned n)
{
	uint32_t v;

	while (s->bitcnt < n) {
		if (s->in == s->in_end) {
			s->err = -EBADMSG;
			return 0;
		}
		s->bitbuf |= (uint32_t)*s->in++ << s->bitcnt;
		s->bitcnt += 8;
	}
	v = s->bitbuf & ((1u << n) - 1);
	s->bitbuf >>= n;
	s->bitcnt -= n;
	return v;
}

/* Canonical Huffman table from code lengths; -EBADMSG if over-subscribed. */
static int build(struct huff *h, const uint8_t *len, unsigned n)
{
	uint16_t offs[16];
	int left = 1;

	for (unsigned i = 0; i < 16; i++)
		h->count[i] = 0;
	for (unsigned i = 0; i < n; i++)
		h->count[len[i]]++;
	h->count[0] = 0;
	for (unsigned i = 1; i < 16; i++) {
		left = (left << 1) - h->count[i];
		if (left < 0)
			return -EBADMSG;
	}
	offs[1] = 0;
	for (unsigned i = 1; i < 15; i++)
		offs[i + 1] = offs[i] + h->count[i];
	for (unsigned i = 0; i < n; i++) {
		if (len[i])
			h->sym[offs[len[i]]++] = (uint16_t)i;
	}
	return 0;
}

/* The look-up table of h's codes up to FAST_BITS long: the stream holds
 * codes MSB first in LSB-first bytes, so an entry sits at the bit-reversed
 * code and repeats for every value of the bits that follow it. */
static void build_fast(uint16_t *fast, const struct huff *h)
{
	unsigned code = 0, idx = 0;

	for (unsigned i = 0; i < (1u << FAST_BITS); i++)
		fast[i] = 0;
	for (unsigned len = 1; len <= FAST_BITS; len++) {
		for (unsigned k = 0; k < h->count[len]; k++, code++) {
			unsigned rev = 0;

			for (unsigned b = 0; b < len; b++)
				rev |= ((code >> b) & 1u) << (len - 1 - b);
			for (unsigned e = rev; e < (1u << FAST_BITS); e += 1u << len)
				fast[e] = (uint16_t)(len << 9 | h->sym[idx + k]);
		}
		idx += h->count[len];
		code <<= 1;
	}
}

/* One symbol. The bit buffer is topped up to 25 bits or more first and the
 * code walked in it, not one bits() call per bit: that was 80 % of the
 * time. */
static int decode(struct inf *s, const struct huff *h, const uint16_t *fast)
{
	int code = 0, first = 0, index = 0;
	uint32_t buf;

	while (s->bitcnt <= 24 && s->in != s->in_end) {
		s->bitbuf |= (uint32_t)*s->in++ << s->bitcnt;
		s->bitcnt += 8;
	}
	if (fast) {
		unsigned e = fast[s->bitbuf & ((1u << FAST_BITS) - 1)], len = e >> 9;

		if (e && len <= s->bitcnt) {
			s->bitbuf >>= len;
			s->bitcnt -= len;
			return (int)(e & 0x1FF);
		}
	}
	buf = s->bitbuf;
	for (unsigned len = 1; len < 16 && len <= s->bitcnt; len++) {
		int count = h->count[len];

		code |= (int)(buf & 1);
		buf >>= 1;
		if (code - count < first) {
			s->bitbuf = buf;
			s->bitcnt -= len;
			return h->sym[index + (code - first)];
		}
		index += count;
		first += count;
		first <<= 1;
		code <<= 1;
	}
	s->err = -EBADMSG;
	return -1;
}

static const uint16_t len_base[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t len_extra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint16_t dist_base[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
	8193, 12289, 16385, 24577 };

static int codes(struct inf *s)
{
	for (;;) {
		int sym = decode(s, &s->lit, s->lit_fast);

		if (s->err)
			return s->err;
		if (sym < 256) {
			if (s->out == s->out_end)
				return -ENOSPC;
			*s->out++ = (uint8_t)sym;
		} else if (sym == 256) {
			return 0;
		} else {
			unsigned len, dist;

			sym -= 257;
			if (sym >= 29)
				return -EBADMSG;
			len = len_base[sym] + bits(s, len_extra[sym]);
			sym = decode(s, &s->dist, NULL);
			if (s->err)
				return s->err;
			if (sym >= 30)
				return -EBADMSG;
			/* distance extra bits: 0,0,0,0,1,1,2,2,... */
			dist = dist_base[sym] + bits(s, sym < 4 ? 0 : (unsigned)(sym - 2) >> 1);
			if (s->err)
				return s->err;
			if (dist > (unsigned)(s->out - s->out_start))
				return -EBADMSG;
			if (len > (unsigned)(s->out_end - s->out))
				return -ENOSPC;
			while (len--) {
				*s->out = s->out[-(int)dist];
				s->out++;
			}
		}
	}
}

static int fixed(struct inf *s)
{
	uint8_t len[288];
	unsigned i;

	for (i = 0; i < 144; i++)
		len[i] = 8;
	for (; i < 256; i++)
		len[i] = 9;
	for (; i < 280; i++)
		len[i] = 7;
	for (; i < 288; i++)
		len[i] = 8;
	build(&s->lit, len, 288);
	build_fast(s->lit_fast, &s->lit);
	for (i = 0; i < 30; i++)
		len[i] = 5;
	build(&s->dist, len, 30);
	return codes(s);
}

static int dynamic(struct inf *s)
{
	static const uint8_t order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5,
					   11, 4, 12, 3, 13, 2, 14, 1, 15 };
	uint8_t len[320];
	unsigned nlen = bits(s, 5) + 257, ndist = bits(s, 5) + 1, ncode = bits(s, 4) + 4;
	unsigned i;

	if (s->err)
		return s->err;
	if (nlen > 286 || ndist > 30)
		return -EBADMSG;
	for (i = 0; i < 19; i++)
		len[order[i]] = i < ncode ? (uint8_t)bits(s, 3) : 0;
	if (s->err || build(&s->lit, len, 19))
		return -EBADMSG;
	for (i = 0; i < nlen + ndist;) {
		int sym = decode(s, &s->lit, NULL);
		unsigned rep, val = 0;

		if (s->err)
			return s->err;
		if (sym < 16) {
			len[i++] = (uint8_t)sym;
			continue;
		}
		if (sym == 16) {
			if (!i)
				return -EBADMSG;
			val = len[i - 1];
			rep = 3 + bits(s, 2);
		} else if (sym == 17) {
			rep = 3 + bits(s, 3);
		} else {
			rep = 11 + bits(s, 7);
		}
		if (s->err || i + rep > nlen + ndist)
			return -EBADMSG;
		while (rep--)
			len[i++] = (uint8_t)val;
	}
	if (!len[256])
		return -EBADMSG;
	if (build(&s->lit, len, nlen) || build(&s->dist, len + nlen, ndist))
		return -EBADMSG;
	build_fast(s->lit_fast, &s->lit);
	return codes(s);
}

static size_t in_used;

size_t inflate_in_used(void)
{
	return in_used;
}

int inflate_raw(void *dst, size_t dst_size, const void *src, size_t src_size, size_t *out_len)
{
	static struct inf s;   /* 1.2 KiB of tables: not on the stack */
	int last, err = 0;

	s.in = src;
	s.in_end = s.in + src_size;
	s.out = s.out_start = dst;
	s.out_end = s.out + dst_size;
	s.bitbuf = 0;
	s.bitcnt = 0;
	s.err = 0;
	do {
		last = (int)bits(&s, 1);
		unsigned type = bits(&s, 2);

		if (s.err)
			return s.err;
		if (type == 0) {
			unsigned len, nlen;

			/* to the byte boundary; whole bytes decode() read
			 * ahead go back to the input */
			s.in -= s.bitcnt / 8;
			s.bitbuf = 0;
			s.bitcnt = 0;
			if (s.in_end - s.in < 4)
				return -EBADMSG;
			len = s.in[0] | s.in[1] << 8;
			nlen = s.in[2] | s.in[3] << 8;
			s.in += 4;
			if (len != (~nlen & 0xFFFF) || len > (size_t)(s.in_end - s.in))
				return -EBADMSG;
			if (len > (size_t)(s.out_end - s.out))
				return -ENOSPC;
			for (unsigned i = 0; i < len; i++)
				*s.out++ = *s.in++;
		} else if (type == 1) {
			err = fixed(&s);
		} else if (type == 2) {
			err = dynamic(&s);
		} else {
			err = -EBADMSG;
		}
		if (err)
			return err;
	} while (!last);
	/* whole bytes read ahead into the bit buffer were not used */
	in_used = (size_t)(s.in - (const uint8_t *)src) - s.bitcnt / 8;
	if (out_len)
		*out_len = (size_t)(s.out - s.out_start);
	return 0;
}
