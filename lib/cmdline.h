/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Console command lines with U-Boot's hush syntax for the simple cases:
 * commands separated by ';', words split on blanks, '...' and "..."
 * quoting, backslash escapes, $name and ${name} from the environment, and
 * '#' comments. No pipes, redirections, &&, || or if.
 */
#ifndef LIB_CMDLINE_H
#define LIB_CMDLINE_H

#include <stddef.h>

#include "lib/env.h"

#define CMDLINE_MAXARGS 16

/*
 * Checks the whole line before any of it runs, as a shell does: -EINVAL
 * for an unterminated quote or a malformed ${...}. Expansion cannot make
 * a line that passed this fail except by size (-E2BIG, -ENOSPC).
 */
int cmdline_check(const char *line);

/*
 * Parses the command at *pos (up to an unquoted ';' or the end), expanding
 * variables from env (NULL: all unset) at this moment, so that
 * "setenv a 1; echo $a" sees the new value. Words go to buf as strings and
 * argv[0..argc) points at them; argv must hold maxargs + 1 pointers and
 * ends with NULL. *pos moves past the command and its ';': the line is
 * done when **pos is 0.
 *
 * Quoting follows sh: nothing is special within '...'; within "..." only
 * \" \\ \$ are escapes and $ expands; outside quotes \x is x. A value
 * expanded outside quotes is split at blanks; quotes, ';' and '$' in a
 * value are plain text (no re-parsing).
 *
 * Returns argc (0 for an empty command or a comment), or -EINVAL for a
 * syntax error, -E2BIG for more than maxargs words, -ENOSPC when buf is
 * full; on an error *pos moves to the end of the line (hush abandons it).
 */
int cmdline_next(const char **pos, const struct env *env, char *buf, size_t size,
		 char **argv, int maxargs);

/*
 * Whole-string numbers for command arguments; -EINVAL for an empty string
 * or any junk (a sign, blanks, "0x" alone, trailing text), -ERANGE when it
 * does not fit an unsigned long.
 *
 * parse_ulong is hexadecimal with an optional 0x, as U-Boot reads every
 * address, length, md/mw count and value, memory offset, crc32 length and
 * fatload size/offset ("md 80000000 10" shows 0x10 words).
 *
 * parse_ulong_dec is decimal, for the places where U-Boot counts in
 * decimal: sleep seconds, bootdelay, mmc dev and part numbers given
 * alone, i2c bus numbers and speeds, loop and retry counts. A 0x prefix
 * still means hex there.
 */
int parse_ulong(const char *s, unsigned long *out);
int parse_ulong_dec(const char *s, unsigned long *out);

/*
 * Splits "md.b" into the command name ("md", *namelen = 2) and the access
 * size in bytes: .b 1, .w 2, .l 4, 4 without a suffix. -EINVAL for any
 * other suffix.
 */
int cmdline_size_suffix(const char *cmd, size_t *namelen, unsigned *bytes);

/*
 * Formats "error: <cmd>: bad <argname> '<text>'\nusage: <usage>\n" into
 * buf (always terminated, truncated to fit); returns the length written.
 */
size_t cmdline_bad_arg(char *buf, size_t size, const char *cmd, const char *argname,
		       const char *text, const char *usage);

#endif
