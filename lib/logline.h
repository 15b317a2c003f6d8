/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The console's characters cut into screen rows, each with its log level
 * (lib/log.h): the most severe level of the printable characters on it.
 * The GTA04's screen (common/display.c) colours a row by that level and
 * by nothing else, whatever words the row holds.
 */
#ifndef LIB_LOGLINE_H
#define LIB_LOGLINE_H

#include "lib/log.h"

#define LOGLINE_MAX 95           /* characters in a row at most */

enum logline_event {
	LOGLINE_NONE,            /* nothing to draw yet */
	LOGLINE_ROW,             /* text holds a row: draw it, go on to the next row */
	LOGLINE_REDRAW,          /* a '\r': draw text over the same row */
};

struct logline {
	char text[LOGLINE_MAX + 1];  /* the row to draw, NUL-terminated */
	unsigned len, cols;
	enum log_level level;    /* the row's, once logline_putc returned it */
	enum log_level line;     /* the line's so far: a long line wraps into rows */
};

/* An empty line, rows of cols characters (at most LOGLINE_MAX). */
void logline_init(struct logline *l, unsigned cols);
/* One character, printed at level. A '\n' ends the line; a '\r' redraws
 * it from its start; a full row wraps; other control characters are
 * dropped. After LOGLINE_ROW or LOGLINE_REDRAW, l->text and l->level
 * are the row's until the next call. */
enum logline_event logline_putc(struct logline *l, char c, enum log_level level);

#endif
