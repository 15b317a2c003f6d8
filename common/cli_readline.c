// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A line read inside a command (mm and nm ask for each value), with the
 * prompt's line editor but no history or completion.
 */
#include "common/cli.h"
#include "common/console.h"
#include "lib/lineedit.h"

static void rl_putc(void *ctx, char c)
{
	console_putc(c);
}

int cli_readline(const char *prompt, char *buf, size_t size)
{
	const struct lineedit_config cfg = { .putc = rl_putc };
	struct lineedit le;
	int c, r = LINEEDIT_BUSY;

	lineedit_init(&le, &cfg, buf, size);
	lineedit_start(&le, prompt);
	do
		c = console_getc_timeout(1000);
	while (c < 0 || (r = lineedit_feed(&le, c)) == LINEEDIT_BUSY);
	return r == LINEEDIT_CANCEL ? -1 : (int)le.len;
}
