/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Command arguments as U-Boot reads them: whole-string hex and decimal
 * numbers and the .b/.w/.l access size of md & co. (Command lines are
 * split and expanded by lib/shell/hush.)
 */
#ifndef LIB_SHELL_CMDARGS_H
#define LIB_SHELL_CMDARGS_H

#include <stddef.h>

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

#endif
