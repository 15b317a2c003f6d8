// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/shell/lineedit: scripted key streams, checking the line,
 * the exact bytes sent to the terminal, and what a VT100 would show. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/shell/lineedit.h"

#define PROMPT "=> "

/* A one-row VT100: what the editor's output leaves on the current row. */
struct term {
	char out[8192];         /* raw output since the last clear */
	size_t outlen;
	char row[512];
	int col, bells, esc, num;
};

static struct term t;

static void term_putc(void *ctx, char c)
{
	struct term *tm = ctx;

	if (tm->outlen + 1 < sizeof(tm->out)) {
		tm->out[tm->outlen++] = c;
		tm->out[tm->outlen] = 0;
	}
	if (tm->esc == 1) {
		assert_int_equal(c, '[');
		tm->esc = 2;
		tm->num = 0;
		return;
	}
	if (tm->esc == 2) {
		if (c >= '0' && c <= '9') {
			tm->num = tm->num * 10 + (c - '0');
			return;
		}
		tm->esc = 0;
		if (c == 'D')
			tm->col -= tm->num ? tm->num : 1;
		else if (c == 'C')
			tm->col += tm->num ? tm->num : 1;
		else if (c == 'K')
			memset(tm->row + tm->col, 0, sizeof(tm->row) - (size_t)tm->col);
		else
			fail_msg("unexpected CSI %c", c);
		assert_true(tm->col >= 0);
		return;
	}
	switch (c) {
	case 0x1b:
		tm->esc = 1;
		break;
	case '\b':
		assert_true(tm->col > 0);
		tm->col--;
		break;
	case '\n':
		memset(tm->row, 0, sizeof(tm->row));
		tm->col = 0;
		break;
	case 0x07:
		tm->bells++;
		break;
	default:
		assert_true(c >= 0x20 && c < 0x7f);
		assert_true(tm->col < (int)sizeof(tm->row) - 1);
		tm->row[tm->col++] = c;
	}
}

static void term_clear(void)
{
	t.outlen = 0;
	t.out[0] = 0;
	t.bells = 0;
}

static const char *const commands[] = {
	"boot", "bootd", "bootm", "bootz", "echo", "env", "help", "md", "mmc", NULL,
};

static const char *complete(void *ctx, unsigned idx)
{
	return commands[idx];
}

static struct lineedit le;
static char line[64], hist[4][16];

static void setup_le(size_t size)
{
	struct lineedit_config cfg = {
		.putc = term_putc, .complete = complete, .ctx = &t,
		.hist = &hist[0][0], .hist_slots = 4, .hist_slot_size = 16,
	};

	memset(&t, 0, sizeof(t));
	memset(hist, 0, sizeof(hist));
	assert_true(size <= sizeof(line));
	lineedit_init(&le, &cfg, line, size);
	lineedit_start(&le, PROMPT);
	term_clear();
}

/* The screen shows the prompt and the line, with the cursor at le.cur. */
static void check_screen(void)
{
	char want[600];

	snprintf(want, sizeof(want), "%s%s", PROMPT, le.buf);
	assert_string_equal(t.row, want);
	assert_int_equal(t.col, (int)(strlen(PROMPT) + le.cur));
	assert_int_equal(strlen(le.buf), le.len);
	assert_true(le.cur <= le.len);
}

/* Feeds s; returns the result of the last byte. */
static enum lineedit_result feed(const char *s)
{
	enum lineedit_result r = LINEEDIT_BUSY;

	for (; *s; s++)
		r = lineedit_feed(&le, (unsigned char)*s);
	return r;
}

static void test_typing(void **state)
{
	setup_le(sizeof(line));
	assert_int_equal(feed("help"), LINEEDIT_BUSY);
	check_screen();
	assert_string_equal(t.out, "help");
	assert_int_equal(feed("\r"), LINEEDIT_LINE);
	assert_string_equal(le.buf, "help");
	assert_string_equal(t.out, "help\n");
}

/* editenv's line: the value already there, the cursor at its end; a
 * value longer than the line is cut, never overflows. */
