/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * U-Boot's binary environment block, as U-Boot's saveenv and Linux's
 * fw_printenv/fw_setenv (libubootenv) read and write it (no TRM chapter:
 * U-Boot's block layout, and the choice between two copies that U-Boot
 * and libubootenv make alike; docs/references.md, "Environment block and
 * copies").
 *
 * A block of size bytes: a little-endian CRC-32 over the data area, in the
 * redundant variant one flags byte (a counter incremented at each save),
 * then the data area: "name=value\0" entries ended by an empty one (a
 * second NUL), the rest padding up to the block's end.
 */
#ifndef LIB_ENV_UBENV_H
#define LIB_ENV_UBENV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/env/env.h"

/* Bytes before the data area. */
#define UBENV_HDR_SINGLE 4u
#define UBENV_HDR_REDUND 5u
/* The smallest block worth the name: header and an empty environment. */
#define UBENV_MIN_SIZE   8u

/* One copy as found: whether it is valid and, in the redundant variant,
 * its counter. */
struct ubenv_copy {
	bool ok;
	uint8_t flags;
};

/*
 * Checks a block: the CRC over the data area (-EBADMSG: "bad CRC", what
 * U-Boot says), then that the entries end in a double NUL inside the
 * block and each has a '=' after a non-empty name (-EINVAL). A block
 * smaller than UBENV_MIN_SIZE is -EINVAL. Fills *c (may be NULL).
 */
int ubenv_check(const uint8_t *blk, size_t size, bool redund, struct ubenv_copy *c);

/*
 * Which of two copies holds the environment, as U-Boot and libubootenv
 * choose: only one valid, that one; both, the higher counter, where 0
 * counts as higher than 255 (the counter wrapped) and equal counters
 * choose copy 0. 0 or 1; -EBADMSG when neither is valid.
 */
int ubenv_pick(const struct ubenv_copy *c0, const struct ubenv_copy *c1);

/* The counter the next save writes after a copy with counter cur. */
static inline uint8_t ubenv_next_flags(uint8_t cur)
{
	return (uint8_t)(cur + 1u);
}

/*
 * Imports a block into e on top of what e holds (the defaults): the block
 * is checked first (ubenv_check's errors, nothing imported). An entry
 * whose name gtaboot's environment cannot hold (lib/env/env.h: [A-Za-z0-9_]+,
 * e.g. libubootenv's ".flags") or that does not fit is reported to warn
 * with its number (from 1) and skipped. Returns the number of variables
 * set.
 */
int ubenv_import(struct env *e, const uint8_t *blk, size_t size, bool redund,
		 env_import_warn_fn warn, void *arg);

/*
 * Writes e into a block of size bytes: entries in e's (sorted) order as
 * U-Boot's export writes them, the final NUL, zero padding, the flags
 * byte (redundant variant) and the CRC. -ENOSPC when e does not fit
 * (blk is then undefined), -EINVAL for a block below UBENV_MIN_SIZE.
 */
int ubenv_export(const struct env *e, uint8_t *blk, size_t size, bool redund, uint8_t flags);

#endif
