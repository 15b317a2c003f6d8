// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/compress/lzma on arbitrary input (the first byte picks lc, lp
 * and pb: lc + 5 lp + 25 pb) must stay inside its buffers and end. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "lib/compress/lzma.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t out[1 << 16];
	static uint16_t work[LZMA_PROBS(4, 0)];
	unsigned lc, lp, pb;
	size_t n = 0;

	if (size < 1)
		return 0;
	/* lc + lp <= 4 as liblzma makes them: a smaller table to clear */
	lc = data[0] % 5;
	lp = (data[0] / 5) % 5;
	if (lc + lp > 4)
		lp = 4 - lc;
	pb = (data[0] / 25) % 5;
	if (lzma_decode(out, sizeof(out), data + 1, size - 1, lc, lp, pb, work, sizeof(work),
			&n) == 0)
		bcj_thumb_decode(out, n, 0);
	return 0;
}
