// SPDX-License-Identifier: GPL-2.0-or-later
/* Fuzz target: lib/transfer/kermit fed arbitrary bytes as the sender's side stays
 * inside its buffer and ends (every wait times out once the input is
 * used up). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/transfer/kermit.h"

struct in {
	const uint8_t *d;
	size_t n, pos;
};

static int in_getc(void *ctx, unsigned ms)
{
	struct in *in = ctx;

	return in->pos < in->n ? in->d[in->pos++] : -110;
}

static void out_putc(void *ctx, uint8_t c)
{
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t buf[4096 + 16];
	struct in in = { data, size, 0 };
	struct kermit k = { .getc = in_getc, .putc = out_putc, .ctx = &in, .start_tries = 2,
			    .retries = 3 };
	struct kermit_file f;

	memset(buf + 4096, 0xA5, 16);
	kermit_receive(&k, buf, 4096, &f);
	for (int i = 0; i < 16; i++)
		if (buf[4096 + i] != 0xA5)
			abort();
	if (f.size > 4096 || strnlen(f.name, KERMIT_NAME_MAX) == KERMIT_NAME_MAX)
		abort();
	return 0;
}
