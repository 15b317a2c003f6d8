// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/printf.c's formatter against the C library's snprintf for everything
 * it claims to support, plus its own choices where C leaves room.
 * lib/printf.c is included directly: the host test link leaves it out so
 * that lib/ code under test uses the C library's printf.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "lib/printf.c"

struct buf {
	char s[256];
	size_t n;
};

static void buf_out(char c, void *arg)
{
	struct buf *b = arg;

	if (b->n + 1 < sizeof(b->s))
		b->s[b->n] = c;
	b->n++;
}

static int fmt(struct buf *b, const char *f, ...)
{
	va_list ap;
	int n;

	b->n = 0;
	va_start(ap, f);
	n = vcbprintf(buf_out, b, f, ap);
	va_end(ap);
	b->s[b->n < sizeof(b->s) ? b->n : sizeof(b->s) - 1] = '\0';
	return n;
}

/* Format with both and compare text and return value. */
#define SAME(...) do {                                                    \
	struct buf ours;                                                  \
	char ref[256];                                                    \
	int n1 = fmt(&ours, __VA_ARGS__);                                 \
	int n2 = snprintf(ref, sizeof(ref), __VA_ARGS__);                 \
	assert_string_equal(ours.s, ref);                                 \
	assert_int_equal(n1, n2);                                         \
} while (0)

static void test_integers(void **state)
{
	(void)state;
	SAME("%d %i %u", 0, -1, 42u);
	SAME("%d", INT_MAX);
	SAME("%d", INT_MIN);
	SAME("%u", UINT_MAX);
	SAME("%x %X", 0xdeadbeefu, 0xdeadbeefu);
	SAME("%ld %lu %lx", LONG_MIN, ULONG_MAX, 0x1234abcdul);
	SAME("%lld %llu", LLONG_MIN, ULLONG_MAX);
	SAME("%llx %llX", 0x0123456789abcdefull, 0xfedcba9876543210ull);
	SAME("%zu %zx %zd", (size_t)12345, (size_t)0xabc, (size_t)77);
	SAME("%hd %hu %hhd %hhu", 70000, 70000, 300, 300);
}

static void test_width_and_flags(void **state)
{
	(void)state;
	SAME("[%5d] [%-5d] [%05d]", 42, 42, 42);
	SAME("[%5d] [%-5d] [%05d]", -42, -42, -42);
	SAME("[%08x] [%8X] [%-8x]", 0xbeefu, 0xbeefu, 0xbeefu);
	SAME("[%2d] [%02x]", 12345, 0x12345u);
	SAME("[%*d] [%-*d] [%*d]", 6, 7, 6, 7, -6, 7);
	SAME("[%010llu]", 1234567890123ull);
}

static void test_strings_and_chars(void **state)
{
	(void)state;
	SAME("%s|%10s|%-10s|", "abc", "abc", "abc");
	SAME("%.2s|%.*s|%5.1s|", "abcdef", 3, "abcdef", "xyz");
	SAME("%c%c%c|%3c|%-3c|", 'a', 'b', 'c', 'd', 'e');
	SAME("100%% sure");
	SAME("no conversions at all");
	SAME("%s", "");
}

static void test_pointers(void **state)
{
	int x;

	(void)state;
	SAME("%p", (void *)&x);
	SAME("%p", (void *)0x40200000u);
	SAME("%p", (void *)NULL);
}

static void test_own_choices(void **state)
{
	struct buf b;

	(void)state;
	/* NULL string */
	assert_int_equal(fmt(&b, "[%s]", (char *)NULL), 8);
	assert_string_equal(b.s, "[(null)]");
	/* An unknown conversion is shown as written, arguments untouched. */
	fmt(&b, "%q %d", 5);
	assert_string_equal(b.s, "%q 5");
	/* A lone '%' at the end is shown and nothing past the string read. */
	fmt(&b, "50%");
	assert_string_equal(b.s, "50%");
	/* '-' wins over '0', as in C. */
	fmt(&b, "[%-05d]", 3);
	assert_string_equal(b.s, "[3    ]");
	/* The count includes everything, even past a small sink. */
	assert_int_equal(fmt(&b, "%300d", 1), 300);
	assert_int_equal(strlen(b.s), sizeof(b.s) - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_width_and_flags),
		cmocka_unit_test(test_strings_and_chars),
		cmocka_unit_test(test_pointers),
		cmocka_unit_test(test_own_choices),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
