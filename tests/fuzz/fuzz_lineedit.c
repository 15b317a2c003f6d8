// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target for lib/shell/lineedit: any key stream, into a small line
 * buffer with guard bytes and a small history; the line stays terminated
 * and within bounds, and nothing is written past the buffers. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/shell/lineedit.h"

static size_t out_bytes;

static void sink(void *ctx, char c)
{
	out_bytes++;
}

static const char *names[] = { "boot", "bootz", "bootm", "md", "mw", "mmc", "help", NULL };

static const char *complete(void *ctx, unsigned idx)
{
	return idx < sizeof(names) / sizeof(names[0]) ? names[idx] : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct {
		char line[24];
		char guard1[8];
		char hist[3][10];
		char guard2[8];
	} m;
	struct lineedit_config cfg = { .putc = sink, .complete = complete,
				       .hist = &m.hist[0][0], .hist_slots = 3, .hist_slot_size = 10 };
	struct lineedit le;
	size_t linesize;

	if (!size)
		return 0;
	memset(&m, 0x5a, sizeof(m));
	linesize = 2 + data[0] % (sizeof(m.line) - 1);
	lineedit_init(&le, &cfg, m.line, linesize);
	lineedit_start(&le, "=> ");
	for (size_t i = 1; i < size; i++) {
		size_t before = out_bytes;
		enum lineedit_result r = lineedit_feed(&le, data[i]);

		/* One key never makes an unbounded redraw. */
		if (out_bytes - before > 512)
			abort();
		if (le.len >= linesize || le.cur > le.len || strlen(m.line) != le.len)
			abort();
		if (r != LINEEDIT_BUSY)
			lineedit_start(&le, "=> ");
	}
	for (size_t i = linesize; i < sizeof(m.line); i++)
		if (m.line[i] != 0x5a)
			abort();
	for (size_t i = 0; i < 8; i++)
		if (m.guard1[i] != 0x5a || m.guard2[i] != 0x5a)
			abort();
	return 0;
}
