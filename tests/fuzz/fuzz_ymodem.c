// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/transfer/ymodem: the input is everything the sender
 * says; after it, silence. The receiver must end (bounded getc calls),
 * never write past its buffer, and report a size within it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/errno.h"
#include "lib/transfer/ymodem.h"

struct stream {
	const uint8_t *data;
	size_t size, pos;
	unsigned long calls;
};

static int fz_getc(void *ctx, unsigned timeout_ms)
{
	struct stream *s = ctx;

	/* Silence costs one call per timeout; a babbling peer has its
	 * bytes. Both are bounded by the receiver's counters. */
	if (++s->calls > 100000 + 4 * s->size)
		abort();
	if (s->pos < s->size)
		return s->data[s->pos++];
	return -ETIMEDOUT;
}

static void fz_putc(void *ctx, uint8_t c)
{
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t buf[4096 + 64];
	struct stream s = { .data = data, .size = size };
	struct ymodem y = { .getc = fz_getc, .putc = fz_putc, .ctx = &s, .start_tries = 3,
			    .retries = 4 };
	struct ymodem_file f;
	size_t max = 3000;
	int ret;

	memset(buf, 0x5a, sizeof(buf));
	ret = ymodem_receive(&y, buf, max, &f);
	if (f.size > max || strnlen(f.name, sizeof(f.name)) >= sizeof(f.name))
		abort();
	if (ret > 0)
		abort();
	for (size_t i = max; i < sizeof(buf); i++)
		if (buf[i] != 0x5a)
			abort();
	return 0;
}
