/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The two copies of U-Boot's redundant environment on one medium (NAND
 * blocks, two files on a FAT): which copy a boot loads and which copy a
 * save writes with which counter, as U-Boot and libubootenv do
 * (docs/references.md, "Environment block and copies"). Hardware-free:
 * the medium reads and writes through the callbacks; common/envstore.c
 * holds the NAND and FAT media.
 *
 * Loading: both copies are read and checked (lib/env/ubenv.h); the valid one
 * with the newer counter is imported; with none, U-Boot's single-copy
 * environment when the medium has one, else the defaults stay.
 * Saving: the copy that is not current is written with the counter + 1,
 * never both, so a power cut leaves the other copy good; the first save
 * after a single copy was loaded writes copy 1 then copy 0.
 */
#ifndef LIB_ENV_ENVCOPIES_H
#define LIB_ENV_ENVCOPIES_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/env/env.h"

struct envcopies {
	/* The medium's, set before a load or save. */
	/* The copies' file names; NULL: they are "copy N at 0x<off[N]>". */
	const char *const *file;
	uint32_t off[2];
	/* U-Boot's single copy (its header has no counter), tried when no
	 * copy of the pair is valid: at single_off, single_size bytes; 0: none. */
	uint32_t single_off, single_size;
	/* A copy's size in bytes (a read may say otherwise for its copy). */
	uint32_t size;
	/* Where reads land: max(size, single_size) bytes. */
	uint8_t *buf;
	/* A read's -EBADMSG is an uncorrectable ECC error (NAND). */
	bool ecc;
	/* Reads copy i into buf, *size its length. 0, -ENOENT (the copy is
	 * absent, which is not reported) or another error. */
	int (*read)(struct envcopies *m, int i, uint32_t *size);
	/* Reads the single copy into buf: 0; 1 when the part past size was
	 * unreadable (as good as overwritten); < 0 unreadable. */
	int (*read_single)(struct envcopies *m);
	/* Writes e into copy i with counter flags, saying so; kept names what
	 * still holds the environment saved before if this fails (NULL:
	 * nothing). 0 or an error (said). */
	int (*write)(struct envcopies *m, const struct env *e, int i, uint8_t flags,
		     const char *kept);
	/* NULL, or after a first save (no copy was valid) into copy !i: makes
	 * copy i too, with counter flags (never preferred), if it is absent. */
	void (*twin)(struct envcopies *m, const struct env *e, int i, uint8_t flags);

	/* The algorithm's: the copy loaded or saved last (-1: none, start
	 * with -1) and its counter; the single copy was loaded. */
	int current;
	uint8_t flags;
	bool from_single;
};

/*
 * Imports the copy U-Boot would choose into e, over what e holds (the
 * defaults), after the medium printed U-Boot's "Loading Environment from
 * X... ": prints "OK", or "*** Warning - bad CRC, using default
 * environment", and which copy was refused and why.
 */
void envcopies_load(struct envcopies *m, struct env *e);

/*
 * Writes e into the copy that is not current with the current counter + 1
 * (copy 0 with counter 1 when none is valid) through m->write. 0 or the
 * write's error; the current copy is unchanged on an error.
 */
int envcopies_save(struct envcopies *m, const struct env *e);

#endif
