// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test, itest and setexpr as U-Boot scripts expect them (no TRM chapter;
 * behaviour from U-Boot's: docs/references.md, "test, itest, setexpr").
 */
#include "lib/shell/shexpr.h"

#include "lib/errno.h"
#include "lib/string.h"

static unsigned digit(char c)
{
	if (c >= '0' && c <= '9')
		return (unsigned)(c - '0');
	if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
		return (unsigned)((c | 0x20) - 'a' + 10);
	return 99;
}

uint32_t shexpr_strtoul(const char *s, unsigned base)
{
	uint32_t v = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && (base == 16 || base == 0)) {
		base = 16;
		s += 2;
	} else if (!base) {
		base = s[0] == '0' ? 8 : 10;
	}
	for (; digit(*s) < base; s++)
		v = v * base + digit(*s);
	return v;
}

int32_t shexpr_strtol(const char *s, unsigned base)
{
	if (*s == '-')
		return (int32_t)(0u - shexpr_strtoul(s + 1, base));
	return (int32_t)shexpr_strtoul(s, base);
}

/* ---------------------------------------------------------------- test */

enum { T_NOT, T_OR, T_AND, T_Z, T_N, T_E, T_SEQ, T_SNE, T_SLT, T_SGT, T_EQ, T_NE, T_LT, T_LE,
       T_GT, T_GE };

/* Binary operators are looked for at the second word of an expression,
 * unary ones at the first, in this order: "-n = x" is a comparison. */
static const struct {
	const char *op;
	unsigned char code, at, words;
} test_ops[] = {
	{ "=", T_SEQ, 1, 3 }, { "!=", T_SNE, 1, 3 }, { "<", T_SLT, 1, 3 }, { ">", T_SGT, 1, 3 },
	{ "-eq", T_EQ, 1, 3 }, { "-ne", T_NE, 1, 3 }, { "-lt", T_LT, 1, 3 },
	{ "-le", T_LE, 1, 3 }, { "-gt", T_GT, 1, 3 }, { "-ge", T_GE, 1, 3 },
	{ "!", T_NOT, 0, 1 }, { "-o", T_OR, 0, 1 }, { "-a", T_AND, 0, 1 },
	{ "-z", T_Z, 0, 2 }, { "-n", T_N, 0, 2 }, { "-e", T_E, 0, 4 },
};

static bool compare(unsigned code, char *const a[], const struct shexpr_ops *ops)
{
	int32_t l = shexpr_strtol(a[0], 0), r = shexpr_strtol(a[2], 0);
	int c = strcmp(a[0], a[2]);

	switch (code) {
	case T_Z:
		return !a[1][0];
	case T_N:
		return a[1][0] != 0;
	case T_E:
		return ops && ops->file_exists && ops->file_exists(ops->ctx, a[1], a[2], a[3]);
	case T_SEQ:
		return c == 0;
	case T_SNE:
		return c != 0;
	case T_SLT:
		return c < 0;
	case T_SGT:
		return c > 0;
	case T_EQ:
		return l == r;
	case T_NE:
		return l != r;
	case T_LT:
		return l < r;
	case T_LE:
		return l <= r;
	case T_GT:
		return l > r;
	default:
		return l >= r;
	}
}

int shexpr_test(int argc, char *const argv[], const struct shexpr_ops *ops)
{
	char *const *a = argv + 1;
	int left = argc - 1;
	bool value = false, last = false, negate = false;
	int join = -1;          /* T_AND or T_OR waiting for its right side */

	if (argc < 3)
		return 1;
	while (left > 0) {
		unsigned i, n = sizeof(test_ops) / sizeof(test_ops[0]);

		for (i = 0; i < n; i++)
			if (left > test_ops[i].at && !strcmp(a[test_ops[i].at], test_ops[i].op))
				break;
		/* a word that is no operator, or too few words for one: false */
		if (i == n || left < test_ops[i].words)
			return 1;
		switch (test_ops[i].code) {
		case T_NOT:
			negate = !negate;
			break;
		case T_AND:
		case T_OR:
			last = value;
			join = test_ops[i].code;
			break;
		default:
			/* strcmp of the words at [0] and [2] needs three */
			value = test_ops[i].words >= 3 || test_ops[i].code == T_E ?
				compare(test_ops[i].code, a, ops) :
				compare(test_ops[i].code, (char *const[]){ a[0], a[1], a[1] }, ops);
			if (negate)
				value = !value;
			negate = false;
			if (join == T_AND)
				value = last && value;
			else if (join == T_OR)
				value = last || value;
			join = -1;
		}
		a += test_ops[i].words;
		left -= test_ops[i].words;
	}
	return !value;
}