static void test_preset(void **state)
{
	setup_le(8);
	lineedit_preset(&le, "abc");
	check_screen();
	assert_string_equal(t.out, "abc");
	feed("\x7f" "d");
	check_screen();
	assert_int_equal(feed("\r"), LINEEDIT_LINE);
	assert_string_equal(le.buf, "abd");
	lineedit_start(&le, PROMPT);
	term_clear();
	lineedit_preset(&le, "0123456789");
	assert_string_equal(le.buf, "0123456");
	check_screen();
}

static void test_cursor_insert(void **state)
{
	setup_le(sizeof(line));
	feed("ac\x1b[Db");
	assert_string_equal(le.buf, "abc");
	assert_string_equal(t.out, "ac\bbc\b");
	check_screen();
	feed("\x02\x02X");                        /* Ctrl-B twice */
	assert_string_equal(le.buf, "Xabc");
	check_screen();
	feed("\x06\x1b[CY");                      /* Ctrl-F, ESC[C */
	assert_string_equal(le.buf, "XabYc");
	check_screen();
	feed("\x1b[C\x1b[C\x1b[CZ");              /* right stops at the end */
	assert_string_equal(le.buf, "XabYcZ");
	check_screen();
	feed("\x01<");                            /* Ctrl-A */
	assert_string_equal(le.buf, "<XabYcZ");
	check_screen();
	feed("\x05>");                            /* Ctrl-E */
	assert_string_equal(le.buf, "<XabYcZ>");
	check_screen();
	feed("\x1b[H1\x1b[F2\x1b[1~3\x1b[4~4\x1bOH5\x1bOF6\x1b[7~7\x1b[8~8");
	assert_string_equal(le.buf, "7531<XabYcZ>2468");
	check_screen();
	feed("\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D"
	     "\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D@");     /* left stops at 0 */
	assert_string_equal(le.buf, "@7531<XabYcZ>2468");
	check_screen();
	assert_int_equal(feed("\r"), LINEEDIT_LINE);
	assert_string_equal(le.buf, "@7531<XabYcZ>2468");
}

static void test_delete(void **state)
{
	setup_le(sizeof(line));
	feed("abcdef\x7f");
	assert_string_equal(le.buf, "abcde");
	check_screen();
	feed("\b");
	assert_string_equal(le.buf, "abcd");
	check_screen();
	feed("\x1b[D\x1b[D\b");                   /* "a|cd" */
	assert_string_equal(le.buf, "acd");
	assert_int_equal(le.cur, 1);
	check_screen();
	feed("\x1b[3~");                          /* delete at the cursor */
	assert_string_equal(le.buf, "ad");
	check_screen();
	term_clear();
	feed("\x04");                             /* Ctrl-D */
	assert_string_equal(le.buf, "a");
	assert_string_equal(t.out, "\x1b[K");
	check_screen();
	feed("\x04\x1b[3~");                      /* nothing right of it */
	assert_string_equal(le.buf, "a");
	feed("\x01\b\x7f");                       /* nothing left of it */
	assert_string_equal(le.buf, "a");
	check_screen();
	feed("xyz\x1b[D\x1b[D\x0b");              /* Ctrl-K */
	assert_string_equal(le.buf, "x");
	check_screen();
	feed("\x05" "abc\x1b[D\x15");             /* Ctrl-U, cursor mid-line */
	assert_string_equal(le.buf, "");
	assert_int_equal(le.cur, 0);
	check_screen();
	assert_int_equal(feed("\r"), LINEEDIT_LINE);
	assert_string_equal(le.buf, "");
}

static void test_line_ends(void **state)
{
	setup_le(sizeof(line));
	assert_int_equal(feed("a\r"), LINEEDIT_LINE);
	lineedit_start(&le, PROMPT);
	assert_int_equal(lineedit_feed(&le, '\n'), LINEEDIT_BUSY);   /* CR LF once */
	assert_int_equal(feed("b\n"), LINEEDIT_LINE);
	assert_string_equal(le.buf, "b");
	lineedit_start(&le, PROMPT);
	assert_int_equal(lineedit_feed(&le, '\n'), LINEEDIT_LINE);   /* LF LF twice */
	assert_string_equal(le.buf, "");
	lineedit_start(&le, PROMPT);
	assert_int_equal(lineedit_feed(&le, '\r'), LINEEDIT_LINE);
	lineedit_start(&le, PROMPT);
	assert_int_equal(lineedit_feed(&le, '\r'), LINEEDIT_LINE);   /* CR CR twice */
	lineedit_start(&le, PROMPT);
	assert_int_equal(feed("c\r"), LINEEDIT_LINE);
	lineedit_start(&le, PROMPT);
	assert_int_equal(feed("d\n"), LINEEDIT_LINE);                /* CR x LF */
	assert_string_equal(le.buf, "d");
}

