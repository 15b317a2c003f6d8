/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The console environment: name=value strings packed in one caller buffer,
 * kept sorted by name so printenv needs no sorting pass. Names are
 * [A-Za-z0-9_]+, as U-Boot's shell can expand them.
 */
#ifndef LIB_ENV_ENV_H
#define LIB_ENV_ENV_H

#include <stdbool.h>
#include <stddef.h>

/*
 * buf holds "name=value\0name=value\0..." in name order; used counts the
 * bytes in use. Nothing is stored elsewhere, so the whole environment can
 * be dumped or checksummed as buf[0..used).
 */
struct env {
	char *buf;
	size_t size;
	size_t used;
};

/* A defaults table ends with { NULL, NULL }. The caller owns it; the
 * values gtaboot's console expects are listed in common/. */
struct env_default {
	const char *name;
	const char *value;
};

/* Empties e over buf and loads defs (may be NULL). -ENOSPC if the
 * defaults do not fit, -EINVAL for a bad default name. */
int env_init(struct env *e, char *buf, size_t size, const struct env_default *defs);

/* The value, or NULL if unset. Valid until the next env_set/env_unset. */
const char *env_get(const struct env *e, const char *name);
/* The same for the name name[0..len), which need not be terminated. */
const char *env_getn(const struct env *e, const char *name, size_t len);

/* Sets or replaces name; value may be a pointer env_get returned. An
 * empty value is stored as such (U-Boot's "setenv x" with no value
 * deletes: the command does that with env_unset). -EINVAL for a bad name,
 * -ENOSPC when the buffer cannot hold it, in which case the old value is
 * kept. */
int env_set(struct env *e, const char *name, const char *value);

/* Removes name; -ENOENT if it was not set. */
int env_unset(struct env *e, const char *name);

/* The value of name parsed as a whole number: base 16 for addresses
 * (0x optional, lib/shell/cmdargs's parse_ulong), base 10 for counts
 * (parse_ulong_dec). -ENOENT when unset, -EINVAL / -ERANGE when bad. */
int env_get_ulong(const struct env *e, const char *name, int base, unsigned long *out);

/* The length of the [A-Za-z0-9_]* run at the start of s: a whole string
 * is a valid name when this is its (non-zero) length. */
size_t env_name_len(const char *s);

/* Sorted iteration: entry NULL gives the first "name=value" string, then
 * each call gives the next; NULL at the end. Do not modify e meanwhile. */
const char *env_next(const struct env *e, const char *entry);

/* Told about each line of an imported file that was not used: its number,
 * why, and what it names: the text before its '=' (the whole line without
 * one), cut to 31 bytes; the file's bytes, to be escaped before printing.
 * name may be NULL (lib/env/ubenv.c names none). */
typedef void (*env_import_warn_fn)(void *arg, unsigned line, const char *why,
				   const char *name);

/*
 * Imports "name=value" lines (U-Boot's uEnv.txt format) from len bytes of
 * text: blank lines and lines starting with '#' are skipped, CR LF is
 * fine, the value runs to the end of the line (blanks kept, none trimmed
 * after '='). A bad name, a line without '=', a line longer than 255 bytes
 * or a full environment is reported and skipped; the rest still counts.
 * Returns the number of variables set.
 */
int env_import(struct env *e, const char *text, size_t len, env_import_warn_fn warn, void *arg);

#endif
