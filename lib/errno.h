/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Error codes: small negative errno values, with the Linux numbers so that
 * host tests may include <errno.h> beside this file without conflict. Each
 * line says what gtaboot means by it; errname() gives the console its name. */
#ifndef LIB_ERRNO_H
#define LIB_ERRNO_H

#define EPERM         1      /* operation not permitted in this state */
#define ENOENT        2      /* no such file, label, node or entry */
#define EIO           5      /* the device reported an error (erase or program failed) */
#define ENXIO         6      /* no device answers at that address (I2C NACK, no card) */
#define E2BIG         7      /* argument list or value too long for its buffer */
#define EAGAIN       11      /* not ready yet: try again (e.g. no character waiting) */
#define ENOMEM       12      /* gtaboot's SDRAM scratch area is used up, or no SDRAM */
#define EFAULT       14      /* an address that cannot be accessed */
#define EBUSY        16      /* still busy (bus, controller), or a load window on gtaboot's own */
#define EEXIST       17      /* already exists (a name defined twice) */
#define ENODEV       19      /* no such device (no card, no NAND chip, unknown ID) */
#define ENOTDIR      20      /* a path component is not a directory */
#define EISDIR       21      /* a directory where a file was wanted */
#define EINVAL       22      /* invalid argument or malformed input */
#define EFBIG        27      /* a file too large for its window or buffer */
#define ENOSPC       28      /* no room left (device end, buffer, DTB headroom) */
#define EROFS        30      /* the medium or file system is read-only */
#define ERANGE       34      /* a value out of range (does not fit its cells or field) */
#define ENAMETOOLONG 36      /* a path or name longer than its buffer */
#define ELOOP        40      /* a chain that does not end (FAT clusters, nested block devices) */
#define EBADMSG      74      /* corrupt data: bad CRC, magic, header or uncorrectable ECC */
#define EOVERFLOW    75      /* a count or size that overflows its type */
#define EILSEQ       84      /* an illegal byte sequence in the input (bad escape, encoding) */
#define ENOTSUP      95      /* a valid request this build or board does not support */
#define ETIMEDOUT   110      /* a bounded wait on hardware ran out (poll32) */
#define ECANCELED   125      /* cancelled by the user (Ctrl-C, a key at the console) */

/* Short name of an error code ("ETIMEDOUT"), for console messages. */
const char *errname(int err);

#endif