static void test_cancel(void **state)
{
	setup_le(sizeof(line));
	feed("bootz 0x82000000");
	term_clear();
	assert_int_equal(feed("\x03"), LINEEDIT_CANCEL);
	assert_string_equal(t.out, "^C\n");
	assert_string_equal(le.buf, "");
	lineedit_start(&le, PROMPT);
	feed("\x1b[\x03");                        /* breaks an escape sequence */
	assert_string_equal(le.buf, "");
	lineedit_start(&le, PROMPT);
	feed("\x1b[1;5Cq\x1b[99~r\x1b[Zs\x1b\x1b[Dt");  /* ignored sequences */
	assert_string_equal(le.buf, "qrts");
	check_screen();
	assert_int_equal(feed("\x80\xff\x01\x1b" "a"), LINEEDIT_BUSY);
	assert_string_equal(le.buf, "aqrts");
	check_screen();
}

static void test_overflow(void **state)
{
	char guard[8];

	setup_le(8);
	memset(line + 8, 0x5a, sizeof(line) - 8);
	feed("0123456789");
	assert_string_equal(le.buf, "0123456");
	assert_int_equal(t.bells, 3);
	check_screen();
	feed("\x01X");
	assert_string_equal(le.buf, "0123456");
	assert_int_equal(t.bells, 4);
	check_screen();
	memset(guard, 0x5a, sizeof(guard));
	assert_memory_equal(line + 8, guard, sizeof(guard));
	assert_int_equal(feed("\r"), LINEEDIT_LINE);
	assert_string_equal(le.buf, "0123456");
}

static void test_history(void **state)
{
	setup_le(sizeof(line));
	feed("one\r");
	lineedit_start(&le, PROMPT);
	feed("two\r");
	lineedit_start(&le, PROMPT);
	feed("two\r");                            /* not kept twice */
	lineedit_start(&le, PROMPT);
	feed("\r");                               /* empty: not kept */
	lineedit_start(&le, PROMPT);
	feed("this one is too long for a slot\r");
	lineedit_start(&le, PROMPT);
	term_clear();
	feed("xy\x1b[A");
	assert_string_equal(le.buf, "two");
	check_screen();
	feed("\x10");                             /* Ctrl-P */
	assert_string_equal(le.buf, "one");
	check_screen();
	term_clear();
	feed("\x1b[A");                           /* oldest: bell */
	assert_string_equal(le.buf, "one");
	assert_int_equal(t.bells, 1);
	feed("\x1b[B");
	assert_string_equal(le.buf, "two");
	check_screen();
	feed("\x1b[D\x1b[D!\x0e");                /* edit, then Ctrl-N */
	assert_string_equal(le.buf, "");
	check_screen();
	feed("\x1b[A\x1b[D!\r");
	assert_string_equal(le.buf, "tw!o");
	/* The ring keeps the newest four. */
	const char *more[] = { "a", "b", "c", "d", "e" };
	for (int i = 0; i < 5; i++) {
		lineedit_start(&le, PROMPT);
		feed(more[i]);
		feed("\r");
	}
	lineedit_start(&le, PROMPT);
	feed("\x1b[A\x1b[A\x1b[A\x1b[A");
	assert_string_equal(le.buf, "b");
	term_clear();
	feed("\x1b[A");
	assert_int_equal(t.bells, 1);
	assert_string_equal(le.buf, "b");
	feed("\x1b[B\x1b[B\x1b[B");
	assert_string_equal(le.buf, "e");
	check_screen();
}

