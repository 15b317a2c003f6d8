// SPDX-License-Identifier: GPL-2.0-or-later
/* gzip files (RFC 1952, "GZIP file format specification") around the raw
 * deflate decoder of lib/compress/inflate.c, for the unzip command. */
#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/compress/inflate.h"

#define FHCRC    0x02
#define FEXTRA   0x04
#define FNAME    0x08
#define FCOMMENT 0x10

static int fail(const char **why, const char *msg, int err)
{
	*why = msg;
	return err;
}

int gunzip(void *dst, size_t dst_size, const void *src, size_t src_size, size_t *out_len,
	   const char **why)
{
	const uint8_t *b = src;
	size_t pos = 10, n;
	uint8_t flg;
	int err;

	*out_len = 0;
	if (src_size < 10)
		return fail(why, "out of data in header", -EBADMSG);
	if (b[0] != 0x1f || b[1] != 0x8b || b[2] != 8 || (b[3] & 0xe0))
		return fail(why, "bad gzipped data (magic, method or flags)", -EINVAL);
	flg = b[3];
	if (flg & FEXTRA) {
		if (src_size - pos < 2)
			return fail(why, "out of data in header", -EBADMSG);
		n = b[pos] | (size_t)b[pos + 1] << 8;
		pos += 2;
		if (src_size - pos < n)
			return fail(why, "out of data in header", -EBADMSG);
		pos += n;
	}
	for (uint8_t f = FNAME; f <= FCOMMENT; f <<= 1) {
		if (!(flg & f))
			continue;
		while (pos < src_size && b[pos])
			pos++;
		if (pos++ >= src_size)
			return fail(why, "out of data in header", -EBADMSG);
	}
	if (flg & FHCRC)
		pos += 2;
	if (pos > src_size)
		return fail(why, "out of data in header", -EBADMSG);
	err = inflate_raw(dst, dst_size, b + pos, src_size - pos, out_len);
	if (err == -ENOSPC)
		return fail(why, "output larger than the room given", err);
	if (err)
		return fail(why, "corrupt or truncated deflate data", err);
	pos += inflate_in_used();
	if (src_size - pos < 8)
		return fail(why, "trailer missing (truncated file)", -EBADMSG);
	if (get_le32(b + pos) != crc32_bulk(0, dst, *out_len))
		return fail(why, "CRC-32 mismatch", -EBADMSG);
	if (get_le32(b + pos + 4) != (uint32_t)*out_len)
		return fail(why, "length mismatch", -EBADMSG);
	return 0;
}
