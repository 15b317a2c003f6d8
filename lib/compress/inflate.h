/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Raw DEFLATE (RFC 1951) decoding into a bounded buffer. */
#ifndef LIB_COMPRESS_INFLATE_H
#define LIB_COMPRESS_INFLATE_H

#include <stddef.h>

/* Decodes src (raw deflate, no zlib or gzip wrapper) into dst. Returns 0
 * with *out_len (may be NULL) set, -EBADMSG for corrupt or truncated input,
 * -ENOSPC when the output would not fit. Not reentrant. */
int inflate_raw(void *dst, size_t dst_size, const void *src, size_t src_size, size_t *out_len);
/* After a successful inflate_raw: the bytes of src the stream took (a
 * gzip trailer follows them). */
size_t inflate_in_used(void);

/* A gzip file (RFC 1952) at src (at most src_size bytes; what follows it
 * is ignored) into dst: the header (FEXTRA, FNAME, FCOMMENT, FHCRC
 * skipped), the deflate stream, then the trailer's CRC-32 and length
 * checked. 0 with *out_len; -EINVAL not gzip (magic, method, reserved
 * flags), -EBADMSG truncated or corrupt or a trailer mismatch, -ENOSPC
 * output larger than dst_size; *why says which. */
int gunzip(void *dst, size_t dst_size, const void *src, size_t src_size, size_t *out_len,
	   const char **why);

#endif