static void test_history_none(void **state)
{
	struct lineedit_config cfg = { .putc = term_putc, .ctx = &t };

	memset(&t, 0, sizeof(t));
	lineedit_init(&le, &cfg, line, sizeof(line));
	lineedit_start(&le, PROMPT);
	feed("abc\r");
	lineedit_start(&le, PROMPT);
	feed("\x1b[A\tx");
	assert_string_equal(le.buf, "x");
	assert_int_equal(t.bells, 2);
}

/* Abandons the line being typed and starts another one below it. */
static void next_line(void)
{
	assert_int_equal(lineedit_feed(&le, 0x03), LINEEDIT_CANCEL);
	lineedit_start(&le, PROMPT);
}

static void test_complete(void **state)
{
	setup_le(sizeof(line));
	feed("ec\t");
	assert_string_equal(le.buf, "echo ");
	check_screen();
	assert_int_equal(feed("hi\r"), LINEEDIT_LINE);
	assert_string_equal(le.buf, "echo hi");

	next_line();
	term_clear();
	feed("h\t");
	assert_string_equal(le.buf, "help ");
	assert_string_equal(t.out, "help ");

	/* Several: the common prefix first, then the list. */
	next_line();
	feed("bo\t");
	assert_string_equal(le.buf, "boot");
	check_screen();
	term_clear();
	feed("\t");
	assert_string_equal(le.buf, "boot");
	assert_string_equal(t.out, "\nboot  bootd  bootm  bootz  \n" PROMPT "boot");
	check_screen();
	feed("z\t");
	assert_string_equal(le.buf, "bootz ");

	/* The list keeps the rest of the line and the cursor. */
	next_line();
	feed("m 80000000\x01\x06\t");
	assert_string_equal(le.buf, "m 80000000");
	assert_int_equal(le.cur, 1);
	check_screen();
	term_clear();
	feed("d");
	assert_string_equal(le.buf, "md 80000000");
	check_screen();

	/* Before a word that is already there: no extra blank. */
	next_line();
	feed("mm 0\x01\x06\x06\t");
	assert_string_equal(le.buf, "mmc 0");
	assert_int_equal(le.cur, 3);
	check_screen();

	/* No match, or not the first word: a bell. */
	next_line();
	term_clear();
	feed("zz\t");
	assert_string_equal(le.buf, "zz");
	assert_int_equal(t.bells, 1);
	feed(" ec\t");
	assert_string_equal(le.buf, "zz ec");
	assert_int_equal(t.bells, 2);
	check_screen();

	/* A completion that does not fit: a bell, the line unchanged. */
	setup_le(4);
	feed("bo\t");
	assert_string_equal(le.buf, "bo");
	assert_int_equal(t.bells, 1);
	feed("o\t");
	assert_string_equal(le.buf, "boo");
	assert_int_equal(t.bells, 2);
	check_screen();
	feed("\x7f\x7f\x7f" "ec\t");
	assert_string_equal(le.buf, "ec");
	assert_int_equal(t.bells, 3);       /* "echo " does not fit */
	check_screen();
}

/* Random keys, biased towards editing ones: the screen always matches. */
static void test_random(void **state)
{
	static const char keys[] = "abc \x7f\b\x01\x02\x04\x05\x06\x0b\x0e\x10\x15\t\x1b[O3~ADCBHF14\r\n\x03";
	uint32_t x = 1;

	for (int round = 0; round < 20; round++) {
		setup_le(round & 1 ? 12 : sizeof(line));
		for (int i = 0; i < 20000; i++) {
			enum lineedit_result r;
			int c;

			x = x * 1103515245u + 12345u;
			c = (x >> 16) % 4 ? keys[(x >> 8) % (sizeof(keys) - 1)] : (int)(x >> 20) & 0xff;
			r = lineedit_feed(&le, c);
			if (r != LINEEDIT_BUSY) {
				assert_true(le.len < le.size);
				assert_int_equal(strlen(le.buf), le.len);
				lineedit_start(&le, PROMPT);
			}
			if (!le.esc)
				check_screen();
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_typing),
		cmocka_unit_test(test_preset),
		cmocka_unit_test(test_cursor_insert),
		cmocka_unit_test(test_delete),
		cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_cancel),
		cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_history_none),
		cmocka_unit_test(test_complete),
		cmocka_unit_test(test_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
