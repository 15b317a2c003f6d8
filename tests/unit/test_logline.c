// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/logline: screen rows carry the level they were
 * printed at, never one guessed from their words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/logline.h"

struct row {
	char text[LOGLINE_MAX + 1];
	enum log_level level;
	enum logline_event ev;
};

/* Feed s at level; the rows it completes go to out; returns their count. */
static int feed(struct logline *l, const char *s, enum log_level level, struct row *out)
{
	int n = 0;

	for (; *s; s++) {
		enum logline_event ev = logline_putc(l, *s, level);

		if (ev == LOGLINE_NONE)
			continue;
		strcpy(out[n].text, l->text);
		out[n].level = l->level;
		out[n++].ev = ev;
	}
	return n;
}

static void test_level_not_words(void **state)
{
	struct logline l;
	struct row r[4];

	logline_init(&l, 60);
	assert_int_equal(feed(&l, "echo no error here\n", LOG_INFO, r), 1);
	assert_string_equal(r[0].text, "echo no error here");
	assert_int_equal(r[0].level, LOG_INFO);
	assert_int_equal(r[0].ev, LOGLINE_ROW);
	assert_int_equal(feed(&l, "fatload: /cannot-fail-not-found.txt\n", LOG_INFO, r), 1);
	assert_int_equal(r[0].level, LOG_INFO);
	assert_int_equal(feed(&l, "** Bad device mmc 5 **\n", LOG_ERR, r), 1);
	assert_string_equal(r[0].text, "** Bad device mmc 5 **");
	assert_int_equal(r[0].level, LOG_ERR);
	assert_int_equal(feed(&l, "env too big\n", LOG_WARN, r), 1);
	assert_int_equal(r[0].level, LOG_WARN);
	/* the level ends with its line */
	assert_int_equal(feed(&l, "ok\n", LOG_INFO, r), 1);
	assert_int_equal(r[0].level, LOG_INFO);
}

static void test_most_severe_wins(void **state)
{
	struct logline l;
	struct row r[4];

	logline_init(&l, 60);
	assert_int_equal(feed(&l, "loading /zImage ", LOG_INFO, r), 0);
	assert_int_equal(feed(&l, "failed", LOG_ERR, r), 0);
	assert_int_equal(feed(&l, ", then", LOG_WARN, r), 0);
	assert_int_equal(feed(&l, " more\n", LOG_INFO, r), 1);
	assert_string_equal(r[0].text, "loading /zImage failed, then more");
	assert_int_equal(r[0].level, LOG_ERR);
	/* a pr_err() that starts with "\n" does not colour the line before */
	assert_int_equal(feed(&l, "plain", LOG_INFO, r), 0);
	assert_int_equal(feed(&l, "\nerror: x\n", LOG_ERR, r), 2);
	assert_int_equal(r[0].level, LOG_INFO);
	assert_int_equal(r[1].level, LOG_ERR);
}

static void test_wrap_and_return(void **state)
{
	struct logline l;
	struct row r[4];

	logline_init(&l, 8);
	assert_int_equal(feed(&l, "0123456789", LOG_ERR, r), 1);
	assert_string_equal(r[0].text, "01234567");
	/* the rest of the wrapped line keeps its level, even printed plain */
	assert_int_equal(feed(&l, "a\n", LOG_INFO, r), 1);
	assert_string_equal(r[0].text, "89a");
	assert_int_equal(r[0].level, LOG_ERR);
	/* '\r' redraws the row and ends the line's level */
	assert_int_equal(feed(&l, "50%\r", LOG_WARN, r), 1);
	assert_int_equal(r[0].ev, LOGLINE_REDRAW);
	assert_string_equal(r[0].text, "50%");
	assert_int_equal(r[0].level, LOG_WARN);
	assert_int_equal(feed(&l, "\r", LOG_INFO, r), 0);
	assert_int_equal(feed(&l, "done\n", LOG_INFO, r), 1);
	assert_int_equal(r[0].level, LOG_INFO);
	/* control characters are not drawn and do not count */
	assert_int_equal(feed(&l, "a\tb\033\n", LOG_ERR, r), 1);
	assert_string_equal(r[0].text, "ab");
}

static void test_cols_bounded(void **state)
{
	struct logline l;
	struct row r[4];
	char s[LOGLINE_MAX + 2];

	logline_init(&l, 1000);
	assert_int_equal(l.cols, LOGLINE_MAX);
	memset(s, 'x', sizeof(s) - 1);
	s[sizeof(s) - 1] = 0;
	assert_int_equal(feed(&l, s, LOG_INFO, r), 1);
	assert_int_equal(strlen(r[0].text), LOGLINE_MAX);
	logline_init(&l, 0);
	assert_int_equal(feed(&l, "abc\n", LOG_INFO, r), 1);
	assert_string_equal(r[0].text, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_level_not_words),
		cmocka_unit_test(test_most_severe_wins),
		cmocka_unit_test(test_wrap_and_return),
		cmocka_unit_test(test_cols_bounded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
