// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/compress/lzma on arbitrary input (the first byte picks lc, lp
 * and pb: lc + 5 lp + 25 pb) must stay inside its buffers and end; decoded
 * in steps (the second byte picks their size), with the BCJ filter in steps
 * on a copy, it must give the same result and bytes as in one go. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/compress/lzma.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t out[1 << 16], steps[1 << 16], code[1 << 16];
	static uint16_t work[LZMA_PROBS(4, 0)];
	struct lzma_dec d;
	unsigned lc, lp, pb, step;
	size_t n = 0, fin = 0;
	int err, serr;

	if (size < 2)
		return 0;
	/* lc + lp <= 4 as liblzma makes them: a smaller table to clear */
	lc = data[0] % 5;
	lp = (data[0] / 5) % 5;
	if (lc + lp > 4)
		lp = 4 - lc;
	pb = (data[0] / 25) % 5;
	step = 1u + data[1] * 61u;
	err = lzma_decode(out, sizeof(out), data + 2, size - 2, lc, lp, pb, work, sizeof(work),
			  &n);
	if (!err)
		bcj_thumb_decode(out, n, 0);
	serr = lzma_dec_init(&d, steps, sizeof(steps), data + 2, size - 2, lc, lp, pb, work,
			     sizeof(work));
	for (size_t until = step; !serr && !d.done; until += step) {
		serr = lzma_dec_run(&d, until);
		if (!serr && !d.done && d.pos < until)
			abort();
		if (serr)
			break;
		/* as arch/arm/cold.c: filtered in a copy, never in the
		 * decoder's own output, which is its dictionary */
		memcpy(code + fin, steps + fin, d.pos - fin);
		fin += bcj_thumb_decode(code + fin, d.pos - fin, (uint32_t)fin);
	}
	if (serr != err || (!err && (d.pos != n || memcmp(out, code, n))))
		abort();
	return 0;
}
