/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The console's line editor: fed one received byte at a time, so a polling
 * UART loop can drive it, and drawing with plain VT100 (ECMA-48) sequences.
 */
#ifndef LIB_SHELL_LINEEDIT_H
#define LIB_SHELL_LINEEDIT_H

#include <stdbool.h>
#include <stddef.h>

struct lineedit_config {
	/* Terminal output. A newline is sent as '\n' alone: the console's
	 * putc turns it into CR LF. */
	void (*putc)(void *ctx, char c);
	/* Tab completion of the first word: the idx-th command name, NULL
	 * after the last one. NULL disables completion. */
	const char *(*complete)(void *ctx, unsigned idx);
	void *ctx;
	/* History ring: hist_slots strings of hist_slot_size bytes (e.g. 8 x
	 * 128), or NULL for none. Lines that do not fit a slot are not kept. */
	char *hist;
	unsigned hist_slots, hist_slot_size;
};

struct lineedit {
	struct lineedit_config cfg;
	char *buf;              /* always terminated: buf[len] == 0 */
	size_t size, len, cur;
	const char *prompt;
	unsigned char esc;      /* escape-sequence parser state */
	unsigned short param;   /* first CSI parameter */
	bool after_cr;          /* to take CR LF as one end of line */
	unsigned hist_head, hist_count;
	int hist_pos;           /* -1: the line being typed */
};

enum lineedit_result {
	LINEEDIT_BUSY,          /* keep feeding */
	LINEEDIT_LINE,          /* le->buf holds a finished line */
	LINEEDIT_CANCEL,        /* Ctrl-C: the line was abandoned */
};

/* buf of size bytes (>= 2) holds lines of up to size - 1 characters;
 * longer input is refused with a bell. The history starts empty. */
void lineedit_init(struct lineedit *le, const struct lineedit_config *cfg, char *buf,
		   size_t size);

/* Prints prompt and starts an empty line. */
void lineedit_start(struct lineedit *le, const char *prompt);

/* After lineedit_start: the line holds text (cut to fit), the cursor at
 * its end, as U-Boot's editenv shows a value to edit. */
void lineedit_preset(struct lineedit *le, const char *text);
/*
 * Takes one received byte. Keys: printable ASCII inserts; BS or DEL
 * deletes left, Ctrl-D or ESC[3~ at the cursor; Ctrl-B/F and ESC[D/C
 * move; Ctrl-A/E, ESC[H/F, ESC[1~/4~ (and 7~/8~, ESC O H/F) go home/end;
 * Ctrl-U kills the line, Ctrl-K to its end; Ctrl-P/N and ESC[A/B walk the
 * history; Tab completes; CR, LF or CR LF ends the line, Ctrl-C abandons
 * it. Other bytes, including non-ASCII, are ignored. After LINE or CANCEL
 * call lineedit_start before feeding more.
 */
enum lineedit_result lineedit_feed(struct lineedit *le, int c);

#endif
