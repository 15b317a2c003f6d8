/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Raw LZMA1 decoding into a bounded buffer, and the ARM-Thumb BCJ filter's
 * decoder (how the build packs gtaboot's cold part: tools/packcold.py). */
#ifndef LIB_COMPRESS_LZMA_H
#define LIB_COMPRESS_LZMA_H

#include <stddef.h>
#include <stdint.h>

/* The probabilities lzma_decode() needs for literal context bits lc and
 * literal position bits lp: 1847 fixed ones plus 0x300 per literal coder. */
#define LZMA_PROBS(lc, lp) (1847u + (0x300u << ((lc) + (lp))))
#define LZMA_WORK_BYTES(lc, lp) (LZMA_PROBS(lc, lp) * 2u)

/* Decodes src, a raw LZMA1 stream (no .lzma or .xz header) with the
 * properties lc (0-8), lp (0-4), pb (0-4) that ends with the end-of-payload
 * marker, into dst. dst is the dictionary: matches reach only into what was
 * decoded. work (uint16_t-aligned, work_bytes >= LZMA_WORK_BYTES(lc, lp))
 * holds the probabilities. Returns 0 with *out_len (may be NULL) set,
 * -EBADMSG for corrupt or truncated input, -ENOSPC when the output would
 * not fit (nothing is written past dst_size), -EINVAL for bad properties or
 * too small a work area. */
int lzma_decode(void *dst, size_t dst_size, const void *src, size_t src_size,
		unsigned lc, unsigned lp, unsigned pb, void *work, size_t work_bytes,
		size_t *out_len);

/* The same in steps, for a caller that needs the output's start before the
 * rest (the second stream of gtaboot's SDRAM image, page by page):
 * lzma_dec_init() checks the properties, clears the probabilities and
 * reads the stream's first 5 bytes; each lzma_dec_run() then decodes until
 * at least `until` bytes are out (a match may take it past, never past
 * dst_size) or the end marker, which sets d->done. Both return 0 or the
 * errors above; after an error every later run returns it again. src,
 * dst and work must stay in place and untouched between runs. A caller
 * may set pos after lzma_dec_init() and before the first run: dst's first
 * pos bytes are then a preset dictionary (xz's preset_dict), which the
 * stream's matches may reach back into. */
struct lzma_dec {
	uint8_t *out;
	size_t size, pos;        /* pos: bytes out so far */
	void *work;
	const uint8_t *in, *end;
	uint32_t range, code, rep[4];
	unsigned state, lc, lp, pb;
	int done, err;
};

int lzma_dec_init(struct lzma_dec *d, void *dst, size_t dst_size, const void *src,
		  size_t src_size, unsigned lc, unsigned lp, unsigned pb, void *work,
		  size_t work_bytes);
int lzma_dec_run(struct lzma_dec *d, size_t until);

/* Undoes the ARM-Thumb BCJ filter in place: the BL pairs the encoder made
 * absolute (as if buf were at address start) become relative again.
 * Returns how many bytes are final: the rest (at most 3) may be the start
 * of a pair that continues past size, so a caller working in steps passes
 * them again, with what follows, from there (buf + n, start + n). */
size_t bcj_thumb_decode(uint8_t *buf, size_t size, uint32_t start);

#endif
