/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * U-Boot's `env import` and `env export` data formats over gtaboot's
 * environment (lib/env/env.h): text ("name=value" lines, '\' escapes), binary
 * (NUL-separated, ended by an empty entry) and the checksummed block (a
 * little-endian CRC-32 over the binary data, U-Boot's env_t without a
 * flags byte). No TRM chapter: the rules are U-Boot's himport_r and
 * hexport_r (lib/hashtable.c) as its cmd/nvedit.c uses them.
 */
#ifndef LIB_ENV_ENVIO_H
#define LIB_ENV_ENVIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/env/env.h"

/* Names an import may be limited to (U-Boot's var... list): at most. */
#define ENVIO_MAX_VARS 64

struct envio_import {
	char sep;               /* '\n' text, '\0' binary */
	bool crlf;              /* -r: "\r\n" ends a line as "\n" does */
	/* var... (nvars 0: everything): only the first entry of each listed
	 * name is imported (U-Boot drops a name from the list once seen);
	 * found gets bit i set for vars[i] seen (set or deleted). */
	char *const *vars;
	unsigned nvars;
	uint64_t found;
	/* Entries not used: why, and the name cut to 31 bytes (may be
	 * NULL). */
	env_import_warn_fn warn;
	void *arg;
	/* A value is unescaped here: longer ones are reported and skipped. */
	char *tmp;
	size_t tmp_size;
};

/*
 * Imports size bytes of data (or up to a NUL) as U-Boot's himport_r:
 * leading blanks skipped, '#' lines are comments, "name" or "name=" (empty
 * value) deletes name, a '\' keeps the next character (so an escaped
 * separator continues the value), the last of several entries for a name
 * wins. Names gtaboot cannot hold ([A-Za-z0-9_]+) and a full environment
 * are reported to warn and skipped. Returns the number of variables set,
 * or -EINVAL for an entry with an empty name ("=x"), where U-Boot's
 * import fails too (what came before it stays imported).
 */
int envio_import(struct env *e, const char *data, size_t size, struct envio_import *o);

/*
 * U-Boot's hexport_r: the bytes the export of the variables named in
 * vars (nvars 0: all) takes with separator sep, the final NUL included:
 * "name=value<sep>" each, in name order, with '\' (and in text sep) in
 * a value escaped by a '\', as import reads them (U-Boot escapes '\' in
 * binary exports too). A listed name that is not set is left out.
 */
size_t envio_export_len(const struct env *e, char sep, char *const vars[], unsigned nvars);
/* Writes that many bytes to out. */
void envio_export(const struct env *e, char sep, char *const vars[], unsigned nvars, char *out);

/* The sizes of the checksummed block's header (the CRC). */
#define ENVIO_CRC_HDR 4u

/* Fills a checksummed block of size bytes (> ENVIO_CRC_HDR, its data area
 * already written): the CRC over blk[4..size). */
void envio_seal(uint8_t *blk, size_t size);
/* 0 when the block's CRC matches, -EBADMSG when not, -EINVAL when size
 * leaves no data area. */
int envio_check(const uint8_t *blk, size_t size);

#endif
