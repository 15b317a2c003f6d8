// SPDX-License-Identifier: GPL-2.0-or-later
/* The console's characters cut into screen rows with their log level. */
#include "lib/logline.h"

#include <stdbool.h>

void logline_init(struct logline *l, unsigned cols)
{
	l->cols = cols < LOGLINE_MAX ? cols : LOGLINE_MAX;
	l->len = 0;
	l->text[0] = 0;
	l->level = l->line = LOG_INFO;
}

static enum logline_event row(struct logline *l, enum logline_event ev, bool line_ends)
{
	l->text[l->len] = 0;
	l->len = 0;
	l->level = l->line;
	/* A row wrapped off a long line keeps the line's level: the rest of
	 * an error is an error too. */
	if (line_ends)
		l->line = LOG_INFO;
	return ev;
}

enum logline_event logline_putc(struct logline *l, char c, enum log_level level)
{
	if (c == '\n')
		return row(l, LOGLINE_ROW, true);
	if (c == '\r')
		return l->len ? row(l, LOGLINE_REDRAW, true) : row(l, LOGLINE_NONE, true);
	if ((unsigned char)c < 0x20 || !l->cols)
		return LOGLINE_NONE;
	/* Only what is drawn counts: a pr_err("\n...") does not colour
	 * the line before it. Lower numbers are more severe. */
	if (level < l->line)
		l->line = level;
	l->text[l->len++] = c;
	return l->len == l->cols ? row(l, LOGLINE_ROW, false) : LOGLINE_NONE;
}
