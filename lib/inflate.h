/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Raw DEFLATE (RFC 1951) decoding into a bounded buffer. */
#ifndef LIB_INFLATE_H
#define LIB_INFLATE_H

#include <stddef.h>

/* Decodes src (raw deflate, no zlib or gzip wrapper) into dst. Returns 0
 * with *out_len (may be NULL) set, -EBADMSG for corrupt or truncated input,
 * -ENOSPC when the output would not fit. Not reentrant. */
int inflate_raw(void *dst, size_t dst_size, const void *src, size_t src_size, size_t *out_len);

#endif
