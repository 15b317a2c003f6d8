// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The console's line editor, one byte at a time (no TRM chapter: keys and
 * cursor control follow VT100/ECMA-48 CSI sequences: CUB, CUF, EL).
 */
#include "lib/shell/lineedit.h"
#include "lib/string.h"

enum { ESC_NONE, ESC_SEEN, ESC_CSI, ESC_CSI_REST, ESC_SS3 };

#define CTRL(c) ((c) & 0x1f)

static void out(struct lineedit *le, char c)
{
	le->cfg.putc(le->cfg.ctx, c);
}

static void outn(struct lineedit *le, const char *s, size_t n)
{
	while (n--)
		out(le, *s++);
}

static void outs(struct lineedit *le, const char *s)
{
	outn(le, s, strlen(s));
}

/* ESC [ n <cmd>: n is at most the line size, five digits at most. */
static void csi(struct lineedit *le, size_t n, char cmd)
{
	char num[8];
	int i = sizeof(num);

	do {
		num[--i] = (char)('0' + n % 10);
		n /= 10;
	} while (n && i > 0);
	out(le, 0x1b);
	out(le, '[');
	outn(le, num + i, sizeof(num) - (size_t)i);
	out(le, cmd);
}

static void left(struct lineedit *le, size_t n)
{
	if (n == 1)
		out(le, '\b');
	else if (n)
		csi(le, n, 'D');
}

/* Redraws from the cursor to the end of the line, clears what is beyond,
 * and puts the cursor back. */
static void redraw_tail(struct lineedit *le)
{
	outn(le, le->buf + le->cur, le->len - le->cur);
	outs(le, "\x1b[K");
	left(le, le->len - le->cur);
}

static void bell(struct lineedit *le)
{
	out(le, 0x07);
}

static void insert(struct lineedit *le, const char *s, size_t n)
{
	if (n > le->size - 1 - le->len) {
		bell(le);
		return;
	}
	memmove(le->buf + le->cur + n, le->buf + le->cur, le->len - le->cur + 1);
	memcpy(le->buf + le->cur, s, n);
	le->len += n;
	outn(le, le->buf + le->cur, le->len - le->cur);
	le->cur += n;
	left(le, le->len - le->cur);
}

static void delete(struct lineedit *le)
{
	if (le->cur == le->len)
		return;
	memmove(le->buf + le->cur, le->buf + le->cur + 1, le->len - le->cur);
	le->len--;
	redraw_tail(le);
}

static void home(struct lineedit *le)
{
	left(le, le->cur);
	le->cur = 0;
}

static void end(struct lineedit *le)
{
	outn(le, le->buf + le->cur, le->len - le->cur);
	le->cur = le->len;
}

static void replace(struct lineedit *le, const char *s)
{
	size_t n = strnlen(s, le->size - 1);

	home(le);
	memcpy(le->buf, s, n);
	le->buf[n] = 0;
	le->len = n;
	end(le);
	outs(le, "\x1b[K");
}

static char *hist_entry(struct lineedit *le, unsigned age)
{
	unsigned n = le->cfg.hist_slots;

	return le->cfg.hist + (size_t)((le->hist_head + n - 1 - age) % n) * le->cfg.hist_slot_size;
}

static void hist_add(struct lineedit *le)
{
	if (!le->cfg.hist || !le->len || le->len >= le->cfg.hist_slot_size)
		return;
	if (le->hist_count && !strcmp(hist_entry(le, 0), le->buf))
		return;
	memcpy(le->cfg.hist + (size_t)le->hist_head * le->cfg.hist_slot_size, le->buf,
	       le->len + 1);
	le->hist_head = (le->hist_head + 1) % le->cfg.hist_slots;
	if (le->hist_count < le->cfg.hist_slots)
		le->hist_count++;
}

/* Older (+1) or newer (-1). Past the newest entry is an empty line: the
 * line being typed is not kept, as in U-Boot. */
static void hist_move(struct lineedit *le, int dir)
{
	int pos = le->hist_pos + dir;

	if (pos < -1 || pos >= (int)le->hist_count) {
		bell(le);
		return;
	}
	le->hist_pos = pos;
	replace(le, pos < 0 ? "" : hist_entry(le, (unsigned)pos));
}

/* Completes the first word: a unique match and a blank, else the longest
 * common prefix, else the list of matches and the line again. */
static void complete(struct lineedit *le)
{
	const char *name, *first = NULL;
	size_t common = 0, i;
	unsigned idx, matches = 0;

	if (!le->cfg.complete || memchr(le->buf, ' ', le->cur)) {
		bell(le);
		return;
	}
	for (idx = 0; (name = le->cfg.complete(le->cfg.ctx, idx)); idx++) {
		if (strncmp(name, le->buf, le->cur))
			continue;
		if (!matches++) {
			first = name;
			common = strlen(name);
		}
		for (i = le->cur; i < common && name[i] == first[i]; i++)
			;
		common = i;
	}
	if (!matches || common - le->cur > le->size - 1 - le->len) {
		bell(le);
	} else if (matches == 1) {
		insert(le, first + le->cur, common - le->cur);
		if (le->buf[le->cur] != ' ')
			insert(le, " ", 1);
	} else if (common > le->cur) {
		insert(le, first + le->cur, common - le->cur);
	} else {
		out(le, '\n');
		for (idx = 0; (name = le->cfg.complete(le->cfg.ctx, idx)); idx++) {
			if (strncmp(name, le->buf, le->cur))
				continue;
			outs(le, name);
			outs(le, "  ");
		}
		out(le, '\n');
		if (le->prompt)
			outs(le, le->prompt);
		outn(le, le->buf, le->len);
		left(le, le->len - le->cur);
	}
}

