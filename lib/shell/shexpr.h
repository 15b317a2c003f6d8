/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The expressions of U-Boot's test, itest and setexpr commands, without
 * the hardware: memory (*addr) and files (-e) are reached through
 * callbacks, so that the logic is host-tested and fuzzed.
 */
#ifndef LIB_SHELL_SHEXPR_H
#define LIB_SHELL_SHEXPR_H

#include <stdbool.h>
#include <stdint.h>

struct shexpr_ops {
	void *ctx;
	/* *addr of width 1, 2 or 4 bytes; 0, or a negative errno after
	 * printing nothing (the caller names the address). NULL: no *addr. */
	int (*read)(void *ctx, uint32_t addr, unsigned width, uint32_t *val);
	/* test -e <interface> <dev[:part]> <path>: true when the file is
	 * there. NULL: never. */
	bool (*file_exists)(void *ctx, const char *ifname, const char *devpart,
			    const char *path);
};

/* U-Boot's simple_strtoul/strtol: the digits at the start of s, no error
 * for junk after them (0 when there are none); base 16 takes an optional
 * 0x, base 0 reads 0x as hex, a leading 0 as octal, else decimal. */
uint32_t shexpr_strtoul(const char *s, unsigned base);
int32_t shexpr_strtol(const char *s, unsigned base);

/* test: 0 when true, 1 when false, as U-Boot's (fewer than two arguments
 * are false; operators are evaluated left to right, -a and -o without
 * precedence). argv[0] is "test". */
int shexpr_test(int argc, char *const argv[], const struct shexpr_ops *ops);

/*
 * itest[.b|.w|.l|.s] a op b: 0 when true, 1 when false. Values are hex
 * (*addr reads memory of the suffix's width), compared as signed 32-bit
 * numbers after masking to the width; .s compares strings. Ops: -eq ==
 * -ne != <> -lt < -le <= -gt > -ge >=. -EINVAL for a wrong argument count
 * or suffix (*why says which), 1 with *why set for an unknown operator,
 * a negative errno from read.
 */
int shexpr_itest(int argc, char *const argv[], const struct shexpr_ops *ops, const char **why);

/*
 * setexpr[.b|.w|.l] name a [op b]: the value for name, hex operands
 * (*addr as for itest), 32-bit arithmetic with + - * / % & | ^. -EINVAL
 * with *why for a wrong argument count, an unknown operator or a
 * division by zero.
 */
int shexpr_setexpr(int argc, char *const argv[], const struct shexpr_ops *ops, uint32_t *value,
		   const char **why);

#endif
