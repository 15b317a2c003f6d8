/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Error codes: small negative errno values, with the Linux numbers so that
 * host tests may include <errno.h> beside this file without conflict. */
#ifndef LIB_ERRNO_H
#define LIB_ERRNO_H

#define EPERM         1
#define ENOENT        2
#define EIO           5
#define ENXIO         6
#define E2BIG         7
#define EAGAIN       11
#define ENOMEM       12
#define EFAULT       14
#define EBUSY        16
#define EEXIST       17
#define ENODEV       19
#define ENOTDIR      20
#define EISDIR       21
#define EINVAL       22
#define EFBIG        27
#define ENOSPC       28
#define EROFS        30
#define ERANGE       34
#define ENAMETOOLONG 36
#define ELOOP        40
#define EBADMSG      74
#define EOVERFLOW    75
#define EILSEQ       84
#define ENOTSUP      95
#define ETIMEDOUT   110
#define ECANCELED   125

/* Short name of an error code ("ETIMEDOUT"), for console messages. */
const char *errname(int err);

#endif