void lineedit_init(struct lineedit *le, const struct lineedit_config *cfg, char *buf,
		   size_t size)
{
	memset(le, 0, sizeof(*le));
	le->cfg = *cfg;
	if (!le->cfg.hist_slots || !le->cfg.hist_slot_size)
		le->cfg.hist = NULL;
	le->buf = buf;
	le->size = size;
	buf[0] = 0;
	le->hist_pos = -1;
}

void lineedit_start(struct lineedit *le, const char *prompt)
{
	le->prompt = prompt;
	le->len = le->cur = 0;
	le->buf[0] = 0;
	le->esc = ESC_NONE;
	le->hist_pos = -1;
	if (prompt)
		outs(le, prompt);
}

void lineedit_preset(struct lineedit *le, const char *text)
{
	size_t n = strlen(text);

	if (n > le->size - 1)
		n = le->size - 1;
	memcpy(le->buf, text, n);
	le->buf[n] = 0;
	le->len = le->cur = n;
	outs(le, le->buf);
}

/* The final byte of ESC [ ... or ESC O. */
static void esc_final(struct lineedit *le, int c)
{
	if (c == '~') {
		switch (le->param) {
		case 1: case 7:
			c = 'H';
			break;
		case 4: case 8:
			c = 'F';
			break;
		case 3:
			delete(le);
			return;
		default:
			return;
		}
	}
	switch (c) {
	case 'A':
		hist_move(le, 1);
		break;
	case 'B':
		hist_move(le, -1);
		break;
	case 'C':
		if (le->cur < le->len)
			out(le, le->buf[le->cur++]);
		break;
	case 'D':
		if (le->cur) {
			le->cur--;
			left(le, 1);
		}
		break;
	case 'H':
		home(le);
		break;
	case 'F':
		end(le);
		break;
	}
}

/* Takes c as part of an escape sequence; false if c ends or breaks it
 * and must be handled as a key. */
static bool esc_byte(struct lineedit *le, int c)
{
	switch (le->esc) {
	case ESC_SEEN:
		le->esc = c == '[' ? ESC_CSI : c == 'O' ? ESC_SS3 : c == 0x1b ? ESC_SEEN : ESC_NONE;
		le->param = 0;
		return le->esc != ESC_NONE;
	case ESC_SS3:
		le->esc = ESC_NONE;
		esc_final(le, c);
		return true;
	default:
		break;
	}
	if (c < 0x20 || c > 0x7e) {
		le->esc = ESC_NONE;
		return false;
	}
	if (c >= '0' && c <= '9' && le->esc == ESC_CSI) {
		if (le->param < 1000)
			le->param = (unsigned short)(le->param * 10 + (c - '0'));
	} else if (c < 0x40) {
		/* Only the first parameter matters (modifiers are ignored). */
		le->esc = ESC_CSI_REST;
	} else {
		le->esc = ESC_NONE;
		esc_final(le, c);
	}
	return true;
}

enum lineedit_result lineedit_feed(struct lineedit *le, int c)
{
	bool after_cr = le->after_cr;

	c &= 0xff;
	le->after_cr = false;
	if (le->esc != ESC_NONE && esc_byte(le, c))
		return LINEEDIT_BUSY;
	if (c >= 0x20 && c < 0x7f) {
		char ch = (char)c;

		insert(le, &ch, 1);
		return LINEEDIT_BUSY;
	}
	switch (c) {
	case '\r':
		le->after_cr = true;
		__attribute__((fallthrough));
	case '\n':
		if (c == '\n' && after_cr)
			break;
		out(le, '\n');
		hist_add(le);
		le->hist_pos = -1;
		return LINEEDIT_LINE;
	case CTRL('C'):
		outs(le, "^C\n");
		le->len = le->cur = 0;
		le->buf[0] = 0;
		le->hist_pos = -1;
		return LINEEDIT_CANCEL;
	case 0x1b:
		le->esc = ESC_SEEN;
		break;
	case '\b':
	case 0x7f:
		if (le->cur) {
			le->cur--;
			left(le, 1);
			delete(le);
		}
		break;
	case CTRL('D'):
		delete(le);
		break;
	case CTRL('A'):
		home(le);
		break;
	case CTRL('E'):
		end(le);
		break;
	case CTRL('B'):
		esc_final(le, 'D');
		break;
	case CTRL('F'):
		esc_final(le, 'C');
		break;
	case CTRL('P'):
		hist_move(le, 1);
		break;
	case CTRL('N'):
		hist_move(le, -1);
		break;
	case CTRL('U'):
		replace(le, "");
		break;
	case CTRL('K'):
		le->len = le->cur;
		le->buf[le->len] = 0;
		outs(le, "\x1b[K");
		break;
	case '\t':
		complete(le);
		break;
	}
	return LINEEDIT_BUSY;
}
