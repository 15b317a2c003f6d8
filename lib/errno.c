// SPDX-License-Identifier: GPL-2.0-or-later
/* Names of error codes for console messages. */
#include "lib/errno.h"

#include <stdint.h>

/* Codes and their names side by side, as one string: a switch over codes
 * up to 125 compiles to a 500-byte jump table in the ROM-loaded part. */
static const uint8_t codes[] = {
	EPERM,
	ENOENT,
	EIO,
	ENXIO,
	E2BIG,
	EAGAIN,
	ENOMEM,
	EFAULT,
	EBUSY,
	EEXIST,
	ENODEV,
	ENOTDIR,
	EISDIR,
	EINVAL,
	EFBIG,
	ENOSPC,
	EROFS,
	ERANGE,
	ENAMETOOLONG,
	ELOOP,
	EBADMSG,
	EOVERFLOW,
	EILSEQ,
	ENOTSUP,
	ETIMEDOUT,
	ECANCELED,
};
static const char names[] =
	"EPERM\0"
	"ENOENT\0"
	"EIO\0"
	"ENXIO\0"
	"E2BIG\0"
	"EAGAIN\0"
	"ENOMEM\0"
	"EFAULT\0"
	"EBUSY\0"
	"EEXIST\0"
	"ENODEV\0"
	"ENOTDIR\0"
	"EISDIR\0"
	"EINVAL\0"
	"EFBIG\0"
	"ENOSPC\0"
	"EROFS\0"
	"ERANGE\0"
	"ENAMETOOLONG\0"
	"ELOOP\0"
	"EBADMSG\0"
	"EOVERFLOW\0"
	"EILSEQ\0"
	"ENOTSUP\0"
	"ETIMEDOUT\0"
	"ECANCELED\0";

const char *errname(int err)
{
	const char *n = names;

	if (err < 0)
		err = -err;
	if (err == 0)
		return "OK";
	for (unsigned i = 0; i < sizeof(codes); i++) {
		if (codes[i] == err)
			return n;
		while (*n++)
			;
	}
	return "E?";
}