/* ------------------------------------------------------ itest, setexpr */

/* The access width of "itest.b" & co.: 1, 2, 4, 0 for .s; -1 if bad. */
static int width(const char *cmd)
{
	const char *dot = strchr(cmd, '.');

	if (!dot)
		return 4;
	if (!dot[1] || dot[2])
		return -1;
	switch (dot[1]) {
	case 'b':
		return 1;
	case 'w':
		return 2;
	case 'l':
		return 4;
	case 's':
		return 0;
	default:
		return -1;
	}
}

static int operand(const char *s, int w, bool mask, const struct shexpr_ops *ops, uint32_t *v)
{
	if (*s == '*') {
		if (!ops || !ops->read)
			return -EINVAL;
		return ops->read(ops->ctx, shexpr_strtoul(s + 1, 16), (unsigned)w, v);
	}
	*v = shexpr_strtoul(s, 16);
	if (mask && w < 4)
		*v &= (1u << (8 * w)) - 1;
	return 0;
}

int shexpr_itest(int argc, char *const argv[], const struct shexpr_ops *ops, const char **why)
{
	static const struct {
		const char *op;
		int cmp;        /* what is true: <0 1, ==0 2, >0 4 */
	} itest_ops[] = {
		{ "-lt", 1 }, { "<", 1 }, { "-gt", 4 }, { ">", 4 }, { "-eq", 2 }, { "==", 2 },
		{ "-ne", 5 }, { "!=", 5 }, { "<>", 5 }, { "-ge", 6 }, { ">=", 6 }, { "-le", 3 },
		{ "<=", 3 },
	};
	int w = width(argv[0]), c, err;
	uint32_t l, r;

	*why = NULL;
	if (argc != 4) {
		*why = "wrong number of arguments";
		return -EINVAL;
	}
	if (w < 0) {
		*why = "bad size suffix (.b, .w, .l or .s)";
		return -EINVAL;
	}
	for (unsigned i = 0; i < sizeof(itest_ops) / sizeof(itest_ops[0]); i++) {
		if (strcmp(argv[2], itest_ops[i].op))
			continue;
		if (!w) {
			c = strcmp(argv[1], argv[3]);
		} else {
			err = operand(argv[1], w, true, ops, &l);
			if (!err)
				err = operand(argv[3], w, true, ops, &r);
			if (err)
				return err;
			/* U-Boot compares longs: signed on a 32-bit ARM */
			c = (int32_t)l < (int32_t)r ? -1 : (int32_t)l > (int32_t)r;
		}
		return !(itest_ops[i].cmp & (c < 0 ? 1 : c == 0 ? 2 : 4));
	}
	*why = "unknown operator";
	return 1;
}

int shexpr_setexpr(int argc, char *const argv[], const struct shexpr_ops *ops, uint32_t *value,
		   const char **why)
{
	int w = width(argv[0]), err;
	uint32_t a, b;

	*why = NULL;
	if (argc != 3 && argc != 5) {
		*why = "wrong number of arguments";
		return -EINVAL;
	}
	if (w <= 0) {
		*why = "bad size suffix (.b, .w or .l)";
		return -EINVAL;
	}
	err = operand(argv[2], w, false, ops, &a);
	if (err)
		return err;
	if (argc == 3) {
		*value = a;
		return 0;
	}
	if (strlen(argv[3]) != 1 || !strchr("+-*/%&|^", argv[3][0])) {
		*why = "unknown operator (+ - * / % & | ^)";
		return -EINVAL;
	}
	err = operand(argv[4], w, false, ops, &b);
	if (err)
		return err;
	if (!b && (argv[3][0] == '/' || argv[3][0] == '%')) {
		*why = "division by zero";
		return -EINVAL;
	}
	switch (argv[3][0]) {
	case '+': *value = a + b; break;
	case '-': *value = a - b; break;
	case '*': *value = a * b; break;
	case '/': *value = a / b; break;
	case '%': *value = a % b; break;
	case '&': *value = a & b; break;
	case '|': *value = a | b; break;
	default: *value = a ^ b; break;
	}
	return 0;
}
